import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { DEVICE_FILE_COLUMNS } from "#backend/constants/devices";
import { BatchUploadDrawer } from "~/components/batch-upload-drawer";
import type { action } from "~/features/devices/device-batch.server";

export { action, loader } from "~/features/devices/device-batch.server";

const loadDeviceBatchFormSchema = () =>
  import("#backend/schemas/devices").then((module) => module.DeviceBatchFormSchema);

export const meta: MetaFunction = () => [{ title: "Create New Devices (Batch) — SolarDesk" }];

export default function DeviceBatchRoute() {
  const answer = useActionData<typeof action>();
  return (
    <BatchUploadDrawer
      title="Create New Devices (Batch)"
      list="/devices/all"
      answer={answer}
      loadSchema={loadDeviceBatchFormSchema}
      intro={
        <>
          One device per row, with a header row naming the columns:{" "}
          {DEVICE_FILE_COLUMNS.map((column) => column.header).join(", ")}. Serial Number and Key are required,
          and Starting Code too unless Tokenable is &ldquo;no&rdquo; (empty means yes); Inventory holds the
          SKU of the item the device is a unit of. If any row has a problem, nothing is stored and every
          problem is listed here.
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
