import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { BusinessSettingsRecordSchema } from "#backend/schemas/business";
import { TimelineSchema } from "#backend/schemas/account-actions";
import { SaleRecordSchema } from "#backend/schemas/sales";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { canFlags } from "~/utils/permissions";
import { toSaleWithReturn, verifyPaymentReturn } from "./payment-return.server";

/**
 * A receipt's payment must be one of this sale's: any other id is a 404 here. A checkout returns to the
 * sale's page: its return is verified before the sale is read, so the payment is already on the page; a
 * return that names another sale goes to that sale.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const payment = params.paymentId ? null : await verifyPaymentReturn(request);
  if (payment?.saleId && payment.saleId !== params.saleId) throw toSaleWithReturn(request, payment.saleId);
  // A receipt names the business that issued it.
  const saleId = encodeURIComponent(params.saleId ?? "");
  const [sale, business, timeline] = await Promise.all([
    apiRead(request, `/v1/sales/${saleId}`, SaleRecordSchema),
    params.paymentId
      ? apiRead(request, "/v1/sales/business-settings", BusinessSettingsRecordSchema)
      : Promise.resolve(null),
    // The account's contract actions, newest first (empty for a sale paid outright).
    apiRead(request, `/v1/accounts/${saleId}/timeline`, TimelineSchema),
  ]);
  if (params.paymentId && !sale.payments.some((paid) => paid.id === params.paymentId)) {
    throw data(null, { status: 404 });
  }
  return {
    sale,
    events: timeline.events,
    business,
    paymentId: params.paymentId ?? null,
    payment,
    can: canFlags(user, {
      pay: "write:Sales",
      manageSales: "manage:Sales",
      manageDevices: "manage:Devices",
      readCustomers: "read:Customers",
      readDevices: "read:Devices",
      readCollections: "read:Collections",
    }),
  };
}
