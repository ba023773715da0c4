import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ACCOUNT_ACTIONS, isAccountAction } from "#backend/constants/account-actions";
import type { AccountActionKey } from "#backend/constants/account-actions";
import {
  ACCOUNT_ACTION_SCHEMAS,
  ActionResultSchema,
  PayoffQuoteSchema,
} from "#backend/schemas/account-actions";
import { InventoryListSchema } from "#backend/schemas/inventory";
import { apiRead, apiWrite } from "~/api.server";
import { requirePermission } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  errorToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";

// The sale page's contract actions (issue 27 §2): one page per action, its form a plain POST. The sale and
// its timeline are read by the sale's route, which this page renders in place of.

async function chosenAction(request: Request, value: string | undefined): Promise<AccountActionKey> {
  if (!isAccountAction(value)) throw data(null, { status: 404 });
  await requirePermission(request, ACCOUNT_ACTIONS[value].permission);
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const action = await chosenAction(request, params.action);
  // A collected unit goes back to stock under a returned-class item: the form offers them.
  const returnedItems =
    action === "repossess"
      ? (
          await apiRead(request, "/v1/inventory?class=RETURNED&limit=100", InventoryListSchema)
        ).inventories.map((item) => ({ id: item.id, name: item.name }))
      : [];
  // The payoff page shows the quote and sends it back as seen: a changed balance is refused, not paid.
  const quote =
    action === "payoff"
      ? await apiRead(
          request,
          `/v1/accounts/${encodeURIComponent(params.saleId ?? "")}/payoff-quote`,
          PayoffQuoteSchema,
        )
      : null;
  return { action, returnedItems, quote };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const chosen = await chosenAction(request, params.action);
  const saleId = params.saleId ?? "";
  const formData = await readFormData(request);
  const submission = parseForm(formData, ACCOUNT_ACTION_SCHEMAS[chosen]);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: chosen });
  // The API reads the fields as typed, so the form's own words go to it.
  const body: Record<string, string> = {};
  for (const name of [
    "days",
    "reason",
    "deviceId",
    "unlock",
    "outcome",
    "note",
    "promiseAmount",
    "promiseDate",
    "returnedItemId",
    "unitCost",
    "resalePrice",
    "amount",
    "reference",
    "refund",
  ]) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") body[name] = value;
  }
  const answer = await apiWrite(
    request,
    { method: "POST", path: `/v1/accounts/${encodeURIComponent(saleId)}/${chosen}`, body },
    ActionResultSchema,
  );
  if (!answer.ok) {
    // A delay beyond what the caller may give: the reason belongs under the days, not an access-denied page.
    if (answer.failure.status === 403 && chosen === "delay") {
      const message = [answer.failure.message].flat()[0] ?? "";
      return invalidSubmission(submission, {
        fieldErrors: { days: [message] },
        toast: errorToast(message),
        status: 403,
        intent: chosen,
      });
    }
    return rejectedSubmission(submission, answer.failure, { intent: chosen });
  }
  return redirectWithSuccess(`/sales/${encodeURIComponent(saleId)}`, ACCOUNT_ACTIONS[chosen].done);
}
