import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { WarehouseRecord } from "#backend/schemas/warehouses";
import { DropdownMenu } from "~/components/dropdown-menu";
import { ListSection } from "~/components/list-section";
import { RecordImage } from "~/components/record-image";
import { StatCard } from "~/components/stat-card";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { CLASS_LABELS } from "~/features/inventory/inventory-classes";
import { capitalise, formatBadgeCount, formatNumber } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { warehouseListLoader, warehouseStatusAction } from "./warehouse-list.server";
import { useWarehouseSection } from "./warehouse-section";

function WarehouseMenu({ search, can }: { search: string; can: { create: boolean; readLogs: boolean } }) {
  const itemClass = "block rounded-lg px-3 py-2 text-sm hover:bg-slate-100";
  return (
    <DropdownMenu
      label="More warehouse actions"
      trigger={<span aria-hidden="true">⋯</span>}
      triggerClassName="h-9 w-9 justify-center"
      panelClassName="w-56"
    >
      {can.create ? (
        <Link to={listHref("/warehouses/all/new", search)} className={itemClass}>
          Add New Warehouse
        </Link>
      ) : null}
      {can.readLogs ? (
        <Link to={listHref("/warehouses/all/logs", search)} className={itemClass}>
          View All Inventory Logs
        </Link>
      ) : null}
      {/* A file download: the browser saves it; no page of ours is rendered. */}
      <a href="/warehouses/export" download className={itemClass}>
        Export list
      </a>
    </DropdownMenu>
  );
}

function WarehouseCard({
  warehouse,
  can,
  refusal,
}: {
  warehouse: WarehouseRecord;
  can: { write: boolean };
  refusal: string | null;
}) {
  const titleId = `warehouse-${warehouse.id}`;
  const active = warehouse.status === "active";
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <RecordImage src={warehouse.image} className="h-14 w-14" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold text-slate-900">
            <Link to={`/inventory/all?warehouseId=${warehouse.id}`} className="hover:underline">
              {warehouse.name}
            </Link>
          </h3>
          <p className="text-xs text-slate-600">
            {warehouse.type ? `${warehouse.type} · ` : ""}
            <span className={active ? "text-green-800" : "text-red-800"}>{capitalise(warehouse.status)}</span>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-600">Classes</dt>
          <dd>{warehouse.inventoryClasses.map((item) => CLASS_LABELS[item]).join(", ")}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-600">Units held</dt>
          <dd>
            {formatNumber(warehouse.unitsHeld)} ({formatNumber(warehouse.inventoryCount)}{" "}
            {warehouse.inventoryCount === 1 ? "item" : "items"})
          </dd>
        </div>
      </dl>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Link
          to={`/inventory/all?warehouseId=${warehouse.id}`}
          aria-label={`Open inventory of ${warehouse.name}`}
          className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium hover:bg-slate-100"
        >
          Open inventory
        </Link>
        {can.write ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="ui.warehouseId" value={warehouse.id} />
            <SubmitButton
              intent={active ? `deactivate` : `activate`}
              pendingText={active ? "Deactivating..." : "Activating..."}
              tone={active ? "danger" : "primary"}
              aria-label={`${active ? "Deactivate" : "Activate"} ${warehouse.name}`}
              className="!px-3 !py-1 text-xs"
            >
              {active ? "Deactivate" : "Activate"}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export function WarehouseListPage() {
  const { title, page, can } = useLoaderData<typeof warehouseListLoader>();
  const stats = useWarehouseSection()?.stats;
  const answer = useActionData<typeof warehouseStatusAction>();
  const location = useLocation();
  useListRefresh();
  const { query, list } = page;
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={answer?.toast} />
      {stats ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <StatCard label="All Warehouses" value={formatBadgeCount(stats.totalWarehouses)} />
          <StatCard label="Active" value={formatBadgeCount(stats.activeWarehouses)} />
          <StatCard label="Inactive" value={formatBadgeCount(stats.inactiveWarehouses)} />
        </div>
      ) : null}
      <ListSection
        title={title}
        searchLabel="Warehouses"
        search={query.search}
        actions={
          // The spec's warehouse actions are all in the menu.
          <WarehouseMenu search={location.search} can={can} />
        }
        page={list}
        itemLabel="warehouses"
        emptyHint={can.create ? "Warehouses you add with Add New Warehouse will be listed here." : undefined}
      >
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.warehouses.map((warehouse) => (
            <WarehouseCard
              key={warehouse.id}
              warehouse={warehouse}
              can={can}
              refusal={answer?.refusal.warehouseId === warehouse.id ? answer.refusal.message : null}
            />
          ))}
        </ul>
      </ListSection>
      <Outlet />
    </div>
  );
}
