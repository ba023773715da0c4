import { Link } from "@remix-run/react";
import type { PaymentReturnMessage } from "./payment-return";
import { saleSearchFromReference } from "./payment-return";

const NOTICE_TONES: Record<PaymentReturnMessage["tone"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
  error: "border-red-600 bg-red-50 text-red-900",
};

/** On the sale's own page (`onSale`) the notice needs no way to the sale. */
export function PaymentReturnNotice({ notice, onSale }: { notice: PaymentReturnMessage; onSale?: string }) {
  const search = notice.saleId || onSale ? null : saleSearchFromReference(notice.reference);
  return (
    <section
      aria-label="Payment result"
      role={notice.tone === "error" ? "alert" : "status"}
      className={`rounded-xl border-l-4 px-4 py-3 text-sm shadow-sm ${NOTICE_TONES[notice.tone]}`}
    >
      <p className="font-medium">{notice.message}</p>
      {notice.detail ? <p className="mt-1">{notice.detail}</p> : null}
      {notice.reference && !notice.message.includes(notice.reference) ? (
        <p className="mt-1">Reference: {notice.reference}</p>
      ) : null}
      {notice.saleId && notice.saleId !== onSale ? (
        <Link to={`/sales/${notice.saleId}`} className="mt-2 inline-block font-medium underline">
          View the sale
        </Link>
      ) : search ? (
        <Link
          to={`/sales/all?search=${encodeURIComponent(search)}`}
          className="mt-2 inline-block font-medium underline"
        >
          Find the sale
        </Link>
      ) : null}
    </section>
  );
}
