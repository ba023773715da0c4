/** The URL parameters that describe a list's state: kept when a drawer opens over it or closes. */
const LIST_PARAMS = ["page", "search", "status", "warehouseId", "inventoryCategoryId", "categoryId"];

export function listHref(pathname: string, currentSearch: string, extra: Record<string, string | null> = {}) {
  const current = new URLSearchParams(currentSearch);
  const params = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
