import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { INSTALMENT_ROUNDING_RULE } from "#backend/constants/sale-rules";
import type { SaleItemRecord, SalePaymentRecord, SaleRecord } from "#backend/schemas/sales";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DetailList } from "~/components/detail-list";
import { Panel } from "~/components/panel";
import { TokenTable } from "~/features/devices/token-table";
import type { TokenMessage } from "~/features/messages/message-status";
import { emailShown, formatDate, formatNaira, formatNumber, formatTime, fullName } from "~/utils/format";
import { contractRows, nestedIdentification } from "./contract-details";
import type { PaymentReturnMessage } from "./payment-return";
import { PaymentReturnNotice } from "./payment-return-notice";
import { PAYMENT_METHOD_LABELS, PAYMENT_MODE_LABELS, takesPayment, uncountedReason } from "./sale-labels";
import { PaymentStatusPill, SaleStatusPill, ScheduleStatusPill } from "./sale-status";
import { Statement } from "./statement";
import { AccountFigures } from "~/features/portfolio/account-figures";
import type { AccountEvent } from "#backend/schemas/account-actions";
import { AccountActionLinks, AccountTimeline, availableActions } from "./account-timeline";
import { SCHEDULE_LINE_COLUMNS } from "./schedule-table";

export type SalePageFlags = {
  pay: boolean;
  manageSales: boolean;
  manageDevices: boolean;
  readCustomers: boolean;
  readDevices: boolean;
  readCollections: boolean;
};

const LINK = "text-brand-700 hover:underline";

export function PaymentActions({ sale }: { sale: Pick<SaleRecord, "id"> }) {
  const button = "rounded-full px-4 py-2 text-sm font-semibold";
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/sales/${sale.id}/payment?method=cash`}
        className={`${button} bg-slate-900 text-white hover:bg-slate-700`}
      >
        Record cash payment
      </Link>
      <Link
        to={`/sales/${sale.id}/payment?method=online`}
        className={`${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}
      >
        Pay online
      </Link>
    </div>
  );
}

function Overview({ sale, can }: { sale: SaleRecord; can: SalePageFlags }) {
  const customerName = fullName(sale.customer);
  const rows: [string, ReactNode][] = [
    [
      "Customer",
      can.readCustomers ? (
        <Link to={`/customers/${sale.customer.id}`} className={LINK}>
          {customerName}
        </Link>
      ) : (
        customerName
      ),
    ],
    ["Email", emailShown(sale.customer.email)],
    ["Phone Number", sale.customer.phone],
    ["Address", sale.customer.location],
    ["Agent", sale.agent?.name ?? "None"],
    ["Created By", sale.createdBy?.name ?? "N/A"],
    ["Payment Method", PAYMENT_METHOD_LABELS[sale.paymentMethod]],
    ["Date", `${formatDate(sale.createdAt)} ${formatTime(sale.createdAt)}`],
  ];
  if (sale.cancelledAt) {
    rows.push(["Cancelled On", formatDate(sale.cancelledAt)]);
    rows.push(["Why", sale.cancelReason ?? "N/A"]);
  }
  return (
    <section
      aria-labelledby="sale-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="sale-title" className="text-lg font-semibold">
            Sale {sale.saleNumber}
          </h2>
          <SaleStatusPill status={sale.status} />
        </div>
        {can.pay && takesPayment(sale) ? <PaymentActions sale={sale} /> : null}
      </header>
      <DetailList rows={rows} />
    </section>
  );
}

function Totals({ sale }: { sale: SaleRecord }) {
  const rows: [string, ReactNode][] = [
    ["Total", formatNaira(sale.totalPrice)],
    ["Paid", formatNaira(sale.totalPaid)],
    ["Balance", formatNaira(sale.balance)],
    ["Due Now", formatNaira(sale.amountDueNow)],
  ];
  if (sale.totalMonthlyPayment > 0) rows.push(["Monthly Payment", formatNaira(sale.totalMonthlyPayment)]);
  return (
    <Panel id="sale-totals" title="Totals">
      <DetailList rows={rows} />
      {sale.totalMonthlyPayment > 0 ? (
        <p className="mt-3 text-sm text-slate-600">{INSTALMENT_ROUNDING_RULE}</p>
      ) : null}
    </Panel>
  );
}

function DeviceTokens({
  item,
  can,
  tokenMessages,
}: {
  item: SaleItemRecord;
  can: Pick<SalePageFlags, "readDevices">;
  tokenMessages: Record<string, TokenMessage> | null;
}) {
  if (item.devices.length === 0) return <p className="mt-3">No devices linked.</p>;
  return (
    <ul className="mt-3 flex flex-col gap-3">
      {item.devices.map((device) => (
        <li key={device.id} className="rounded-lg border border-slate-200 p-3">
          <p className="font-medium text-slate-900">
            Device{" "}
            {can.readDevices ? (
              <Link to={`/devices/${device.id}`} className={`${LINK} underline`}>
                {device.serialNumber}
              </Link>
            ) : (
              device.serialNumber
            )}
            {device.hardwareModel ? (
              <span className="font-normal text-slate-600"> · {device.hardwareModel}</span>
            ) : null}
          </p>
          {device.tokens.length ? (
            <TokenTable
              tokens={device.tokens}
              caption={`Tokens of device ${device.serialNumber}`}
              messages={tokenMessages}
            />
          ) : (
            <p className="mt-1 text-slate-600">
              {device.isTokenable ? "No tokens issued yet." : "Not tokenable: needs no tokens."}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Items({
  sale,
  can,
  tokenMessages,
}: {
  sale: SaleRecord;
  can: Pick<SalePageFlags, "readDevices">;
  tokenMessages: Record<string, TokenMessage> | null;
}) {
  return (
    <Panel id="sale-items" title="Products">
      <div className="flex flex-col gap-6">
        {sale.items.map((item) => {
          const rows: [string, ReactNode][] = [
            ["Category", item.product.category],
            ["Units", formatNumber(item.quantity)],
            ["Payment Mode", PAYMENT_MODE_LABELS[item.paymentMode]],
            ["Price", formatNaira(item.basePrice)],
            ["Discount", `${formatNumber(item.discount)}% (${formatNaira(item.discountAmount)})`],
          ];
          const costs = Object.entries(item.miscellaneousPrices);
          if (costs.length) {
            rows.push([
              "Miscellaneous Costs",
              costs.map(([name, cost]) => `${name}: ${formatNaira(cost)}`).join(", "),
            ]);
          }
          if (item.paymentMode === "INSTALLMENT") {
            rows.push(
              ["Duration", `${item.installmentDuration} months`],
              ["Interest", formatNaira(item.interest)],
              [
                "Deposit",
                `${formatNumber(item.installmentStartingPrice)}% (${formatNaira(item.initialPayment)})`,
              ],
              ["Monthly Payment", formatNaira(item.monthlyPayment)],
            );
          }
          if (item.margin > 0) rows.push(["Margin", formatNaira(item.margin)]);
          rows.push(["Item Total", formatNaira(item.totalPrice)]);
          rows.push([
            "Recipient",
            `${fullName(item.saleRecipient)}, ${item.saleRecipient.phone}, ${item.saleRecipient.address}`,
          ]);
          return (
            <article key={item.id} aria-label={item.product.name}>
              <h3 className="text-base font-semibold text-slate-900">{item.product.name}</h3>
              <DetailList rows={rows} />
              <DeviceTokens item={item} can={can} tokenMessages={tokenMessages} />
            </article>
          );
        })}
      </div>
    </Panel>
  );
}

const SCHEDULE_COLUMNS: Column<SaleRecord["schedule"][number]>[] = [
  ...SCHEDULE_LINE_COLUMNS,
  { header: "Paid", cell: (line) => formatNaira(line.paid) },
  { header: "Status", cell: (line) => <ScheduleStatusPill status={line.status} /> },
];

function paymentColumns(saleId: string): Column<SalePaymentRecord>[] {
  return [
    {
      header: "Date",
      primary: true,
      cell: (payment) => `${formatDate(payment.createdAt)} ${formatTime(payment.createdAt)}`,
    },
    { header: "Amount", cell: (payment) => formatNaira(payment.amount) },
    { header: "Method", cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
    {
      header: "Status",
      cell: (payment) => {
        // An amount due back says how it came about (late, or more than the balance).
        const reason =
          payment.status === "REFUND_DUE" && payment.notes ? payment.notes : uncountedReason(payment.status);
        return (
          <>
            <PaymentStatusPill status={payment.status} />
            {reason ? <p className="mt-1 text-xs font-medium text-red-800">{reason}</p> : null}
            {payment.review ? (
              <p className="mt-1 text-xs font-medium text-amber-900">
                Review: {payment.review}. {payment.notes}
              </p>
            ) : null}
          </>
        );
      },
    },
    {
      header: "Reference",
      cell: (payment) => <span className="break-all font-mono text-xs">{payment.reference}</span>,
    },
    { header: "Recorded By", cell: (payment) => payment.recordedBy?.name ?? "Payment provider" },
    {
      header: "Receipt",
      cell: (payment) => (
        <Link
          to={`/sales/${saleId}/payments/${payment.id}`}
          aria-label={`Receipt ${payment.receiptNumber} for ${formatNaira(payment.amount)} on ${formatDate(payment.createdAt)}`}
          className={LINK}
        >
          {payment.receiptNumber}
        </Link>
      ),
    },
  ];
}

function Contract({ contract }: { contract: NonNullable<SaleRecord["contract"]> }) {
  const guarantorId = contractRows(nestedIdentification(contract.guarantor));
  return (
    <Panel id="sale-contract" title="Contract">
      <DetailList
        rows={[
          [
            "BVN",
            <span key="bvn" className="font-mono">
              {contract.bvn}
            </span>,
          ],
        ]}
      />
      <h3 className="mt-5 font-semibold text-slate-900">Identification</h3>
      <DetailList rows={contractRows(contract.identification)} />
      <h3 className="mt-5 font-semibold text-slate-900">Next of Kin</h3>
      <DetailList rows={contractRows(contract.nextOfKin)} />
      <h3 className="mt-5 font-semibold text-slate-900">Guarantor</h3>
      <DetailList rows={contractRows(contract.guarantor)} />
      {guarantorId.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">Guarantor&apos;s Identification</h4>
          <DetailList rows={guarantorId} />
        </>
      ) : null}
    </Panel>
  );
}

export function SalePage({
  sale,
  events,
  payment,
  can,
  tokenMessages = null,
}: {
  sale: SaleRecord;
  events: AccountEvent[];
  payment: PaymentReturnMessage | null;
  can: SalePageFlags;
  tokenMessages?: Record<string, TokenMessage> | null;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Link to="/sales/all" className="text-sm text-brand-700 hover:underline">
        ← All sales
      </Link>
      {payment ? <PaymentReturnNotice notice={payment} onSale={sale.id} /> : null}
      {sale.payments.some((entry) => entry.review) ? (
        <section
          aria-label="Needs review"
          className="rounded-xl border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-medium">
            An online payment differs from the amount asked. It is counted as received; check it with the
            customer (see Payments).
          </p>
        </section>
      ) : null}
      <Overview sale={sale} can={can} />
      <Totals sale={sale} />
      <Items sale={sale} can={can} tokenMessages={tokenMessages} />
      {sale.account ? (
        <Panel id="sale-account" title="Account">
          <AccountFigures account={sale.account} />
          <AccountActionLinks saleId={sale.id} actions={availableActions(sale, sale.account, events, can)} />
          {can.readCollections ? (
            <Link to={`/collections/${sale.id}`} className={`${LINK} mt-2 inline-block text-sm`}>
              Collection case: contacts, promises and follow-up
            </Link>
          ) : null}
        </Panel>
      ) : null}
      {sale.account ? <AccountTimeline events={events} /> : null}
      <Panel id="sale-schedule" title="Schedule">
        <DataTable
          caption="Payment schedule"
          columns={SCHEDULE_COLUMNS}
          rows={sale.schedule}
          rowKey={(line) => String(line.number)}
        />
      </Panel>
      <Panel id="sale-statement" title="Statement">
        <Statement lines={sale.statement} />
        <Link to={`/sales/${sale.id}/statement/print`} className={`${LINK} mt-2 inline-block text-sm`}>
          Print statement
        </Link>
      </Panel>
      <Panel id="sale-payments" title="Payments">
        {sale.payments.length ? (
          <DataTable
            caption="Payments"
            columns={paymentColumns(sale.id)}
            rows={[...sale.payments].reverse()}
            rowKey={(payment) => payment.id}
          />
        ) : (
          <p>No payments recorded yet.</p>
        )}
      </Panel>
      {sale.contract ? <Contract contract={sale.contract} /> : null}
    </div>
  );
}
