import {
  BatchRecordSchema,
  RestockSchema,
  TransferResultSchema,
  TransferSchema,
} from "#backend/schemas/inventory";
import { apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  rejectedSubmission,
  typedFields,
} from "~/utils/forms.server";

export type StockIntent = "restock" | "transfer";

// The API reads the typed values with the same schemas; money stays as typed (naira).
export async function saveStockChange(request: Request, formData: FormData, inventoryId: string) {
  const page = `/inventory/${encodeURIComponent(inventoryId)}`;
  if (formData.get("intent") === "transfer") {
    const submission = parseForm(formData, TransferSchema);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: "transfer" });
    const answer = await apiWrite(
      request,
      {
        method: "POST",
        path: "/v1/inventory/transfers",
        body: { ...typedFields(formData, Object.keys(TransferSchema.shape)) },
      },
      TransferResultSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        intent: "transfer",
        toastFor: creationFailedToast("Stock Transfer Failed: Internal Server Error"),
      });
    }
    return redirectWithSuccess(page, "Stock transferred successfully!");
  }
  const submission = parseForm(formData, RestockSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "restock" });
  const answer = await apiWrite(
    request,
    {
      method: "POST",
      path: `/v1/inventory/${encodeURIComponent(inventoryId)}/batches`,
      body: typedFields(formData, Object.keys(RestockSchema.shape)),
    },
    BatchRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      intent: "restock",
      toastFor: creationFailedToast("Restock Failed: Internal Server Error"),
    });
  }
  return redirectWithSuccess(page, "Inventory restocked successfully!");
}
