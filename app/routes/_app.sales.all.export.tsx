import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { SubmitButton } from "~/components/submit-button";
import { listHref } from "~/utils/list-params";
import { exportQuery } from "~/features/sales/sale-export";
import { useLiveForm } from "~/utils/use-live-form";
import type { action } from "~/features/sales/sale-export.server";

export { action, loader } from "~/features/sales/sale-export.server";

const loadSalesExportFormSchema = () =>
  import("#backend/schemas/sale-uploads").then((module) => module.SalesExportFormSchema);

export const meta: MetaFunction = () => [{ title: "Export Data — SolarDesk" }];

const STATUSES = [
  { value: "UNPAID", label: "Unpaid" },
  { value: "IN_INSTALLMENT", label: "In installment" },
  { value: "COMPLETED", label: "Completed" },
  { value: "CANCELLED", label: "Cancelled" },
];

const fileNameOf = (disposition: string | null) =>
  /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? "sales_export.csv";

/** With JavaScript the file is fetched in the page, under spec 001's progress bar. */
function useExportInPage(closeTo: string) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  const start = async (form: HTMLFormElement) => {
    setFailure(null);
    setProgress(10);
    timer.current = setInterval(
      () => setProgress((now) => (now === null ? null : Math.min(90, now + 10))),
      200,
    );
    const values = Object.fromEntries(
      [...new FormData(form).entries()].map(([name, value]) => [
        name,
        typeof value === "string" ? value : "",
      ]),
    );
    try {
      const response = await fetch(`/sales/export?${exportQuery(values)}`, {
        headers: { Accept: "text/csv" },
      });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !/^text\/csv\b/i.test(type)) {
        throw new Error(
          response.ok
            ? "The server did not answer with a CSV file"
            : `${response.status} ${response.statusText}`,
        );
      }
      const blob = await response.blob();
      if (blob.size === 0) throw new Error("The file is empty");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(response.headers.get("content-disposition"));
      link.click();
      URL.revokeObjectURL(link.href);
      setProgress(100);
      setTimeout(() => navigate(closeTo), 500);
    } catch (error) {
      setProgress(null);
      setFailure(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (timer.current) clearInterval(timer.current);
    }
  };
  return { progress, failure, start };
}

export default function ExportSalesRoute() {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const closeTo = listHref("/sales/all", location.search);
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSalesExportFormSchema,
    lastResult: actionData?.result,
  });
  const { progress, failure, start } = useExportInPage(closeTo);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    void start(event.currentTarget);
  };
  return (
    <Drawer title="Export Data" size="medium" closeTo={closeTo}>
      <p className="text-sm text-slate-700">
        Sales as a CSV file, one row per product sold. Leave the dates empty for every sale; the end date
        counts the whole day.
      </p>
      <Form method="post" {...form} onSubmit={onSubmit} className="mt-3 flex flex-col gap-1">
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="Start Date" type="date" {...field("startDate")} />
          <FormInput label="End Date" type="date" {...field("endDate")} />
        </div>
        <FormSelect label="Status" placeholder="All statuses" options={STATUSES} {...field("status")} />
        <ErrorBox errors={formErrors} />
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        ) : null}
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
        <SubmitButton
          pendingText="Exporting..."
          className="mt-2"
          disabled={progress !== null && progress < 100}
        >
          Export
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
