import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { SaleRecordSchema } from "#backend/schemas/sales";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { canFlags } from "~/utils/permissions";

/** A receipt's payment must be one of this sale's: any other id is a 404 here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sale = await apiRead(
    request,
    `/v1/sales/${encodeURIComponent(params.saleId ?? "")}`,
    SaleRecordSchema,
  );
  if (params.paymentId && !sale.payments.some((payment) => payment.id === params.paymentId)) {
    throw data(null, { status: 404 });
  }
  return {
    sale,
    can: canFlags(user, { pay: "write:Sales", readCustomers: "read:Customers", readDevices: "read:Devices" }),
  };
}
