import { Link } from "@remix-run/react";
import { ACCOUNT_ACTIONS, ACCOUNT_EVENT_LABELS } from "#backend/constants/account-actions";
import type { AccountActionKey } from "#backend/constants/account-actions";
import type { AccountEvent } from "#backend/schemas/account-actions";
import type { SaleRecord } from "#backend/schemas/sales";
import type { AccountFigures as Figures } from "#backend/schemas/portfolio";
import { Panel } from "~/components/panel";
import { formatDate, formatTime } from "~/utils/format";
import { saleTokens } from "./sale-tokens";
import { ScheduleTable } from "./schedule-table";

// What the sale page shows of the contract actions (issue 27 §2): the links to the actions the account and
// the caller allow, and the account's timeline. Each action's own page is in account-actions.tsx, so the
// sale page does not load its forms.

const ACTIVE = ["ON_TIME", "LATE", "DEFAULTED"];

export type ActionFlags = { pay: boolean; manageSales: boolean; manageDevices: boolean };

/** Only a default marked by hand can be undone: the latest of the two events says whether it stands. */
export const markedDefaulted = (events: readonly AccountEvent[]) =>
  events.find((event) => event.kind === "MARKED_DEFAULTED" || event.kind === "DEFAULT_UNDONE")?.kind ===
  "MARKED_DEFAULTED";

/** The actions the account's status and the caller's permissions allow, in the order staff reach for them. */
export function availableActions(
  sale: Pick<SaleRecord, "items" | "customer">,
  account: Pick<Figures, "status">,
  events: readonly AccountEvent[],
  can: ActionFlags,
): AccountActionKey[] {
  const actions: AccountActionKey[] = [];
  const tokens = saleTokens(sale);
  if (can.manageDevices && tokens.devices.length) actions.push("token");
  if (can.pay && tokens.latest && (sale.customer.phone || sale.customer.email)) actions.push("resend-token");
  if (can.pay && ACTIVE.includes(account.status)) actions.push("delay");
  if (can.manageSales && (account.status === "ON_TIME" || account.status === "LATE")) actions.push("default");
  if (can.manageSales && account.status === "DEFAULTED" && markedDefaulted(events))
    actions.push("undo-default");
  if (can.pay && ACTIVE.includes(account.status)) actions.push("payoff");
  if (can.manageSales && ACTIVE.includes(account.status)) actions.push("restructure");
  if (can.manageDevices && swappable(sale, account)) actions.push("swap");
  if (can.manageSales && ACTIVE.includes(account.status)) actions.push("repossess");
  if (can.manageSales && account.status === "DEFAULTED") actions.push("write-off");
  if (can.manageSales && ACTIVE.includes(account.status)) actions.push("cancel");
  return actions;
}

/** A device can be swapped on an account still paid for or paid in full, when the sale has one. */
const swappable = (sale: Pick<SaleRecord, "items">, account: Pick<Figures, "status">) =>
  [...ACTIVE, "COMPLETED"].includes(account.status) && sale.items.some((item) => item.devices.length > 0);

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
  unpaidInstallments: "Unpaid installments",
  monthlyAmount: "Monthly amount",
  device: "Device",
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
              {event.schedule ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm text-brand-700">The schedule before</summary>
                  <div className="mt-2">
                    <ScheduleTable caption="Schedule before this restructure" lines={event.schedule} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No actions taken on this account yet.</p>
      )}
    </Panel>
  );
}
