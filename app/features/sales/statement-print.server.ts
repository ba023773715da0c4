import type { LoaderFunctionArgs } from "@remix-run/node";
import { BusinessSettingsRecordSchema } from "#backend/schemas/business";
import { SaleRecordSchema } from "#backend/schemas/sales";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const [sale, business] = await Promise.all([
    apiRead(request, `/v1/sales/${encodeURIComponent(params.saleId ?? "")}`, SaleRecordSchema),
    apiRead(request, "/v1/sales/business-settings", BusinessSettingsRecordSchema),
  ]);
  return { sale, business };
}
