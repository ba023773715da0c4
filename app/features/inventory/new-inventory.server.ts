import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  InventoryCategoryListSchema,
  InventoryDetailSchema,
  InventoryFormSchema,
  pricesInNaira,
} from "#backend/schemas/inventory";
import { WarehouseListSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure, apiWriteMultipart } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  multipartBody,
  parseForm,
  readFormData,
  rejectedSubmission,
  steeringAnswer,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

const INVENTORY_CREATION_FAILED = "Inventory Creation Failed: Internal Server Error";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [categories, warehouses] = await Promise.all([
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
    apiReadOrFailure(request, "/v1/warehouses", WarehouseListSchema, { status: "active", limit: 100 }),
  ]);
  return {
    categories: categories.ok ? categories.data : null,
    warehouses: warehouses.ok ? warehouses.data.warehouses : [],
    warehouseId: new URL(request.url).searchParams.get("warehouseId"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseForm(formData, InventoryFormSchema);
  // 'Choose' (without JavaScript): the form comes back with the category's sub-categories to pick from.
  if (formData.get("intent") === "choose") return steeringAnswer(submission, "choose");
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "create" });
  const answer = await apiWriteMultipart(
    request,
    {
      method: "POST",
      path: "/v1/inventory/create",
      formData: multipartBody(pricesInNaira(submission.value)),
    },
    InventoryDetailSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      intent: "create",
      toastFor: creationFailedToast(INVENTORY_CREATION_FAILED),
    });
  }
  return redirectWithSuccess(
    listHref("/inventory/all", new URL(request.url).search),
    "Inventory created successfully!",
  );
}
