import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import {
  DEVICES_UPLOADED,
  DEVICE_FILE_COLUMNS,
  DeviceBatchFormSchema,
  DeviceBatchReportSchema,
  DeviceBatchResultSchema,
} from "#backend/schemas/devices";
import { apiWriteMultipart } from "~/api.server";
import { BatchFileForm, TemplateLink, rowReportIn } from "~/components/batch-file-form";
import type { RowReportData } from "~/components/row-report";
import { Drawer } from "~/components/drawer";
import { ActionToast } from "~/components/toaster";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { formatNumber } from "~/utils/format";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Create New Devices (Batch) — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/**
 * The file goes to the API as it came (the API reads its bytes and checks every row); a refusal comes
 * back with the row-by-row report, shown under the form.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), DeviceBatchFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const upload = new FormData();
  upload.set("file", submission.value.file, submission.value.file.name);
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: "/v1/device/batch-upload", formData: upload },
    DeviceBatchResultSchema,
  );
  if (!answer.ok) {
    const refused = rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast("Device(s) Creation Failed: Internal Server Error"),
    });
    const parsed = DeviceBatchReportSchema.safeParse(answer.failure.body);
    const report: RowReportData | null = parsed.success
      ? { errors: parsed.data.errors, errorCount: parsed.data.errorCount }
      : null;
    return data({ ...refused.data, report }, refused.init ?? undefined);
  }
  const { count } = answer.data;
  return redirectWithSuccess(listHref("/devices/all", new URL(request.url).search), {
    message: DEVICES_UPLOADED,
    description: `${formatNumber(count)} device${count === 1 ? "" : "s"} added.`,
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
