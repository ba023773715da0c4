import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DEFAULT_REMINDER_SCHEDULE } from "#backend/constants/messages";
import { smsLengthText } from "#backend/constants/sms-parts";
import type { TemplateRecord } from "#backend/schemas/messages";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { Panel } from "~/components/panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { when } from "~/features/messages/message-parts";
import { useLiveForm } from "~/utils/use-live-form";
import { formatNumber } from "~/utils/format";
import type { messageSettingsAction, messageSettingsLoader } from "~/features/messages/messages.server";

export {
  messageSettingsAction as action,
  messageSettingsLoader as loader,
} from "~/features/messages/messages.server";

const loadScheduleSchema = () =>
  import("#backend/schemas/messages").then((module) => module.ReminderScheduleSchema);

export const meta: MetaFunction = () => [{ title: "Messages — Settings — SolarDesk" }];

const SMS_GATEWAYS = {
  sandbox:
    "Sandbox: messages are recorded here and not sent; mark them delivered or failed on the Messages page",
  africastalking: "Africa's Talking",
  termii: "Termii (DND route, for tokens and reminders)",
} as const;
const EMAIL_TRANSPORTS = {
  smtp: "SMTP server",
  "outbox-dir": "Written to a folder (no mail server configured)",
  log: "Written to the server's log (no mail server configured)",
} as const;

const days = (values: number[]) => (values.length ? values.join(", ") : "none");

const TEMPLATE_COLUMNS: Column<TemplateRecord>[] = [
  {
    header: "Message",
    primary: true,
    cell: (template) => (
      <div className="flex max-w-xs flex-col gap-1">
        <Link
          to={`/settings/messages/${template.kind}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {template.label}
        </Link>
        <span className="text-xs text-slate-600">{template.when}</span>
      </div>
    ),
  },
  {
    header: "Text",
    cell: (template) => <span className="block min-w-[14rem] max-w-md">{template.body}</span>,
  },
  { header: "Length", cell: (template) => smsLengthText(template.length) },
  { header: "Changed", cell: (template) => (template.edited ? when(template.updatedAt) : "Default text") },
];

export default function MessageSettingsRoute() {
  const { settings, can } = useLoaderData<typeof messageSettingsLoader>();
  const actionData = useActionData<typeof messageSettingsAction>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadScheduleSchema,
    lastResult: actionData?.result,
  });
  const { provider, schedule, window } = settings;
  const typed = (name: "daysBefore" | "daysAfter", saved: number[]) => {
    const props = field(name);
    return { ...props, defaultValue: props.defaultValue ?? saved.join(", ") };
  };
  const checked = (name: "remindersOn" | "onTheDay", saved: boolean) => {
    const initial = actionData?.result?.initialValue?.[name];
    return actionData?.result ? initial === "on" : saved;
  };
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={actionData?.toast} />
      <Panel id="message-gateways" title="Gateways">
        <DetailList
          rows={[
            ["SMS", SMS_GATEWAYS[provider.sms]],
            ["E-mail", EMAIL_TRANSPORTS[provider.email]],
            [
              "Last delivery report",
              provider.lastReport
                ? `${when(provider.lastReport.receivedAt)}, from ${provider.lastReport.provider}: ${provider.lastReport.status ?? "no status"} (${provider.lastReport.outcome})`
                : "None received yet",
            ],
            [
              "Waiting to go",
              <Link key="queued" to="/messages?status=QUEUED" className="text-brand-700 underline">
                {formatNumber(provider.queued)} queued
              </Link>,
            ],
            [
              "Failed today",
              <Link key="failed" to="/messages?status=FAILED" className="text-brand-700 underline">
                {formatNumber(provider.failedToday)} failed or rejected
              </Link>,
            ],
          ]}
        />
        <p className="mt-3 text-xs text-slate-600">
          The gateway is chosen by the server's configuration (see the README). Tokens and receipts go at
          once; reminders only between {window.opensHour}:00 and {window.closesHour}:00 Lagos time.
        </p>
      </Panel>
      <Panel id="reminder-schedule" title="Reminder schedule">
        <p>
          Reminders go before and after the day an account's credit runs out, once each per due day, and stop
          when the customer pays. A customer who opted out on their page gets none.
        </p>
        {can.edit ? (
          <Form method="post" {...form} className="mt-4 flex max-w-md flex-col gap-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                name="remindersOn"
                defaultChecked={checked("remindersOn", schedule.remindersOn)}
                className="h-4 w-4 rounded border-slate-300"
              />
              Send reminders
            </label>
            <FormInput
              label="Days before the due day"
              hint={`Whole days, separated by commas (the default is ${days([...DEFAULT_REMINDER_SCHEDULE.before])})`}
              inputMode="numeric"
              {...typed("daysBefore", schedule.daysBefore)}
            />
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                name="onTheDay"
                defaultChecked={checked("onTheDay", schedule.onTheDay)}
                className="h-4 w-4 rounded border-slate-300"
              />
              On the due day
            </label>
            <FormInput
              label="Days after the due day"
              hint={`While the account is unpaid (the default is ${days([...DEFAULT_REMINDER_SCHEDULE.after])})`}
              inputMode="numeric"
              {...typed("daysAfter", schedule.daysAfter)}
            />
            <ErrorBox errors={formErrors} />
            <SubmitButton pendingText="Saving..." className="self-start">
              Save Schedule
            </SubmitButton>
          </Form>
        ) : (
          <DetailList
            rows={[
              ["Reminders", schedule.remindersOn ? "On" : "Off"],
              ["Days before", days(schedule.daysBefore)],
              ["On the due day", schedule.onTheDay ? "Yes" : "No"],
              ["Days after", days(schedule.daysAfter)],
            ]}
          />
        )}
      </Panel>
      <Panel id="message-templates" title="Templates">
        <p>
          What each message says.{" "}
          {can.edit ? "Open one to change it and preview it with a real account." : null}
        </p>
        <DataTable
          caption="Message templates"
          columns={TEMPLATE_COLUMNS}
          rows={settings.templates}
          rowKey={(template) => template.kind}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
