import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import {
  SALES_UPLOADED,
  SalesBatchFormSchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
} from "#backend/schemas/sale-uploads";
import { apiWriteMultipart } from "~/api.server";
import { BatchFileForm, TemplateLink, rowReportIn } from "~/components/batch-file-form";
import type { RowReportData } from "~/components/row-report";
import { Drawer } from "~/components/drawer";
import { ActionToast } from "~/components/toaster";
import { SaleFileColumns } from "~/features/sales/sale-uploads";
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

export const meta: MetaFunction = () => [{ title: "Batch Upload Sales — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/**
 * The file goes to the API as it came. A file whose rows have problems is kept by the API: the browser
 * is sent to its correction page. A file that cannot be read at all is answered here.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), SalesBatchFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const upload = new FormData();
  upload.set("file", submission.value.file, submission.value.file.name);
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: "/v1/csv-upload/process", formData: upload },
    SalesUploadedSchema,
  );
  if (!answer.ok) {
    const parsed = SalesUploadReportSchema.safeParse(answer.failure.body);
    if (parsed.success && parsed.data.uploadId) {
      return redirect(`/sales/all/batch-upload/${parsed.data.uploadId}`);
    }
    const refused = rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast("Sales Upload Failed: Internal Server Error"),
    });
    const report: RowReportData | null = parsed.success
      ? { errors: parsed.data.errors, errorCount: parsed.data.errorCount }
      : null;
    return data({ ...refused.data, report }, refused.init ?? undefined);
  }
  const { count } = answer.data;
  return redirectWithSuccess(listHref("/sales/all", new URL(request.url).search), {
    message: SALES_UPLOADED,
    description: `${formatNumber(count)} sale${count === 1 ? "" : "s"} added.`,
  });
}

export default function SalesBatchUploadRoute() {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: SalesBatchFormSchema,
    lastResult: actionData?.result,
  });
  const report = rowReportIn(actionData);
  const file = field("file");
  return (
    <Drawer title="Batch Upload Sales" size="large" closeTo={listHref("/sales/all", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <p className="text-sm text-slate-700">
        Upload a .csv, .xlsx or .xls file with a header row naming the columns. If any row has a problem,
        nothing is stored: you can correct the rows here and upload the batch once every row passes.
      </p>
      <TemplateLink href="/sales/batch-template" />
      <SaleFileColumns />
      <BatchFileForm
        form={form}
        file={file}
        formErrors={formErrors}
        label="Sales File"
        accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        hint=".csv, .xlsx or .xls, up to 5 MB and 20,000 sales"
        submitLabel="Upload Sales"
        report={report}
        advice="Correct the file and send it again"
      />
    </Drawer>
  );
}
