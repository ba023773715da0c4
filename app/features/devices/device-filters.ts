// No `key` filter on purpose: a key typed into a URL ends up in browser history and server logs.
export const DEVICE_FIELD_FILTERS = [
  { name: "serialNumber", label: "Serial Number" },
  { name: "startingCode", label: "Starting Code" },
  { name: "hardwareModel", label: "Hardware Model" },
  { name: "firmwareVersion", label: "Firmware Version" },
] as const;

export const INVENTORY_FILTER = { name: "inventoryId", label: "Inventory Item" } as const;

export type DeviceFilterName = (typeof DEVICE_FIELD_FILTERS)[number]["name"] | "inventoryId";

export const FILTER_PANEL = { name: "panel", value: "filters" } as const;

export type ActiveFilter = { name: DeviceFilterName; label: string; value: string; removeHref: string };

const href = (pathname: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
};

export function activeDeviceFilters(pathname: string, search: string): ActiveFilter[] {
  const params = new URLSearchParams(search);
  const found: ActiveFilter[] = [];
  for (const { name, label } of [...DEVICE_FIELD_FILTERS, INVENTORY_FILTER]) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    const rest = new URLSearchParams(params);
    rest.delete(name);
    rest.delete("page");
    rest.delete(FILTER_PANEL.name);
    found.push({ name, label, value, removeHref: href(pathname, rest) });
  }
  return found;
}

/** So searching does not drop the filters set in the panel. */
export function keptDeviceFilters(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const kept: Record<string, string> = {};
  for (const { name } of [...DEVICE_FIELD_FILTERS, INVENTORY_FILTER]) {
    const value = params.get(name)?.trim();
    if (value) kept[name] = value;
  }
  return kept;
}

export function filterPanelHref(pathname: string, search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set(FILTER_PANEL.name, FILTER_PANEL.value);
  else params.delete(FILTER_PANEL.name);
  return href(pathname, params);
}

/** Spec 001 §8: 'Device creation failed: {server message}.', without a doubled full stop. */
export function deviceCreationFailed(message: string | undefined): string {
  return `Device creation failed: ${(message ?? "Internal Server Error").replace(/\.+$/, "")}.`;
}
