import { Form } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { z } from "zod";
import { RowReport, RowReportSchema } from "~/components/row-report";
import type { RowReportData } from "~/components/row-report";
import { SubmitButton } from "~/components/submit-button";
import type { useLiveForm } from "~/utils/use-live-form";

type LiveForm = ReturnType<typeof useLiveForm>;

/**
 * The row report in a batch upload's action answer. Only a refusal by the API carries one; the form's own
 * refusals (no file, too large) do not.
 */
export function rowReportIn(actionData: unknown): RowReportData | null {
  const parsed = z.object({ report: RowReportSchema }).safeParse(actionData);
  return parsed.success ? parsed.data.report : null;
}

/** The link to a batch file's template, above its upload form. */
export function TemplateLink({ href }: { href: string }) {
  return (
    <p className="mt-2 text-sm">
      <a href={href} download className="font-medium text-brand-700 underline">
        Download the template (CSV)
      </a>
    </p>
  );
}

/**
 * A batch upload's form: one file, sent as multipart to the route's action, with the file's own messages
 * under the field and the form's under it, and below the form the rows the API refused (`report`).
 * Shared by the device and sales batch drawers.
 */
export function BatchFileForm({
  form,
  file,
  formErrors,
  label,
  accept,
  hint,
  submitLabel,
  report,
  advice,
}: {
  form: LiveForm["form"];
  file: ReturnType<LiveForm["field"]>;
  formErrors: string[];
  label: string;
  accept: string;
  hint: string;
  submitLabel: string;
  report: RowReportData | null;
  /** What to do about the refused rows. */
  advice: string;
}) {
  return (
    <>
      <Form method="post" encType="multipart/form-data" {...form} className="mt-4 flex flex-col gap-1">
        <FormInput
          label={label}
          type="file"
          accept={accept}
          hint={hint}
          id={file.id}
          name={file.name}
          errors={file.errors}
          errorId={file.errorId}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Uploading..." className="mt-2">
          {submitLabel}
        </SubmitButton>
      </Form>
      {report ? <RowReport errors={report.errors} errorCount={report.errorCount} advice={advice} /> : null}
    </>
  );
}
