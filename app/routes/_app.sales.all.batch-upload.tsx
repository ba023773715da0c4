import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import {
  SALES_UPLOADED,
  SalesBatchFormSchema,
  SalesUploadReportSchema,
  SalesUploadedSchema,
} from "#backend/schemas/sale-uploads";
import { BatchUploadDrawer } from "~/components/batch-upload-drawer";
import { SaleFileColumns } from "~/features/sales/sale-uploads";
import { requireUser } from "~/session.server";
import { batchUploadAction } from "~/utils/create-actions.server";

export const meta: MetaFunction = () => [{ title: "Batch Upload Sales — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

// A file with row problems is kept and corrected on its own page; an unreadable one is answered here.
function correctionPage(refusal: unknown) {
  const report = SalesUploadReportSchema.safeParse(refusal);
  return report.success && report.data.uploadId ? `/sales/all/batch-upload/${report.data.uploadId}` : null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return batchUploadAction(request, {
    form: SalesBatchFormSchema,
    path: "/v1/csv-upload/process",
    answer: SalesUploadedSchema,
    failureToast: "Sales Upload Failed: Internal Server Error",
    correctionPage,
    done: { list: "/sales/all", message: SALES_UPLOADED, noun: "sale" },
  });
}

export default function SalesBatchUploadRoute() {
  const answer = useActionData<typeof action>();
  return (
    <BatchUploadDrawer
      title="Batch Upload Sales"
      list="/sales/all"
      answer={answer}
      schema={SalesBatchFormSchema}
      intro={
        <>
          Upload a .csv, .xlsx or .xls file with a header row naming the columns. If any row has a problem,
          nothing is stored: you can correct the rows here and upload the batch once every row passes.
        </>
      }
      template="/sales/batch-template"
      label="Sales File"
      accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
      hint=".csv, .xlsx or .xls, up to 5 MB and 20,000 sales"
      submitLabel="Upload Sales"
      advice="Correct the file and send it again"
    >
      <SaleFileColumns />
    </BatchUploadDrawer>
  );
}
