import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreateDeviceSchema, DeviceRecordSchema } from "#backend/schemas/devices";
import { apiWrite } from "~/api.server";
import { deviceCreationFailed } from "~/features/devices/device-filters";
import { inventoryItem, inventoryItemOptions } from "~/features/devices/inventory-options.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

// Opened from a sale's Link Device(s) window: the unit's item is chosen, and saving goes back there.
const SALE_DEVICES_STEP = /^\/sales\/all\/new\/[\w-]{1,64}\/items\/[\w-]{1,64}\/devices$/;

function returnToOf(request: Request) {
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  return returnTo && SALE_DEVICES_STEP.test(returnTo) ? returnTo : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [items, forItem] = await Promise.all([inventoryItemOptions(request), chosenItem(request)]);
  // The item asked for is offered even when it is not among the first choices.
  const options =
    items && forItem && !items.options.some((option) => option.value === forItem.value)
      ? { ...items, options: [forItem, ...items.options] }
      : items;
  return { items: options, forItem: forItem?.value ?? null, returnTo: returnToOf(request) };
}

async function chosenItem(request: Request) {
  const id = new URL(request.url).searchParams.get("forItem")?.slice(0, 64);
  const item = id ? await inventoryItem(request, id) : null;
  return item ? { value: item.id, label: `${item.name} (${item.sku})` } : null;
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
    returnToOf(request) ?? listHref("/devices/all", new URL(request.url).search),
    "Device created successfully!",
  );
}
