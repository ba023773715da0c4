import type { LoaderFunctionArgs } from "@remix-run/node";
import { MovementListQuerySchema, MovementListSchema } from "#backend/schemas/inventory";
import { readListQuery } from "#backend/schemas/list";
import { WarehouseListSchema } from "#backend/schemas/warehouses";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { PARAMS } from "~/features/warehouses/movement-logs";

// The warehouse list behind the panel keeps `page` and `search`, so the log's have their own names.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const [name, param] of Object.entries(PARAMS)) {
    const value = url.searchParams.get(param);
    if (value) params.set(name, value);
  }
  const query = readListQuery(MovementListQuerySchema, params);
  const [log, warehouses] = await Promise.all([
    apiRead(request, "/v1/inventory/logs", MovementListSchema, query),
    apiReadOrFailure(request, "/v1/warehouses", WarehouseListSchema, { limit: 100 }),
  ]);
  return { query, log, warehouses: warehouses.ok ? warehouses.data.warehouses : [] };
}
