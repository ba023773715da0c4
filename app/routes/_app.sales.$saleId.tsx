import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { SaleRecordSchema } from "#backend/schemas/sales";
import { apiRead } from "~/api.server";
import { SectionErrorBoundary } from "~/components/error-panel";
import { shortSaleId } from "~/features/sales/sale-labels";
import { SalePage } from "~/features/sales/sale-page";
import { requireUser } from "~/session.server";
import { canFlags } from "~/utils/permissions";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Sale ${shortSaleId(loaded.sale.id)} — Sales — SolarDesk` : "Sale — SolarDesk" },
];

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

export default function SaleRoute() {
  const { sale, can } = useLoaderData<typeof loader>();
  const below = useOutlet();
  return below ?? <SalePage sale={sale} can={can} />;
}

export const ErrorBoundary = SectionErrorBoundary;
