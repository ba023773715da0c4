import type { LoaderFunctionArgs } from "@remix-run/node";
import { AgentRecordSchema } from "#backend/schemas/agents";
import { CustomerRecordSchema } from "#backend/schemas/customers";
import { SaleListSchema } from "#backend/schemas/sales";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { fullName } from "~/utils/format";
import { canFlags } from "~/utils/permissions";

/** The newest sales shown on a customer's page; the rest are a search of the sales list away. */
const CUSTOMER_SALES = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = encodeURIComponent(params.customerId ?? "");
  const customer = await apiRead(request, `/v1/customers/single/${id}`, CustomerRecordSchema);
  const [agent, sales] = await Promise.all([
    customer.agentId
      ? apiReadOrFailure(request, `/v1/agents/${encodeURIComponent(customer.agentId)}`, AgentRecordSchema)
      : null,
    apiReadOrFailure(request, "/v1/sales", SaleListSchema, {
      customerId: customer.id,
      limit: CUSTOMER_SALES,
    }),
  ]);
  return {
    customer,
    agentName: agent?.ok ? fullName(agent.data) : null,
    sales: sales.ok ? sales.data : null,
    can: canFlags(user, { sell: "write:Sales" }),
  };
}
