import { ACCOUNT_DEFINITIONS } from "#backend/constants/portfolio";
import type { AccountFigures as Figures } from "#backend/schemas/portfolio";
import { formatDate, formatNaira, formatNumber } from "~/utils/format";
import { DetailList } from "~/components/detail-list";
import { AccountStatusPill } from "./account-status";

const day = (date: string | null, none: string) => (date ? formatDate(`${date}T12:00:00+01:00`) : none);

/** An installment sale's standing in the loan book, each figure with its definition. */
export function AccountFigures({ account }: { account: Figures }) {
  const rows: [string, React.ReactNode][] = [
    ["Status", <AccountStatusPill key="status" status={account.status} />],
    ["Outstanding", formatNaira(account.outstanding)],
    ["Arrears", formatNaira(account.arrears)],
    ["Days late", formatNumber(account.daysLate)],
    ["Credit expiry", day(account.creditExpiry, "None: paid in full or closed")],
    ["Last payment", day(account.lastPaymentOn, "None yet")],
  ];
  return (
    <>
      <DetailList rows={rows} />
      <div className="mt-3 space-y-1 text-xs leading-relaxed text-slate-600">
        <p>{ACCOUNT_DEFINITIONS.outstanding}</p>
        <p>{ACCOUNT_DEFINITIONS.arrears}</p>
        <p>{ACCOUNT_DEFINITIONS.daysLate}</p>
        <p>{ACCOUNT_DEFINITIONS.creditExpiry}</p>
      </div>
    </>
  );
}
