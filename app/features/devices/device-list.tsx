import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { Drawer } from "~/components/drawer";
import { DropdownMenu } from "~/components/dropdown-menu";
import { FormInput } from "~/components/form-input";
import { ListAction, ListSection } from "~/components/list-section";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import type { SearchableChoices } from "~/components/option-search";
import { formatDate } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { ActiveFilter } from "./device-filters";
import {
  DEVICE_FIELD_FILTERS,
  INVENTORY_FILTER,
  activeDeviceFilters,
  filterPanelHref,
  keptDeviceFilters,
} from "./device-filters";
import type { DeviceRow, deviceListLoader } from "./device-list.server";

const COLUMNS: Column<DeviceRow>[] = [
  {
    header: "Serial Number",
    primary: true,
    cell: (device) => (
      <Link to={`/devices/${device.id}`} className="hover:underline">
        {device.serialNumber}
      </Link>
    ),
  },
  // Always masked by the API (docs/decisions/015); the device page reveals one to roles that manage devices.
  {
    header: "Key",
    cell: (device) => <span className="font-mono text-xs">{device.key || "No key"}</span>,
  },
  { header: "Starting Code", cell: (device) => device.startingCode ?? "" },
  { header: "Hardware Model", cell: (device) => device.hardwareModel ?? "" },
  { header: "Firmware Version", cell: (device) => device.firmwareVersion ?? "" },
  { header: "Tokenable", cell: (device) => (device.isTokenable ? "Yes" : "No") },
  { header: "Status", cell: (device) => (device.linked ? "Linked" : "Available") },
  { header: "Added", cell: (device) => formatDate(device.createdAt) },
];

function DeviceActionsMenu() {
  return (
    <DropdownMenu
      label="More device actions"
      trigger={<span aria-hidden="true">⋯</span>}
      triggerClassName="h-9 w-9 justify-center"
      panelClassName="w-64"
    >
      <Link to="/devices/all/batch" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
        Create New Devices (Batch)
      </Link>
    </DropdownMenu>
  );
}

function FilterChips({ filters, itemName }: { filters: ActiveFilter[]; itemName: string | null }) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">Filtered by</span>
      {filters.map((filter) => (
        <span
          key={filter.name}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-slate-800"
        >
          {filter.label}: {filter.name === "inventoryId" ? (itemName ?? filter.value) : filter.value}
          <Link
            to={filter.removeHref}
            aria-label={`Remove the ${filter.label} filter`}
            className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </span>
      ))}
    </div>
  );
}

/** The filter panel: a GET form over the list, so every filter lands in the URL, JavaScript or not. */
function FilterPanel({ items }: { items: SearchableChoices }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeTo = filterPanelHref(location.pathname, location.search, false);
  return (
    <Drawer title="Filter Devices" size="small" closeTo={closeTo}>
      <OptionSearch name="itemSearch" label="Find an inventory item" choices={items} />
      <Form method="get" action={location.pathname} className="flex flex-col gap-1">
        <FormInput label="Search" type="search" name="search" defaultValue={params.get("search") ?? ""} />
        {DEVICE_FIELD_FILTERS.map(({ name, label }) => (
          <FormInput key={name} label={label} name={name} defaultValue={params.get(name) ?? ""} />
        ))}
        <SearchableSelect
          label={INVENTORY_FILTER.label}
          name={INVENTORY_FILTER.name}
          placeholder="Any item"
          choices={items}
          defaultValue={params.get(INVENTORY_FILTER.name) ?? ""}
        />
        <div className="mt-2 flex flex-wrap gap-3">
          <button
            type="submit"
            className="rounded-full bg-slate-900 px-5 py-2.5 text-sm font-semibold text-white"
          >
            Apply Filters
          </button>
          <Link
            to={location.pathname}
            className="rounded-full border border-slate-300 px-5 py-2.5 text-sm font-medium hover:bg-slate-100"
          >
            Clear filters
          </Link>
        </div>
      </Form>
    </Drawer>
  );
}

export function DeviceListPage() {
  const { title, page, panel, filteredItemName, can } = useLoaderData<typeof deviceListLoader>();
  const location = useLocation();
  useListRefresh();
  const filters = activeDeviceFilters(location.pathname, location.search);
  const actions = (
    <>
      <Link
        to={filterPanelHref(location.pathname, location.search, true)}
        preventScrollReset
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
      >
        {filters.length ? `Filters (${filters.length})` : "Filters"}
      </Link>
      {can.create ? (
        <>
          <ListAction
            to={listHref("/devices/all/new", location.pathname === "/devices/all" ? location.search : "")}
          >
            New Device
          </ListAction>
          <DeviceActionsMenu />
        </>
      ) : null}
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      <FilterChips filters={filters} itemName={filteredItemName} />
      <ListSection
        title={title}
        searchLabel="Devices"
        search={page.query.search}
        keep={keptDeviceFilters(location.search)}
        filtered={filters.length > 0}
        actions={actions}
        page={page.list}
        itemLabel="devices"
        emptyHint={
          page.query.linked
            ? "Devices linked to a sale will be listed here once sales are recorded."
            : can.create
              ? "Devices you add with New Device or a batch file will be listed here."
              : undefined
        }
      >
        <DataTable caption={title} columns={COLUMNS} rows={page.list.devices} rowKey={(row) => row.id} />
      </ListSection>
      {panel ? <FilterPanel items={panel.items} /> : null}
      <Outlet />
    </div>
  );
}
