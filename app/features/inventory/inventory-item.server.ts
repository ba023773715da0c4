import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InventoryDetailSchema } from "#backend/schemas/inventory";
import { WarehouseListSchema } from "#backend/schemas/warehouses";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { saveStockChange } from "~/features/inventory/stock-forms.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = encodeURIComponent(params.inventoryId ?? "");
  const flags = canFlags(user, { write: "write:Inventory" });
  const [item, warehouses] = await Promise.all([
    apiRead(request, `/v1/inventory/${id}`, InventoryDetailSchema),
    flags.write
      ? apiReadOrFailure(request, "/v1/warehouses", WarehouseListSchema, { status: "active", limit: 100 })
      : null,
  ]);
  return { item, can: flags, warehouses: warehouses?.ok ? warehouses.data.warehouses : [] };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  return saveStockChange(request, await readFormData(request), params.inventoryId ?? "");
}
