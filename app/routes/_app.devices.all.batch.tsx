import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import {
  DEVICES_UPLOADED,
  DEVICE_FILE_COLUMNS,
  DeviceBatchFormSchema,
  DeviceBatchResultSchema,
} from "#backend/schemas/devices";
import { BatchUploadDrawer } from "~/components/batch-upload-drawer";
import { requireUser } from "~/session.server";
import { batchUploadAction } from "~/utils/create-actions.server";

export const meta: MetaFunction = () => [{ title: "Create New Devices (Batch) — SolarDesk" }];

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

export default function DeviceBatchRoute() {
  const answer = useActionData<typeof action>();
  return (
    <BatchUploadDrawer
      title="Create New Devices (Batch)"
      list="/devices/all"
      answer={answer}
      schema={DeviceBatchFormSchema}
      intro={
        <>
          One device per row, with a header row naming the columns:{" "}
          {DEVICE_FILE_COLUMNS.map((column) => column.header).join(", ")}. Serial Number and Key are required;
          Inventory holds the SKU of the item the device is a unit of. If any row has a problem, nothing is
          stored and every problem is listed here.
        </>
      }
      template="/devices/batch-template"
      label="Devices File"
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      hint=".csv or .xlsx, up to 5 MB and 20,000 devices"
      submitLabel="Upload Devices"
      advice="Correct these rows and send the whole file again"
    />
  );
}
