import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DetailList } from "~/components/detail-list";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { amountFieldValue } from "~/features/sales/sale-labels";
import { formatNaira } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sales/sandbox-checkout.server";

export { action, loader } from "~/features/sales/sandbox-checkout.server";

const loadSandboxCheckoutFormSchema = () =>
  import("~/features/sales/payment-forms").then((module) => module.SandboxCheckoutFormSchema);

// The sandbox provider's checkout. Completing it records a payment and issues device tokens, so it is a
// staff page like any other: signed in, with write:Sales, and no customer details.

export const meta: MetaFunction = () => [{ title: "Sandbox checkout — SolarDesk" }];

export default function SandboxCheckoutRoute() {
  const { checkout } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSandboxCheckoutFormSchema,
    lastResult: answer?.result,
  });
  const amount = field("amount");
  const open = checkout.status === "PENDING";
  return (
    <section
      aria-labelledby="sandbox-checkout"
      className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="sandbox-checkout" className="text-xl font-semibold">
        Sandbox checkout
      </h1>
      <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        This is the built-in test payment provider: no real money moves.
      </p>
      <div className="mt-4">
        <DetailList
          rows={[
            ["Amount", `${formatNaira(checkout.amount)} ${checkout.currency}`],
            ["Reference", checkout.reference],
          ]}
        />
      </div>
      {open ? (
        <Form method="post" {...form} className="mt-4 flex flex-col gap-1">
          <FormInput
            label="Amount to pay (₦)"
            inputMode="decimal"
            autoComplete="off"
            hint="Change it to try paying a different amount."
            {...amount}
            defaultValue={amount.defaultValue ?? amountFieldValue(checkout.amount)}
          />
          <ErrorBox errors={formErrors} />
          <div className="mt-2 flex gap-3">
            <SubmitButton intent="pay" pendingText="Paying...">
              Pay
            </SubmitButton>
            <SubmitButton
              intent="cancel"
              pendingText="Cancelling..."
              formNoValidate
              className="!bg-white !text-slate-900 ring-1 ring-slate-400"
            >
              Cancel
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <>
          <p className="mt-4 text-sm">
            This checkout is closed ({checkout.status.toLowerCase()}). Start a new payment from the sale.
          </p>
          <Link to={`/sales/${checkout.saleId}`} className="mt-2 inline-block text-brand-700 underline">
            Back to the sale
          </Link>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
