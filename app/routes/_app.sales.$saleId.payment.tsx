import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { randomBytes } from "node:crypto";
import { SectionErrorBoundary } from "~/components/error-panel";
import type { PaymentMethodChoice } from "~/features/sales/payment-page";
import { PaymentPage } from "~/features/sales/payment-page";
import { newCheckoutReference } from "~/features/sales/checkout-reference.server";
import { recordCash, startOnlinePayment } from "~/features/sales/payment-page.server";
import { requirePermission } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import type { loader as saleLoader } from "./_app.sales.$saleId";

const SALE_ROUTE = "routes/_app.sales.$saleId";

export const meta: MetaFunction<typeof loader, { [SALE_ROUTE]: typeof saleLoader }> = ({ matches }) => {
  const sale = matches.find((match) => match.id === SALE_ROUTE)?.data?.sale;
  return [{ title: sale ? `Payment — Sale ${sale.saleNumber} — SolarDesk` : "Payment — SolarDesk" }];
};

const readMethod = (value: string | null): PaymentMethodChoice | null =>
  value === "cash" || value === "online" ? value : null;

/** The sale itself is read by the sale's route, which this page renders in place of. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "write:Sales");
  return {
    method: readMethod(new URL(request.url).searchParams.get("method")),
    // Names this form's cash payment, so the same form sent twice records it once.
    reference: `cash-${randomBytes(8).toString("hex")}`,
    checkoutReference: newCheckoutReference(params.saleId ?? ""),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "write:Sales");
  const formData = await readFormData(request);
  const saleId = params.saleId ?? "";
  return formData.get("intent") === "online"
    ? startOnlinePayment(request, saleId, formData)
    : recordCash(request, saleId, formData);
}

export default function SalePaymentRoute() {
  const { method, reference, checkoutReference } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sale = useRouteLoaderData<typeof saleLoader>(SALE_ROUTE)?.sale;
  if (!sale) return null;
  const answered = answer?.intent === "cash" || answer?.intent === "online" ? answer.intent : null;
  const chosen = answered ?? method ?? (sale.paymentMethod === "CASH" ? "cash" : "online");
  return (
    <PaymentPage
      sale={sale}
      method={chosen}
      reference={reference}
      checkoutReference={checkoutReference}
      answer={answer}
    />
  );
}

export const ErrorBoundary = SectionErrorBoundary;
