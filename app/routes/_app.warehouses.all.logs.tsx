import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import type { MovementRecord } from "#backend/schemas/inventory";
import { MOVEMENT_KINDS } from "#backend/constants/inventory";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { Drawer } from "~/components/drawer";
import { EmptyListState } from "~/components/empty-state";
import { SectionErrorBoundary } from "~/components/error-panel";
import { Pagination } from "~/components/pagination";
import { MOVEMENT_LABELS } from "~/features/inventory/movements";
import { formatDate, formatNumber, formatTime } from "~/utils/format";
import { PARAMS } from "~/features/warehouses/movement-logs";
import { listHref } from "~/utils/list-params";
import type { loader } from "~/features/warehouses/movement-logs.server";

export { loader } from "~/features/warehouses/movement-logs.server";

export const meta: MetaFunction = () => [{ title: "Inventory Logs — Warehouses — SolarDesk" }];

const COLUMNS: Column<MovementRecord>[] = [
  {
    header: "When",
    primary: true,
    cell: (movement) => `${formatDate(movement.createdAt)} ${formatTime(movement.createdAt)}`,
  },
  { header: "Item", cell: (movement) => `${movement.inventory.name} (${movement.inventory.sku})` },
  { header: "Movement", cell: (movement) => MOVEMENT_LABELS[movement.kind] },
  { header: "From", cell: (movement) => movement.fromWarehouse?.name ?? "—" },
  { header: "To", cell: (movement) => movement.toWarehouse?.name ?? "—" },
  { header: "Quantity", cell: (movement) => formatNumber(movement.quantity) },
  { header: "By", cell: (movement) => movement.actor?.name ?? "—" },
];

const control = "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";

export default function InventoryLogsRoute() {
  const { query, log, warehouses } = useLoaderData<typeof loader>();
  const location = useLocation();
  const listSearch = new URLSearchParams(location.search);
  const here = "/warehouses/all/logs";
  const filtered = Boolean(query.search || query.warehouseId || query.kind);
  return (
    <Drawer title="Inventory Logs" size="large" closeTo={listHref("/warehouses/all", location.search)}>
      <Form method="get" action={here} role="search" className="flex flex-wrap items-end gap-2">
        {/* The list behind the panel keeps its own page and search. */}
        {["page", "search", "status"].map((name) =>
          listSearch.get(name) ? (
            <input key={name} type="hidden" name={name} value={listSearch.get(name) ?? ""} />
          ) : null,
        )}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Item</span>
          <input
            type="search"
            name={PARAMS.search}
            defaultValue={query.search ?? ""}
            placeholder="Name or SKU"
            className={control}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Warehouse</span>
          <select name={PARAMS.warehouseId} defaultValue={query.warehouseId ?? ""} className={control}>
            <option value="">All warehouses</option>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Movement</span>
          <select name={PARAMS.kind} defaultValue={query.kind ?? ""} className={control}>
            <option value="">All movements</option>
            {MOVEMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {MOVEMENT_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
          Filter
        </button>
      </Form>
      {log.total > 0 ? (
        <>
          <DataTable
            scrollsAlone
            caption="Inventory Logs"
            columns={COLUMNS}
            rows={log.movements}
            rowKey={(row) => row.id}
          />
          <Pagination {...log} label="movements" param={PARAMS.page} />
        </>
      ) : (
        <EmptyListState
          searching={filtered}
          clearHref={listHref(here, location.search, { warehouseId: null })}
        />
      )}
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
