import { Link } from "@remix-run/react";
import { isCounted } from "#backend/constants/payments";
import type { BusinessSettings } from "#backend/schemas/business";
import type { SalePaymentRecord, SaleRecord } from "#backend/schemas/sales";
import { DetailList } from "~/components/detail-list";
import { emailShown, formatDate, formatNaira, formatNumber, formatTime, fullName } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { PAYMENT_METHOD_LABELS, balanceAfter, uncountedReason } from "./sale-labels";
import { PaymentStatusPill } from "./sale-status";

/** With JavaScript, the print page opens the browser's print dialog; without, its Print menu does. */
export function PrintButton() {
  if (!useHydrated()) {
    return (
      <p className="text-sm text-slate-700">To print, use your browser&apos;s Print command (Ctrl+P).</p>
    );
  }
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-full bg-slate-900 px-5 py-2 text-sm font-semibold text-white hover:bg-slate-700"
    >
      Print
    </button>
  );
}

// Money counted towards the sale reads "Paid" to the customer; the payment's own status word (spec 001
// §4: Incomplete while a balance remains) stays in the sale's list of payments.
function ReceiptStatus({ payment }: { payment: SalePaymentRecord }) {
  if (!isCounted(payment.status)) return <PaymentStatusPill status={payment.status} />;
  return (
    <span className="inline-block whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      Paid
    </span>
  );
}

/** The first instalment not yet paid in full, as the sale stands now. */
function nextDue(sale: SaleRecord) {
  const line = sale.schedule.find((entry) => entry.paid < entry.amount);
  if (!line || sale.status === "CANCELLED") return "Nothing more to pay";
  const amount = Math.round((line.amount - line.paid) * 100) / 100;
  return `${formatNaira(amount)} on ${formatDate(`${line.dueDate}T12:00:00Z`)}`;
}

function PaymentTokens({ sale, paymentId }: { sale: SaleRecord; paymentId: string }) {
  const tokens = sale.items.flatMap((item) =>
    item.devices.flatMap((device) => device.tokens.filter((token) => token.paymentId === paymentId)),
  );
  if (tokens.length === 0) return null;
  return (
    <section aria-labelledby="receipt-tokens" className="mt-5">
      <h3 id="receipt-tokens" className="text-base font-semibold">
        Device Tokens
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {tokens.map((token) => (
          <li key={token.id}>
            <span className="font-medium">{token.serialNumber}</span>:{" "}
            <span className="font-mono">{token.token}</span>{" "}
            <span className="text-slate-600">
              ({token.kind === "DISABLE_PAYG" ? "unlocked for good" : `${token.days} days`})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Settings → Business; until an administrator fills it in, the receipt says where to. */
export function BusinessLines({ business }: { business: BusinessSettings | null }) {
  if (!business?.name) {
    return (
      <p className="mb-2 text-sm text-slate-600 print:hidden">
        No business name yet: an administrator sets it under Settings → Business.
      </p>
    );
  }
  return (
    <address className="mb-2 not-italic">
      <span className="block text-base font-semibold">{business.name}</span>
      {business.address ? <span className="block text-sm text-slate-700">{business.address}</span> : null}
      {business.phone ? <span className="block text-sm text-slate-700">Tel: {business.phone}</span> : null}
    </address>
  );
}

/** `printing`: the receipt alone, on a page of its own, for paper. */
export function Receipt({
  sale,
  business,
  paymentId,
  printing = false,
}: {
  sale: SaleRecord;
  business: BusinessSettings | null;
  paymentId: string;
  printing?: boolean;
}) {
  const payment = sale.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) return null;
  const reason = uncountedReason(payment.status);
  const after = balanceAfter(sale, payment.id);
  return (
    <div className="flex flex-col gap-4">
      {printing ? (
        <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
          <Link
            to={`/sales/${sale.id}/payments/${payment.id}`}
            className="text-sm text-brand-700 hover:underline"
          >
            ← Back to the receipt
          </Link>
          <PrintButton />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
          <Link to={`/sales/${sale.id}`} className="text-sm text-brand-700 hover:underline">
            ← Sale {sale.saleNumber}
          </Link>
          <Link
            to={`/sales/${sale.id}/payments/${payment.id}/print`}
            reloadDocument
            className="rounded-full bg-slate-900 px-5 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Print
          </Link>
        </div>
      )}
      <article
        aria-labelledby="receipt-title"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-4">
          <div>
            <BusinessLines business={business} />
            <h2 id="receipt-title" className="text-xl font-semibold">
              Payment Receipt {payment.receiptNumber}
            </h2>
            <p className="text-sm text-slate-600">Sale {sale.saleNumber}</p>
          </div>
          <ReceiptStatus payment={payment} />
        </header>
        <DetailList
          rows={[
            ["Receipt Number", payment.receiptNumber],
            ["Sale", sale.saleNumber],
            ["Customer", fullName(sale.customer)],
            ["Customer Email", emailShown(sale.customer.email)],
            ["Customer Phone", sale.customer.phone],
            [
              "Items",
              sale.items.map((item) => `${item.product.name} × ${formatNumber(item.quantity)}`).join(", "),
            ],
            ["Amount", formatNaira(payment.amount)],
            ["Method", PAYMENT_METHOD_LABELS[payment.method]],
            [
              "Reference",
              <span key="reference" className="break-all font-mono text-xs">
                {payment.reference}
              </span>,
            ],
            ["Date", `${formatDate(payment.createdAt)} ${formatTime(payment.createdAt)}`],
            ["Recorded By", payment.recordedBy?.name ?? "Payment provider"],
            ["Balance After", after === null ? "N/A" : formatNaira(after)],
            ["Next Payment Due", nextDue(sale)],
            ...(payment.notes ? [["Notes", payment.notes] as [string, string]] : []),
          ]}
        />
        {reason ? <p className="mt-4 text-sm font-medium text-red-800">{reason}</p> : null}
        <PaymentTokens sale={sale} paymentId={payment.id} />
        <p className="mt-6 text-xs text-slate-600">
          Sale total {formatNaira(sale.totalPrice)}; paid so far {formatNaira(sale.totalPaid)}; balance today{" "}
          {formatNaira(sale.balance)}.
        </p>
      </article>
    </div>
  );
}
