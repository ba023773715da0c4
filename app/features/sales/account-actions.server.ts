import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ACCOUNT_ACTIONS, isAccountAction } from "#backend/constants/account-actions";
import type { AccountActionKey } from "#backend/constants/account-actions";
import {
  ACCOUNT_ACTION_SCHEMAS,
  ActionResultSchema,
  PayoffQuoteSchema,
  RestructurePreviewSchema,
} from "#backend/schemas/account-actions";
import { InventoryListSchema } from "#backend/schemas/inventory";
import { apiRead, apiWrite, apiWriteOrRefusal } from "~/api.server";
import { requirePermission } from "~/session.server";
import type { ToastData } from "~/components/toaster";
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
    action === "repossess" || action === "swap"
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
    "installments",
    "monthlyAmount",
    "firstDueDate",
    "unpaid",
    "oldDeviceId",
    "newSerialNumber",
    "destination",
  ]) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") body[name] = value;
  }
  const path = `/v1/accounts/${encodeURIComponent(saleId)}/${chosen}` as const;
  if (chosen === "restructure") {
    // The schedule is shown before it is saved: a first press, or terms changed since the schedule shown,
    // answers the schedule the terms give; "save" with the terms shown saves it.
    const terms = restructureTerms(formData);
    const shownFor = formData.get("ui.previewed");
    if (formData.get("intent") !== "save" || shownFor !== terms) {
      const preview = await apiWrite(
        request,
        { method: "POST", path: `${path}-preview`, body },
        RestructurePreviewSchema,
      );
      if (!preview.ok) return rejectedSubmission(submission, preview.failure, { intent: chosen });
      return data({
        result: submission.reply(),
        toast: formData.get("intent") === "save" ? CHANGED_SINCE_SHOWN : null,
        intent: chosen,
        preview: { ...preview.data, terms },
      });
    }
  }
  // A 403 for a delay is about the days asked, not the page: the action shows it under Days.
  const write = chosen === "delay" ? apiWriteOrRefusal : apiWrite;
  const answer = await write(request, { method: "POST", path, body }, ActionResultSchema);
  if (!answer.ok) {
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

/** The terms a restructure's schedule was worked out for, as typed: saving other terms shows theirs first. */
const restructureTerms = (formData: FormData) =>
  ["installments", "monthlyAmount", "firstDueDate"]
    .map((name) => String(formData.get(name) ?? "").trim())
    .join("|");

const CHANGED_SINCE_SHOWN: ToastData = {
  type: "info",
  message:
    "The terms changed since the schedule was shown: here is the schedule they give. Save it if it is right.",
};
