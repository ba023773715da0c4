import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import {
  ACCOUNT_ACTIONS,
  DELAY_FREE_DAYS,
  DELAY_MAX_DAYS,
  REASON_MAX,
  REPOSSESSION_OUTCOME_LABELS,
  REPOSSESSION_OUTCOMES,
} from "#backend/constants/account-actions";
import { ACTION_DEFINITIONS } from "#backend/constants/account-action-definitions";
import type { AccountActionKey } from "#backend/constants/account-actions";
import type { PayoffQuote } from "#backend/schemas/account-actions";
import type { SaleRecord } from "#backend/schemas/sales";
import type { AccountFigures as Figures } from "#backend/schemas/portfolio";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { FormTextarea } from "~/components/form-textarea";
import { Panel } from "~/components/panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { AccountFigures } from "~/features/portfolio/account-figures";
import { RestructureFields, ReturnedStockFields, SwapFields } from "./account-terms";
import type { ShownPreview } from "./account-terms";
import { formatDate, formatNaira } from "~/utils/format";
import { saleTokens } from "./sale-tokens";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

// A contract action's own page (issue 27 §2): a form that says what will happen before anything changes.
// The sale page's links to these pages and the account's timeline are in account-timeline.tsx.

const LINK = "text-brand-700 hover:underline";

const loadSchema = (key: AccountActionKey) => () =>
  import("#backend/schemas/account-actions").then((module) => module.ACCOUNT_ACTION_SCHEMAS[key]);

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
    case "token":
      return ACTION_DEFINITIONS.token;
    case "resend-token":
      return ACTION_DEFINITIONS.resendToken;
    case "repossess":
      return ACTION_DEFINITIONS.repossess;
    case "payoff":
      return ACTION_DEFINITIONS.payoff;
    case "cancel":
      return ACTION_DEFINITIONS.cancel;
    case "restructure":
      return `${ACTION_DEFINITIONS.restructure} Unpaid now: ${formatNaira(account.outstanding)}.`;
    case "swap":
      return ACTION_DEFINITIONS.swap;
  }
}

export type ActionAnswer =
  { result?: FormResult | null; toast?: ToastData | null; preview?: ShownPreview } | undefined;

/** One action's page: what it does, the account as it stands, and its form. */
export function AccountActionPage({
  sale,
  account,
  actionKey,
  answer,
  returnedItems,
  quote,
}: {
  sale: Pick<SaleRecord, "id" | "saleNumber" | "items" | "customer">;
  account: Figures;
  actionKey: AccountActionKey;
  answer: ActionAnswer;
  /** The returned-class stock items a collected unit may go back under (repossession only). */
  returnedItems: { id: string; name: string }[];
  /** The early payoff's quote (payoff only). */
  quote: PayoffQuote | null;
}) {
  const { id: saleId, saleNumber } = sale;
  const tokens = saleTokens(sale);
  const unlockWasTicked = answer?.result?.initialValue?.unlock === "on";
  const words = ACCOUNT_ACTIONS[actionKey];
  // One page for every action, each with its own schema: fields are checked by the schema loaded for it.
  const form = useLiveForm<z.ZodTypeAny>({
    loadSchema: loadSchema(actionKey),
    lastResult: answer?.result ?? null,
  });
  const destructive = ["write-off", "default", "cancel"].includes(actionKey);
  const reasonRequired = ["write-off", "cancel", "restructure", "swap"].includes(actionKey);
  const preview = actionKey === "restructure" ? (answer?.preview ?? null) : null;
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
          {actionKey === "token" ? (
            <>
              <FormSelect
                label="Device"
                placeholder="Choose a device"
                options={tokens.devices.map((device) => ({ value: device.id, label: device.serialNumber }))}
                {...form.field("deviceId")}
                defaultValue={
                  form.field("deviceId").defaultValue ??
                  (tokens.devices.length === 1 ? tokens.devices[0].id : "")
                }
              />
              <FormInput
                label="Days"
                inputMode="numeric"
                hint="1 to 995 days of use"
                {...form.field("days")}
              />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="unlock" defaultChecked={unlockWasTicked} className="h-4 w-4" />
                Unlock for good instead
              </label>
            </>
          ) : null}
          {actionKey === "resend-token" ? (
            <p className="text-sm text-slate-700">
              {tokens.latest
                ? `Token ${tokens.latest.token} for device ${tokens.latest.serialNumber} (${tokens.latest.days === null ? "unlocks it for good" : `${tokens.latest.days} days`}), issued ${formatDate(tokens.latest.createdAt)}, goes to ${sale.customer.phone ? `${sale.customer.phone} by SMS` : sale.customer.email}.`
                : "No token has been issued for this sale yet."}
            </p>
          ) : null}
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
          {actionKey === "payoff" && quote ? (
            <>
              <p className="text-base font-semibold text-slate-900">
                To own the unit today: {formatNaira(quote.amount)}
              </p>
              <input type="hidden" name="amount" value={String(quote.amount)} />
              <FormInput label="Reference (optional)" maxLength={100} {...form.field("reference")} />
              {form.field("amount").errors?.length ? (
                <ErrorBox errors={form.field("amount").errors ?? []} />
              ) : null}
            </>
          ) : null}
          {actionKey === "cancel" ? (
            <FormInput
              label="Refund due (₦)"
              inputMode="decimal"
              hint={`At most what was paid: ${formatNaira(account.paid)}. 0 records no refund.`}
              {...form.field("refund")}
            />
          ) : null}
          {actionKey === "repossess" ? (
            <>
              <FormSelect
                label="What the visit found"
                placeholder="Choose the outcome"
                options={REPOSSESSION_OUTCOMES.map((outcome) => ({
                  value: outcome,
                  label: REPOSSESSION_OUTCOME_LABELS[outcome],
                }))}
                {...form.field("outcome")}
              />
              <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-700">With “Promised to pay”</legend>
                <FormInput label="Promised amount (₦)" inputMode="decimal" {...form.field("promiseAmount")} />
                <FormInput label="Promise date" type="date" {...form.field("promiseDate")} />
              </fieldset>
              <ReturnedStockFields
                legend="With “Collected”"
                field={form.field}
                returnedItems={returnedItems}
              />
              <FormTextarea label="Note (optional)" maxLength={REASON_MAX} rows={3} {...form.field("note")} />
            </>
          ) : null}
          {actionKey === "restructure" ? (
            <RestructureFields field={form.field} preview={answer?.preview ?? null} />
          ) : null}
          {actionKey === "swap" ? (
            <SwapFields
              field={form.field}
              devices={sale.items.flatMap((item) => item.devices)}
              returnedItems={returnedItems}
            />
          ) : null}
          {["token", "resend-token", "repossess", "payoff"].includes(actionKey) ? null : (
            <FormTextarea
              label={reasonRequired ? "Reason" : "Reason (optional)"}
              maxLength={REASON_MAX}
              rows={3}
              required={reasonRequired}
              {...form.field("reason")}
            />
          )}
          <ErrorBox errors={form.formErrors} />
          <div className="flex flex-wrap items-center gap-3">
            {actionKey !== "restructure" ? (
              <SubmitButton pendingText="Saving..." tone={destructive ? "danger" : "primary"}>
                {words.button}
              </SubmitButton>
            ) : preview ? (
              <>
                <SubmitButton intent="save" pendingText="Saving...">
                  {words.button}
                </SubmitButton>
                <SubmitButton intent="preview" pendingText="Working it out..." tone="secondary">
                  Show the schedule again
                </SubmitButton>
              </>
            ) : (
              <SubmitButton intent="preview" pendingText="Working it out...">
                Show the new schedule
              </SubmitButton>
            )}
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
