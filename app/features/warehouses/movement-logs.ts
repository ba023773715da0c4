/** The log's URL parameters: its own names, so they never collide with the warehouse list's. */
export const PARAMS = {
  page: "logPage",
  search: "logSearch",
  warehouseId: "warehouseId",
  kind: "kind",
} as const;
