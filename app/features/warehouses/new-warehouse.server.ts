import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { WAREHOUSE_IMAGE_FIELD } from "#backend/constants/warehouses";
import { WarehouseFormSchema, WarehouseRecordSchema } from "#backend/schemas/warehouses";
import { apiWriteMultipart } from "~/api.server";
import { WAREHOUSE_FAILED } from "~/features/warehouses/warehouse-list.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
  typedFields,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseForm(formData, WarehouseFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const body = new FormData();
  for (const [name, value] of Object.entries(typedFields(formData, ["name", "type"]))) body.set(name, value);
  body.set("inventoryClasses", submission.value.inventoryClasses.join(","));
  const image = submission.value[WAREHOUSE_IMAGE_FIELD];
  if (image) body.set(WAREHOUSE_IMAGE_FIELD, image, image.name);
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: "/v1/warehouses", formData: body },
    WarehouseRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast(WAREHOUSE_FAILED),
    });
  }
  return redirectWithSuccess(
    listHref("/warehouses/all", new URL(request.url).search),
    "Warehouse created successfully!",
  );
}
