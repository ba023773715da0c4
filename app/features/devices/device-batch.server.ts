import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DEVICES_UPLOADED } from "#backend/constants/devices";
import { DeviceBatchFormSchema, DeviceBatchResultSchema } from "#backend/schemas/devices";
import { requireUser } from "~/session.server";
import { batchUploadAction } from "~/utils/create-actions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return batchUploadAction(request, {
    form: DeviceBatchFormSchema,
    path: "/v1/device/batch-upload",
    answer: DeviceBatchResultSchema,
    failureToast: "Device(s) Creation Failed: Internal Server Error",
    done: { list: "/devices/all", message: DEVICES_UPLOADED, noun: "device" },
  });
}
