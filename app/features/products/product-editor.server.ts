import { data } from "@remix-run/node";
import {
  INVENTORY_PICKER_PAGE_SIZE,
  InventoryCategoryListSchema,
  InventoryListSchema,
} from "#backend/schemas/inventory";
import {
  PRODUCT_IMAGE_FIELD,
  ProductCategoryListSchema,
  ProductFormSchema,
  ProductRecordSchema,
} from "#backend/schemas/products";
import { apiReadOrFailure, apiWriteMultipart } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  rejectedSubmission,
  steeringAnswer,
} from "~/utils/forms.server";
import type { PickerState } from "./picker-state";
import { LABEL_PREFIX, applyPickerIntent, pickerIntent, readPickerState } from "./picker-state";

export const PRODUCT_CREATION_FAILED = "Product Creation Failed: Internal Server Error";
export const PRODUCT_UPDATE_FAILED = "Product Update Failed: Internal Server Error";

export async function pickerPage(
  request: Request,
  state: Pick<PickerState, "search" | "categoryId" | "page">,
) {
  const answer = await apiReadOrFailure(request, "/v1/inventory", InventoryListSchema, {
    limit: INVENTORY_PICKER_PAGE_SIZE,
    page: state.page,
    search: state.search || undefined,
    inventoryCategoryId: state.categoryId || undefined,
  });
  return answer.ok ? answer.data : null;
}

export async function productEditorData(request: Request) {
  const [categories, inventoryCategories, picker] = await Promise.all([
    apiReadOrFailure(request, "/v1/products/categories/all", ProductCategoryListSchema),
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
    pickerPage(request, { search: "", categoryId: "", page: 1 }),
  ]);
  return {
    categories: categories.ok ? categories.data : null,
    inventoryCategories: inventoryCategories.ok ? inventoryCategories.data : null,
    pickerList: picker,
  };
}

// The picker's buttons answer the form back as typed; the final one sends the product as multipart.
export async function saveProduct(
  request: Request,
  formData: FormData,
  { productId, redirectTo }: { productId?: string; redirectTo: string },
) {
  const intent = String(formData.get("intent") ?? "");
  const submission = parseForm(formData, ProductFormSchema);
  const labels = new Map<string, string>();
  for (const [name, value] of formData) {
    if (name.startsWith(LABEL_PREFIX) && typeof value === "string")
      labels.set(name.slice(LABEL_PREFIX.length), value);
  }
  const steering = pickerIntent(intent);
  const state = applyPickerIntent(readPickerState(formData), steering, (id) => labels.get(id) ?? id);
  const withPicker = async <Data extends object>(reply: { data: Data; init: ResponseInit | null }) => {
    const pickerList = await pickerPage(request, state);
    return data({ ...reply.data, picker: { ...state, list: pickerList } }, reply.init ?? undefined);
  };
  if (steering) return withPicker(steeringAnswer(submission, intent));
  if (submission.status !== "success") return withPicker(invalidSubmission(submission, { intent: "save" }));

  const { value } = submission;
  const body = new FormData();
  body.set("categoryId", value.categoryId);
  body.set("name", value.name);
  body.set("paymentModes", value.paymentModes.join(","));
  body.set("inventories", JSON.stringify(value.inventories));
  const image = value[PRODUCT_IMAGE_FIELD];
  if (image) body.set(PRODUCT_IMAGE_FIELD, image, image.name);
  const answer = await apiWriteMultipart(
    request,
    productId
      ? { method: "PATCH", path: `/v1/products/${encodeURIComponent(productId)}`, formData: body }
      : { method: "POST", path: "/v1/products", formData: body },
    ProductRecordSchema,
  );
  if (!answer.ok) {
    return withPicker(
      rejectedSubmission(submission, answer.failure, {
        intent: "save",
        toastFor: creationFailedToast(productId ? PRODUCT_UPDATE_FAILED : PRODUCT_CREATION_FAILED),
      }),
    );
  }
  return redirectWithSuccess(
    redirectTo,
    productId ? "Product updated successfully!" : "Product created successfully!",
  );
}
