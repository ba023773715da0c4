import { Link } from "@remix-run/react";
import { ACCOUNT_DEFINITIONS } from "#backend/constants/portfolio";
import type { AccountRecord } from "#backend/schemas/portfolio";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { Panel } from "~/components/panel";
import { formatDate, formatNaira, formatNumber } from "~/utils/format";
import { AccountStatusPill } from "./account-status";

const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00+01:00`) : "—");

const COLUMNS: Column<AccountRecord>[] = [
  {
    header: "Sale",
    primary: true,
    cell: (account) => (
      <Link
        to={`/sales/${account.saleId}`}
        className="whitespace-nowrap font-mono text-brand-700 hover:underline"
      >
        {account.saleNumber}
      </Link>
    ),
  },
  { header: "Status", cell: (account) => <AccountStatusPill status={account.status} /> },
  { header: "Outstanding", cell: (account) => formatNaira(account.outstanding) },
  { header: "Arrears", cell: (account) => formatNaira(account.arrears) },
  { header: "Days late", cell: (account) => formatNumber(account.daysLate) },
  { header: "Credit expiry", cell: (account) => day(account.creditExpiry) },
  {
    header: "Statement",
    cell: (account) => (
      <Link to={`/sales/${account.saleId}/statement/print`} className="text-brand-700 underline">
        Statement<span className="sr-only"> of sale {account.saleNumber}</span>
      </Link>
    ),
  },
];

/** The customer's installment sales as the loan book sees them, each with its printable statement. */
export function CustomerAccounts({ accounts }: { accounts: AccountRecord[] }) {
  if (accounts.length === 0) return null;
  return (
    <Panel id="customer-accounts" title="Installment plans">
      <DataTable
        caption="Installment accounts of this customer"
        columns={COLUMNS}
        rows={accounts}
        rowKey={(account) => account.saleId}
      />
      <div className="mt-3 space-y-1 text-xs leading-relaxed text-slate-600">
        <p>{ACCOUNT_DEFINITIONS.arrears}</p>
        <p>{ACCOUNT_DEFINITIONS.daysLate}</p>
      </div>
    </Panel>
  );
}
