import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TEMPLATE_BODY_MAX } from "#backend/constants/messages";
import { TEMPLATE_VARIABLE_MEANINGS } from "#backend/constants/template-variables";
import { smsLengthText } from "#backend/constants/sms-parts";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { Panel } from "~/components/panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { MessageBox } from "~/features/messages/message-parts";
import { useLiveForm } from "~/utils/use-live-form";
import type { templateAction, templateLoader } from "~/features/messages/messages.server";

export { templateAction as action, templateLoader as loader } from "~/features/messages/messages.server";

const loadTemplateSchema = () => import("#backend/schemas/messages").then((module) => module.TemplateSchema);

export const meta: MetaFunction<typeof templateLoader> = ({ data }) => [
  { title: `${data?.template.label ?? "Template"} — Messages — Settings — SolarDesk` },
];

export default function TemplateRoute() {
  const { template, can } = useLoaderData<typeof templateLoader>();
  const actionData = useActionData<typeof templateAction>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadTemplateSchema,
    lastResult: actionData?.result,
  });
  const body = field("body");
  const subject = field("subject");
  const preview = actionData?.preview ?? null;
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={actionData?.toast} />
      <Link to="/settings/messages" className="text-sm text-brand-700 hover:underline">
        ← All messages
      </Link>
      <Panel id="template-title" title={template.label}>
        <p>{template.when}</p>
        {can.edit ? (
          // Keyed by the saved text: after a save or a reset the boxes show it, not what was typed before.
          <Form key={template.body} method="post" {...form} className="mt-4 flex max-w-2xl flex-col gap-2">
            <MessageBox
              label="Text"
              defaultValue={body.defaultValue ?? template.body}
              errors={body.errors}
              maxLength={TEMPLATE_BODY_MAX}
              rows={5}
              hint="Variables in braces are filled in for each customer; only those listed below can be used. A sentence whose variable has no value for a message (no token when a payment bought no day) is left out."
            />
            <FormInput
              label="E-mail subject"
              hint="Used when the customer has no mobile number and gets the message by e-mail"
              maxLength={120}
              {...subject}
              defaultValue={subject.defaultValue ?? template.subject}
            />
            <ErrorBox errors={formErrors} />
            <div className="flex flex-wrap gap-3">
              <SubmitButton intent="preview" pendingText="Previewing..." className="py-2">
                Preview
              </SubmitButton>
              <SubmitButton intent="save" pendingText="Saving..." className="py-2">
                Save Template
              </SubmitButton>
            </div>
          </Form>
        ) : (
          <DetailList
            rows={[
              ["Text", template.body],
              ["Length", smsLengthText(template.length)],
              ["E-mail subject", template.subject],
            ]}
          />
        )}
        {preview ? (
          <section
            aria-labelledby="template-preview"
            className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <h3 id="template-preview" className="font-semibold">
              Preview{preview.customerName ? ` for ${preview.customerName}` : ""}
            </h3>
            <p className="mt-2 whitespace-pre-line" data-testid="preview-text">
              {preview.text}
            </p>
            <p className="mt-2 text-xs text-slate-600">{smsLengthText(preview.length)}</p>
            {preview.customerName ? null : (
              <p className="mt-1 text-xs text-slate-600">No account yet: sample figures are shown.</p>
            )}
          </section>
        ) : null}
        {can.edit && template.edited ? (
          <Form method="post" className="mt-4">
            <SubmitButton intent="reset" tone="danger" pendingText="Resetting..." className="py-2">
              Back to the default text
            </SubmitButton>
          </Form>
        ) : null}
      </Panel>
      <Panel id="template-variables" title="Variables">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {template.variables.map((name) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-900">{`{${name}}`}</dt>
              <dd>{TEMPLATE_VARIABLE_MEANINGS[name]}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
