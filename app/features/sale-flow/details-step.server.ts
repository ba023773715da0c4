import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PAYMENT_MODES } from "#backend/constants/products";
import { initialCostRows } from "~/features/sale-flow/cost-rows";
import { deviceOffers } from "~/features/sale-flow/device-offers.server";
import {
  changeDraft,
  costRowsOf,
  itemOf,
  loadDraft,
  productApi,
  withRows,
} from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { ProductDetailsFormSchema } from "~/features/sale-flow/schemas";
import { requireUser } from "~/session.server";
import {
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
  steeringAnswer,
} from "~/utils/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const draft = await loadDraft(request, params.draftId);
  const item = itemOf(draft, params.productId);
  const chosen = item.devices ?? [];
  const offers = await deviceOffers(request, draft, item, { chosen, search: {}, editing: [] });
  return {
    draftId: draft.id,
    productId: item.productId,
    productName: item.product.name,
    modes: PAYMENT_MODES.filter((mode) => item.product.paymentModes.includes(mode)),
    parameters: item.parameters,
    recipient: item.recipient,
    rows: initialCostRows(item.miscellaneous),
    devices: offers.map((offer) => ({
      ...offer,
      chosen: chosen.filter((device) => device.inventoryId === offer.inventoryId),
    })),
  };
}

type Part = "parameters" | "costs" | "recipient" | "devices";

// The drafts API names a part's fields on their own; on this page they sit under the part's name.
const fieldNameIn = (part: Part) => (name: string) =>
  part === "parameters" || part === "recipient" ? `${part}.${name}` : name;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const productId = params.productId ?? "";
  const formData = await readFormData(request);
  const { intent, rows } = costRowsOf(formData);
  const submission = parseForm(formData, ProductDetailsFormSchema);
  if (intent.kind !== "save") return withRows(steeringAnswer(submission, "rows"), rows);
  if (submission.status !== "success") return withRows(invalidSubmission(submission), rows);

  const { parameters, costs, recipient, deviceIds } = submission.value;
  const calls: [Part, Parameters<typeof changeDraft>[2]][] = [
    ["parameters", { method: "PUT", rest: productApi(productId, "parameters"), body: parameters }],
    [
      "costs",
      costs?.length
        ? { method: "PUT", rest: productApi(productId, "miscellaneous"), body: { costs } }
        : { method: "DELETE", rest: productApi(productId, "miscellaneous") },
    ],
    ["recipient", { method: "PUT", rest: productApi(productId, "recipient"), body: recipient }],
    [
      "devices",
      deviceIds.length
        ? { method: "PUT", rest: productApi(productId, "devices"), body: { deviceIds } }
        : { method: "DELETE", rest: productApi(productId, "devices") },
    ],
  ];
  // In order, each saved as it goes: a refusal stops there and shows under its field, the parts before it
  // kept, everything typed still on the page.
  for (const [part, call] of calls) {
    const answer = await changeDraft(request, draftId, call);
    if (!answer.ok)
      return withRows(rejectedSubmission(submission, answer.failure, { fieldName: fieldNameIn(part) }), rows);
  }
  return redirect(draftPath(draftId));
}
