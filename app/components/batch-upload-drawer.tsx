import { Form, useLocation } from "@remix-run/react";
import type { z } from "zod";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { RowReport } from "~/components/row-report";
import type { RowReportData } from "~/components/row-report";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { FormResult } from "~/utils/use-live-form";

export function BatchUploadDrawer({
  title,
  list,
  answer,
  loadSchema,
  intro,
  template,
  children,
  label,
  accept,
  hint,
  submitLabel,
  advice,
}: {
  title: string;
  list: string;
  // Only an API refusal carries a row report; the form's own refusals (no file, too large) do not.
  answer: { result: FormResult; toast: ToastData | null; report?: RowReportData | null } | undefined;
  loadSchema: () => Promise<z.ZodType<{ file: File }, z.ZodTypeDef, { file?: unknown }>>;
  intro: React.ReactNode;
  template: string;
  children?: React.ReactNode;
  label: string;
  accept: string;
  hint: string;
  submitLabel: string;
  advice: string;
}) {
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({ loadSchema, lastResult: answer?.result });
  const report = answer?.report ?? null;
  const file = field("file");
  return (
    <Drawer title={title} size="large" closeTo={listHref(list, location.search)}>
      <ActionToast toast={answer?.toast} />
      <p className="text-sm text-slate-700">{intro}</p>
      <p className="mt-2 text-sm">
        <a href={template} download className="font-medium text-brand-700 underline">
          Download the template (CSV)
        </a>
      </p>
      {children}
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
    </Drawer>
  );
}
