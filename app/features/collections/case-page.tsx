import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  COLLECTION_DEFINITIONS,
  NOTE_MAX,
} from "#backend/constants/collections";
import { ACCOUNT_DEFINITIONS } from "#backend/constants/portfolio";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { FormTextarea } from "~/components/form-textarea";
import { TitleBanner } from "~/components/frame/title-banner";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { AccountStatusPill } from "~/features/portfolio/account-status";
import { formatDate, formatNaira, formatNumber, formatTime } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { caseAction, caseLoader } from "./collections.server";
import { day, promiseText } from "./worklist";

const loadContactSchema = () => import("#backend/schemas/collections").then((module) => module.ContactSchema);
const loadFollowUpSchema = () =>
  import("#backend/schemas/collections").then((module) => module.FollowUpSchema);

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const input =
  "min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-500";

export function CasePage() {
  const { collectionCase, collectors, can } = useLoaderData<typeof caseLoader>();
  const answer = useActionData<typeof caseAction>();
  const { account, contacts } = collectionCase;
  const contact = useLiveForm({
    loadSchema: loadContactSchema,
    lastResult: answer?.intent === "contact" ? answer.result : null,
  });
  const followUp = useLiveForm({
    loadSchema: loadFollowUpSchema,
    lastResult: answer?.intent === "follow-up" ? answer.result : null,
  });
  return (
    <div className="flex flex-col gap-6">
      <ActionToast toast={answer?.toast} />
      <TitleBanner
        title={account.customerName}
        icon="collections"
        warehouseName={`Sale ${account.saleNumber} · ${account.phone}`}
        action={
          <Link
            to="/collections"
            className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Back to the worklist
          </Link>
        }
      />
      <section aria-labelledby="account-heading" className={card}>
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Account
        </h2>
        <DetailList
          rows={[
            ["Status", <AccountStatusPill key="status" status={account.status} />],
            ["Days late", formatNumber(account.daysLate)],
            ["Arrears", formatNaira(account.arrears)],
            ["Outstanding", formatNaira(account.outstanding)],
            ["Credit expiry", day(account.creditExpiry)],
            ["Last payment", day(account.lastPaymentOn)],
            ["Agent", account.agentName ?? "No agent"],
            ["Products", account.products],
            ["Collector", account.assignedToName ?? "Nobody"],
            ["Promise", promiseText(account.promise)],
            ["Follow-up", day(account.followUpOn)],
            [
              "Sale",
              can.sales ? (
                <Link key="sale" to={`/sales/${account.saleId}`} className="text-brand-700 underline">
                  Open sale {account.saleNumber}
                </Link>
              ) : (
                account.saleNumber
              ),
            ],
          ]}
        />
        <p className="mt-4 text-xs leading-relaxed text-slate-600">{ACCOUNT_DEFINITIONS.daysLate}</p>
        <p className="mt-1 text-xs leading-relaxed text-slate-600">{COLLECTION_DEFINITIONS.promise}</p>
      </section>

      {can.write ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section aria-labelledby="contact-heading" className={card}>
            <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
              Log a contact
            </h2>
            <Form method="post" {...contact.form} className="mt-3 flex flex-col gap-3">
              <FormSelect
                label="Channel"
                placeholder="Choose how"
                options={CONTACT_CHANNELS.map((value) => ({ value, label: CONTACT_CHANNEL_LABELS[value] }))}
                {...contact.field("channel")}
              />
              <FormSelect
                label="Outcome"
                placeholder="Choose the outcome"
                options={CONTACT_OUTCOMES.map((value) => ({ value, label: CONTACT_OUTCOME_LABELS[value] }))}
                {...contact.field("outcome")}
              />
              <fieldset className="rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-700">
                  With &ldquo;Promised to pay&rdquo;
                </legend>
                <FormInput
                  label="Promised amount (₦)"
                  inputMode="decimal"
                  {...contact.field("promiseAmount")}
                />
                <FormInput label="Promise date" type="date" {...contact.field("promiseDate")} />
              </fieldset>
              <FormInput
                label="Follow-up date (optional)"
                type="date"
                hint="A promise is followed up the day after its date unless you choose a day."
                {...contact.field("followUpOn")}
              />
              <FormTextarea
                label="Note (optional)"
                maxLength={NOTE_MAX}
                rows={3}
                {...contact.field("note")}
              />
              <ErrorBox errors={contact.formErrors} />
              <SubmitButton intent="contact" pendingText="Saving...">
                Log contact
              </SubmitButton>
            </Form>
          </section>
          <div className="flex flex-col gap-6">
            <section aria-labelledby="follow-up-heading" className={card}>
              <h2 id="follow-up-heading" className="text-lg font-semibold text-slate-900">
                Follow-up
              </h2>
              <Form method="post" {...followUp.form} className="mt-3 flex flex-col gap-3">
                <FormInput
                  label="Follow-up date"
                  type="date"
                  hint="Leave it empty to clear it."
                  {...followUp.field("followUpOn")}
                  defaultValue={followUp.field("followUpOn").defaultValue ?? account.followUpOn ?? ""}
                />
                <ErrorBox errors={followUp.formErrors} />
                <SubmitButton intent="follow-up" pendingText="Saving...">
                  Save follow-up
                </SubmitButton>
              </Form>
            </section>
            <section aria-labelledby="assign-heading" className={card}>
              <h2 id="assign-heading" className="text-lg font-semibold text-slate-900">
                Collector
              </h2>
              <Form method="post" className="mt-3 flex flex-col gap-3">
                <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                  Assign to
                  <select name="assignedTo" defaultValue={account.assignedTo ?? ""} className={input}>
                    <option value="">Nobody</option>
                    {collectors.map((collector) => (
                      <option key={collector.id} value={collector.id}>
                        {collector.name}
                      </option>
                    ))}
                  </select>
                </label>
                <SubmitButton intent="assign" pendingText="Saving...">
                  Save collector
                </SubmitButton>
              </Form>
            </section>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="contacts-heading" className={card}>
        <h2 id="contacts-heading" className="text-lg font-semibold text-slate-900">
          Contact log
        </h2>
        {contacts.length ? (
          <ol className="mt-3 flex flex-col gap-3">
            {contacts.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">
                  {CONTACT_CHANNEL_LABELS[entry.channel]}: {CONTACT_OUTCOME_LABELS[entry.outcome]}
                  {entry.promise
                    ? ` — ${formatNaira(entry.promise.amount)} by ${day(entry.promise.date)}`
                    : null}
                </p>
                <p className="text-xs text-slate-600">
                  {formatDate(entry.createdAt)} at {formatTime(entry.createdAt)}
                  {entry.staffName ? ` by ${entry.staffName}` : null}
                </p>
                {entry.note ? <p className="mt-1 whitespace-pre-line text-slate-800">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-slate-700">No contact logged yet.</p>
        )}
      </section>
    </div>
  );
}
