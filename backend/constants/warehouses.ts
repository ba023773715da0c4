// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const WAREHOUSE_STATUSES = ["active", "inactive"] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];

export const WAREHOUSE_IMAGE_FIELD = "image";
export const WAREHOUSE_IMAGE_REQUIRED = "Warehouse Image is required";
