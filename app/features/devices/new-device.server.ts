import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreateDeviceSchema, DeviceRecordSchema } from "#backend/schemas/devices";
import { apiWrite } from "~/api.server";
import { deviceCreationFailed } from "~/features/devices/device-filters";
import { inventoryItemOptions } from "~/features/devices/inventory-options.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { items: await inventoryItemOptions(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), CreateDeviceSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/device", body: submission.value },
    DeviceRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      // Spec 001 §8: the server's words in the device's own sentence; no answer at all stays the catalogue's.
      toastFor: (message, failure) => (failure.status === 0 ? undefined : deviceCreationFailed(message)),
    });
  }
  return redirectWithSuccess(
    listHref("/devices/all", new URL(request.url).search),
    "Device created successfully!",
  );
}
