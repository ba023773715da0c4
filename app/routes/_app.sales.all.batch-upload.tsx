import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BatchUploadDrawer } from "~/components/batch-upload-drawer";
import { SaleFileColumns } from "~/features/sales/sale-uploads";
import type { action } from "~/features/sales/sale-batch.server";

export { action, loader } from "~/features/sales/sale-batch.server";

const loadSalesBatchFormSchema = () =>
  import("#backend/schemas/sale-uploads").then((module) => module.SalesBatchFormSchema);

export const meta: MetaFunction = () => [{ title: "Batch Upload Sales — SolarDesk" }];

export default function SalesBatchUploadRoute() {
  const answer = useActionData<typeof action>();
  return (
    <BatchUploadDrawer
      title="Batch Upload Sales"
      list="/sales/all"
      answer={answer}
      loadSchema={loadSalesBatchFormSchema}
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
