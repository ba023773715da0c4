import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import {
  DEVICES_UPLOADED,
  DEVICE_FILE_COLUMNS,
  DeviceBatchFormSchema,
  DeviceBatchResultSchema,
} from "#backend/schemas/devices";
import { BatchFileForm, TemplateLink, rowReportIn } from "~/components/batch-file-form";
import { Drawer } from "~/components/drawer";
import { ActionToast } from "~/components/toaster";
import { requireUser } from "~/session.server";
import { batchUploadAction } from "~/utils/create-actions.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

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
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: DeviceBatchFormSchema,
    lastResult: actionData?.result,
  });
  const report = rowReportIn(actionData);
  const file = field("file");
  return (
    <Drawer
      title="Create New Devices (Batch)"
      size="large"
      closeTo={listHref("/devices/all", location.search)}
    >
      <ActionToast toast={actionData?.toast} />
      <p className="text-sm text-slate-700">
        One device per row, with a header row naming the columns:{" "}
        {DEVICE_FILE_COLUMNS.map((column) => column.header).join(", ")}. Serial Number and Key are required;
        Inventory holds the SKU of the item the device is a unit of. If any row has a problem, nothing is
        stored and every problem is listed here.
      </p>
      <TemplateLink href="/devices/batch-template" />
      <BatchFileForm
        form={form}
        file={file}
        formErrors={formErrors}
        label="Devices File"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hint=".csv or .xlsx, up to 5 MB and 20,000 devices"
        submitLabel="Upload Devices"
        report={report}
        advice="Correct these rows and send the whole file again"
      />
    </Drawer>
  );
}
