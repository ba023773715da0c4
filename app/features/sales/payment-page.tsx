import { Form, Link } from "@remix-run/react";
import type { SaleRecord } from "#backend/schemas/sales";
import { CURRENCY, NO_EMAIL_FOR_CARD } from "#backend/constants/payments";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormTextarea } from "~/components/form-textarea";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { formatNaira, fullName } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import { amountFieldValue, takesPayment } from "./sale-labels";
import { Panel } from "~/components/panel";

const loadCashFormSchema = () => import("./payment-forms").then((module) => module.CashFormSchema);
const loadOnlinePaymentFormSchema = () =>
  import("./payment-forms").then((module) => module.OnlinePaymentFormSchema);

export type PaymentMethodChoice = "cash" | "online";

type ActionAnswer = { result: FormResult; toast: ToastData | null; intent: string | null } | undefined;

const suggestedAmount = (sale: SaleRecord) => amountFieldValue(sale.amountDueNow || sale.balance);

function SaleMoney({ sale }: { sale: SaleRecord }) {
  return (
    <DetailList
      rows={[
        ["Customer", fullName(sale.customer)],
        ["Total", formatNaira(sale.totalPrice)],
        ["Paid", formatNaira(sale.totalPaid)],
        ["Balance", formatNaira(sale.balance)],
        ["Amount Due Now", formatNaira(sale.amountDueNow)],
      ]}
    />
  );
}

function CashForm({
  sale,
  reference,
  answer,
}: {
  sale: SaleRecord;
  reference: string;
  answer: ActionAnswer;
}) {
  const lastResult = answer?.intent === "cash" ? answer.result : undefined;
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadCashFormSchema, lastResult });
  const amount = field("amount");
  const hidden = field("reference");
  return (
    <Panel id="cash-payment" title="Record Cash Payment">
      <SaleMoney sale={sale} />
      <Form method="post" {...form} className="mt-5 flex max-w-md flex-col gap-1">
        <input type="hidden" name={hidden.name} defaultValue={hidden.defaultValue ?? reference} />
        <FormInput
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          required
          {...amount}
          defaultValue={amount.defaultValue ?? suggestedAmount(sale)}
        />
        <FormTextarea label="Notes (optional)" rows={3} maxLength={500} {...field("notes")} />
        <ErrorBox errors={formErrors} />
        <SubmitButton intent="cash" pendingText="Recording..." className="mt-2 self-start">
          Record Payment
        </SubmitButton>
      </Form>
      <Link
        to={`/sales/${sale.id}/payment?method=online`}
        className="mt-4 inline-block text-brand-700 hover:underline"
      >
        Pay online instead
      </Link>
    </Panel>
  );
}

// The reference is made with the page, so the checkout carries what the card showed; sent twice, it reopens.
function NoEmailForCard({ sale }: { sale: SaleRecord }) {
  return (
    <Panel id="payment-details" title="Payment Details">
      <p role="alert" className="font-medium text-amber-900">
        {NO_EMAIL_FOR_CARD}.
      </p>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={`/customers/${sale.customer.id}?mode=edit`} className="text-brand-700 hover:underline">
          Add the customer&apos;s e-mail
        </Link>
        <Link to={`/sales/${sale.id}/payment?method=cash`} className="text-brand-700 hover:underline">
          Record a cash payment instead
        </Link>
      </div>
    </Panel>
  );
}

function OnlineForm({
  sale,
  checkoutReference,
  answer,
}: {
  sale: SaleRecord;
  checkoutReference: string;
  answer: ActionAnswer;
}) {
  const lastResult = answer?.intent === "online" ? answer.result : undefined;
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadOnlinePaymentFormSchema, lastResult });
  if (!sale.customer.email) return <NoEmailForCard sale={sale} />;
  const amount = field("amount");
  const kept = field("reference").defaultValue;
  const shownReference = kept ?? checkoutReference;
  return (
    <Panel id="payment-details" title="Payment Details">
      <Form method="post" {...form} className="flex flex-col gap-1">
        <DetailList
          rows={[
            ["Customer Email", sale.customer.email],
            ["Currency", CURRENCY],
            ["Reference", shownReference],
            ["Balance", formatNaira(sale.balance)],
          ]}
        />
        <input type="hidden" name="reference" defaultValue={shownReference} />
        <FormInput
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          required
          className="mt-4 max-w-xs"
          {...amount}
          defaultValue={amount.defaultValue ?? suggestedAmount(sale)}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton intent="online" pendingText="Opening checkout..." className="mt-2 self-start">
          Pay Now
        </SubmitButton>
      </Form>
      <p className="mt-3 text-slate-600">
        Pay Now opens the payment provider&apos;s checkout; you come back to this sale when it is done.
      </p>
      <Link
        to={`/sales/${sale.id}/payment?method=cash`}
        className="mt-2 inline-block text-brand-700 hover:underline"
      >
        Record a cash payment instead
      </Link>
    </Panel>
  );
}

export function PaymentPage({
  sale,
  method,
  reference,
  checkoutReference,
  answer,
}: {
  sale: SaleRecord;
  method: PaymentMethodChoice;
  reference: string;
  checkoutReference: string;
  answer: ActionAnswer;
}) {
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={answer?.toast} />
      <Link to={`/sales/${sale.id}`} className="text-sm text-brand-700 hover:underline">
        ← Sale {sale.saleNumber}
      </Link>
      {!takesPayment(sale) ? (
        <Panel id="nothing-due" title="Nothing to collect">
          <p>
            {sale.status === "CANCELLED"
              ? "This sale was cancelled: no payment can be taken for it."
              : "This sale is fully paid."}
          </p>
        </Panel>
      ) : method === "cash" ? (
        <CashForm sale={sale} reference={reference} answer={answer} />
      ) : (
        <OnlineForm sale={sale} checkoutReference={checkoutReference} answer={answer} />
      )}
    </div>
  );
}
