import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import {
  ACCOUNT_ACTIONS,
  ACCOUNT_EVENT_LABELS,
  ACTION_DEFINITIONS,
  DELAY_FREE_DAYS,
  DELAY_MAX_DAYS,
  REASON_MAX,
} from "#backend/constants/account-actions";
import type { AccountActionKey } from "#backend/constants/account-actions";
import type { AccountEvent } from "#backend/schemas/account-actions";
import type { AccountFigures as Figures } from "#backend/schemas/portfolio";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormTextarea } from "~/components/form-textarea";
import { Panel } from "~/components/panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { AccountFigures } from "~/features/portfolio/account-figures";
import { formatDate, formatNaira, formatTime } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

// The contract actions of the sale page (issue 27 §2): the links to each action's page, the page itself
// (a form that says what will happen before anything changes), and the account's timeline.

const LINK = "text-brand-700 hover:underline";
const ACTIVE = ["ON_TIME", "LATE", "DEFAULTED"];

export type ActionFlags = { pay: boolean; manageSales: boolean };

/** Only a default marked by hand can be undone: the latest of the two events says whether it stands. */
export const markedDefaulted = (events: readonly AccountEvent[]) =>
  events.find((event) => event.kind === "MARKED_DEFAULTED" || event.kind === "DEFAULT_UNDONE")?.kind ===
  "MARKED_DEFAULTED";

/** The actions the account's status and the caller's permissions allow, in the order staff reach for them. */
export function availableActions(
  account: Pick<Figures, "status">,
  events: readonly AccountEvent[],
  can: ActionFlags,
): AccountActionKey[] {
  const actions: AccountActionKey[] = [];
  if (can.pay && ACTIVE.includes(account.status)) actions.push("delay");
  if (can.manageSales && (account.status === "ON_TIME" || account.status === "LATE")) actions.push("default");
  if (can.manageSales && account.status === "DEFAULTED" && markedDefaulted(events))
    actions.push("undo-default");
  if (can.manageSales && account.status === "DEFAULTED") actions.push("write-off");
  return actions;
}

export function AccountActionLinks({
  saleId,
  actions,
}: {
  saleId: string;
  actions: readonly AccountActionKey[];
}) {
  if (!actions.length) return null;
  return (
    <nav aria-label="Account actions" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {actions.map((key) => (
          <li key={key}>
            <Link
              to={`/sales/${saleId}/actions/${key}`}
              className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            >
              {ACCOUNT_ACTIONS[key].title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const FIELD_LABELS: Record<string, string> = {
  status: "Status",
  daysLate: "Days late",
  creditExpiry: "Credit expiry",
};

const shown = (field: string, value: string | number | null | undefined) => {
  if (value === null || value === undefined) return "none";
  if (field === "creditExpiry" && typeof value === "string") return formatDate(`${value}T12:00:00+01:00`);
  return String(value);
};

/** Before → after, for the fields that changed. */
function changes(event: AccountEvent) {
  const fields = Object.keys({ ...event.before, ...event.after });
  return fields
    .filter((field) => event.before?.[field] !== event.after?.[field])
    .map(
      (field) =>
        `${FIELD_LABELS[field] ?? field}: ${shown(field, event.before?.[field])} → ${shown(field, event.after?.[field])}`,
    );
}

export function AccountTimeline({ events }: { events: readonly AccountEvent[] }) {
  return (
    <Panel id="sale-timeline" title="Timeline">
      {events.length ? (
        <ol className="flex flex-col gap-3">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 p-3">
              <p className="font-medium text-slate-900">
                {ACCOUNT_EVENT_LABELS[event.kind]}: {event.summary}
              </p>
              <p className="text-xs text-slate-600">
                {formatDate(event.createdAt)} {formatTime(event.createdAt)} · {event.staff?.name ?? "System"}
              </p>
              {changes(event).length ? (
                <ul className="mt-1 list-disc pl-5 text-xs text-slate-700">
                  {changes(event).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
              {event.reason ? <p className="mt-1 text-sm text-slate-700">Reason: {event.reason}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No actions taken on this account yet.</p>
      )}
    </Panel>
  );
}

const loadSchema = (key: AccountActionKey) => () =>
  import("#backend/schemas/account-actions").then((module) =>
    key === "delay" ? module.DelaySchema : key === "write-off" ? module.WriteOffSchema : module.DefaultSchema,
  );

function consequence(key: AccountActionKey, account: Figures) {
  switch (key) {
    case "delay":
      return ACTION_DEFINITIONS.delay;
    case "default":
      return `${ACTION_DEFINITIONS.default} The account leaves "late" for "defaulted" today.`;
    case "undo-default":
      return ACTION_DEFINITIONS.default;
    case "write-off":
      return `${ACTION_DEFINITIONS.writeOff} Outstanding now: ${formatNaira(account.outstanding)}.`;
  }
}

export type ActionAnswer = { result?: FormResult | null; toast?: ToastData | null } | undefined;

/** One action's page: what it does, the account as it stands, and its form. */
export function AccountActionPage({
  saleId,
  saleNumber,
  account,
  actionKey,
  answer,
}: {
  saleId: string;
  saleNumber: string;
  account: Figures;
  actionKey: AccountActionKey;
  answer: ActionAnswer;
}) {
  const words = ACCOUNT_ACTIONS[actionKey];
  // Three schemas behind one page: the fields are checked by name at run time, by the schema loaded.
  const form = useLiveForm<z.ZodTypeAny>({
    loadSchema: loadSchema(actionKey),
    lastResult: answer?.result ?? null,
  });
  const destructive = actionKey === "write-off" || actionKey === "default";
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={answer?.toast} />
      <Link to={`/sales/${saleId}`} className={`${LINK} text-sm`}>
        ← Sale {saleNumber}
      </Link>
      <section
        aria-labelledby="action-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="action-title" className="text-lg font-semibold">
          {words.title}: sale {saleNumber}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{consequence(actionKey, account)}</p>
        <Form method="post" {...form.form} className="mt-4 flex max-w-xl flex-col gap-3">
          {actionKey === "delay" ? (
            <FormInput
              label="Days"
              type="number"
              inputMode="numeric"
              min={1}
              max={DELAY_MAX_DAYS}
              hint={`From 1 to ${DELAY_MAX_DAYS}; more than ${DELAY_FREE_DAYS} needs a manager.`}
              {...form.field("days")}
            />
          ) : null}
          <FormTextarea
            label={actionKey === "write-off" ? "Reason" : "Reason (optional)"}
            maxLength={REASON_MAX}
            rows={3}
            required={actionKey === "write-off"}
            {...form.field("reason")}
          />
          <ErrorBox errors={form.formErrors} />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton pendingText="Saving..." tone={destructive ? "danger" : "primary"}>
              {words.button}
            </SubmitButton>
            <Link to={`/sales/${saleId}`} className={`${LINK} text-sm`}>
              Cancel
            </Link>
          </div>
        </Form>
      </section>
      <Panel id="action-account" title="The account now">
        <AccountFigures account={account} />
      </Panel>
    </div>
  );
}
