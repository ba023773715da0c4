import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { InventoryStats } from "#backend/schemas/inventory";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DropdownMenu } from "~/components/dropdown-menu";
import { ListAction, ListSection } from "~/components/list-section";
import { RecordImage } from "~/components/record-image";
import { StatCard } from "~/components/stat-card";
import { formatBadgeCount, formatNumber, formatPriceRange } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import { CLASS_LABELS } from "./inventory-classes";
import { FAILED_TO_FETCH_CATEGORIES } from "./category-forms";
import type { InventoryRow, inventoryListLoader } from "./inventory-list.server";
import { useInventorySection } from "./inventory-section";

const COLUMNS: Column<InventoryRow>[] = [
  {
    header: "Name",
    primary: true,
    cell: (item) => (
      <span className="flex items-center gap-3">
        <RecordImage src={item.image} />
        <Link to={`/inventory/${item.id}`} className="hover:underline">
          {item.name}
        </Link>
      </span>
    ),
  },
  { header: "SKU", cell: (item) => item.sku },
  { header: "Category", cell: (item) => item.inventoryCategory.name },
  { header: "Class", cell: (item) => CLASS_LABELS[item.class] },
  {
    header: "Sale Price",
    cell: (item) =>
      formatPriceRange(
        item.salePrice.minimumInventoryBatchPrice,
        item.salePrice.maximumInventoryBatchPrice,
      ) || "No stock",
  },
  { header: "Remaining", cell: (item) => formatNumber(item.totalRemainingQuantities) },
];

function InventoryMenu({ search }: { search: string }) {
  const itemClass = "block rounded-lg px-3 py-2 text-sm hover:bg-slate-100";
  return (
    <DropdownMenu
      label="More inventory actions"
      trigger={<span aria-hidden="true">⋯</span>}
      triggerClassName="h-9 w-9 justify-center"
      panelClassName="w-56"
    >
      <Link to={listHref("/inventory/all/categories/new", search)} className={itemClass}>
        Create New Category
      </Link>
      <Link to={listHref("/inventory/all/sub-categories/new", search)} className={itemClass}>
        Create New Sub-Category
      </Link>
    </DropdownMenu>
  );
}

function InventoryStatCards({ stats }: { stats: InventoryStats }) {
  const counts = new Map(stats.inventoryClassCounts.map((entry) => [entry.inventoryClass, entry.count]));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="All Inventory" value={formatBadgeCount(stats.totalInventoryCount)} />
      <StatCard label="Regular" value={formatBadgeCount(counts.get("REGULAR") ?? 0)} />
      <StatCard label="Returned" value={formatBadgeCount(counts.get("RETURNED") ?? 0)} />
      <StatCard label="Refurbished" value={formatBadgeCount(counts.get("REFURBISHED") ?? 0)} />
    </div>
  );
}

export function InventoryListPage() {
  const { title, page, categories, can } = useLoaderData<typeof inventoryListLoader>();
  const stats = useInventorySection()?.stats;
  const location = useLocation();
  useListRefresh();
  const { query, list } = page;
  const warehouseId = query.warehouseId;
  const context = listHref("", location.search, { page: null, search: null, inventoryCategoryId: null });
  return (
    <div className="flex flex-col gap-4">
      {stats ? <InventoryStatCards stats={stats} /> : null}
      <ListSection
        title={title}
        searchLabel="Inventory"
        search={query.search}
        keep={{ warehouseId }}
        filtered={Boolean(query.inventoryCategoryId)}
        clearHref={`${location.pathname}${context}`}
        filters={
          categories ? (
            <>
              <label htmlFor="inventory-category-filter" className="sr-only">
                Category
              </label>
              <select
                id="inventory-category-filter"
                name="inventoryCategoryId"
                defaultValue={query.inventoryCategoryId ?? ""}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                <option value="">All categories</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </>
          ) : null
        }
        actions={
          can.create ? (
            <>
              <ListAction to={listHref("/inventory/all/new", location.search)}>New Inventory</ListAction>
              <InventoryMenu search={location.search} />
            </>
          ) : null
        }
        page={list}
        itemLabel="items"
        emptyHint={can.create ? "Items you add with New Inventory will be listed here." : undefined}
      >
        {categories ? null : (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {FAILED_TO_FETCH_CATEGORIES}
          </p>
        )}
        <DataTable caption={title} columns={COLUMNS} rows={list.inventories} rowKey={(item) => item.id} />
      </ListSection>
      <Outlet />
    </div>
  );
}
