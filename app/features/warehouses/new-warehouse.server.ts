import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
  multipartBody,
  rejectedSubmission,
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
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: "/v1/warehouses", formData: multipartBody(submission.value) },
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
