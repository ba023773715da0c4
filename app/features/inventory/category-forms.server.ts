import {
  CategoryFormSchema,
  InventoryCategoryListSchema,
  InventoryCategoryRecordSchema,
  RenameInventoryCategorySchema,
  SubCategoryFormSchema,
} from "#backend/schemas/inventory";
import { apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import { creationFailedToast, invalidSubmission, parseForm, rejectedSubmission } from "~/utils/forms.server";
import type { CategoryIntent } from "./category-forms";

const FIRST_SUB_CATEGORY = "subCategories[0].name";

export const CATEGORY_CREATION_FAILED = "Category Creation Failed: Internal Server Error";
export const CATEGORY_RENAME_FAILED = "Category Rename Failed: Internal Server Error";

const oneEntry = (name: string) => name.replace(/^categories\[0\]\./, "");

export async function saveInventoryCategory(request: Request, formData: FormData, redirectTo: string) {
  const intent = String(formData.get("intent") ?? "create-category") as CategoryIntent;
  if (intent === "rename") {
    const categoryId = String(formData.get("ui.categoryId") ?? "");
    const submission = parseForm(formData, RenameInventoryCategorySchema);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: intent });
    const answer = await apiWrite(
      request,
      {
        method: "PATCH",
        path: `/v1/inventory/categories/${encodeURIComponent(categoryId)}`,
        body: submission.value,
      },
      InventoryCategoryRecordSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        intent: intent,
        toastFor: creationFailedToast(CATEGORY_RENAME_FAILED),
      });
    }
    return redirectWithSuccess(redirectTo, "Category renamed successfully!");
  }
  if (intent === "create-sub-category") {
    const submission = parseForm(formData, SubCategoryFormSchema);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: intent });
    const answer = await apiWrite(
      request,
      { method: "POST", path: "/v1/inventory/category/create", body: { categories: [submission.value] } },
      InventoryCategoryListSchema,
    );
    if (!answer.ok) {
      return rejectedSubmission(submission, answer.failure, {
        intent: intent,
        toastFor: creationFailedToast(CATEGORY_CREATION_FAILED),
        fieldName: oneEntry,
      });
    }
    return redirectWithSuccess(redirectTo, "Sub-category created successfully!");
  }
  // The sub-category is optional: left blank, it is not a sub-category without a name.
  if (String(formData.get(FIRST_SUB_CATEGORY) ?? "").trim() === "") formData.delete(FIRST_SUB_CATEGORY);
  const submission = parseForm(formData, CategoryFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "create-category" });
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/inventory/category/create", body: { categories: [submission.value] } },
    InventoryCategoryListSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      intent: "create-category",
      toastFor: creationFailedToast(CATEGORY_CREATION_FAILED),
      fieldName: oneEntry,
    });
  }
  return redirectWithSuccess(redirectTo, "Category created successfully!");
}
