// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const INVENTORY_CLASSES = ["REGULAR", "RETURNED", "REFURBISHED"] as const;
export type InventoryClass = (typeof INVENTORY_CLASSES)[number];
/** Read from the remaining stock, never stored, so it cannot go stale. */
export const INVENTORY_STATUSES = ["IN_STOCK", "OUT_OF_STOCK"] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];
export const MOVEMENT_KINDS = ["RECEIPT", "TRANSFER", "ALLOCATION", "RELEASE", "ISSUE"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const INVENTORY_PICKER_PAGE_SIZE = 12;
export const RECENT_MOVEMENTS = 20;

export const MAX_NAME_LENGTH = 50;
export const MAX_STOCK = 1_000_000;

export const INVALID_CLASS = "Invalid Inventory Class";
export const INVENTORY_IMAGE_FIELD = "inventoryImage";
export const INVENTORY_IMAGE_REQUIRED = "Inventory Image is required";
