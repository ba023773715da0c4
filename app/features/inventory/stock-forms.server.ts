import {
  BatchRecordSchema,
  RestockSchema,
  TransferResultSchema,
  TransferSchema,
  pricesInNaira,
} from "#backend/schemas/inventory";
import { apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import { creationFailedToast, invalidSubmission, parseForm, rejectedSubmission } from "~/utils/forms.server";

export type StockIntent = "restock" | "transfer";

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
        body: submission.value,
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
      body: pricesInNaira(submission.value),
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
