import type { HttpBindings } from "@hono/node-server";
import type { BackendConfig } from "../config";
import type { AppDb } from "../db/client";
import type { Mailer } from "../mail";
import type { AuthSession } from "../services/auth-tokens";
import type { CustomerList, CustomerStats } from "../schemas/customers";
import type { InventoryCategoryRecord, InventoryList, InventoryStats } from "../schemas/inventory";
import type { WarehouseRecord } from "../schemas/warehouses";
import type { ProductCategoryRecord, ProductList } from "../schemas/products";
import type { DeviceList } from "../schemas/devices";
import type { SaleList, SaleStats } from "../schemas/sales";
import type { SaleDraftList } from "../schemas/sale-drafts";
import type { LaterWork } from "../later";
import type { ReadCache } from "./read-cache";

/** What the routes are built from: one database, the settings and the mailer. */
export interface ApiDeps {
  db: AppDb;
  config: BackendConfig;
  mailer: Mailer;
  /** Where work that answers may not wait for runs; give one to wait for it on shutdown. */
  later?: LaterWork;
}

/** The answers cached between changes (see read-cache.ts). */
export interface ApiCaches {
  sessions: ReadCache<AuthSession | null>;
  /** Area counts, keyed by the areas the caller may read. */
  overview: ReadCache<Record<string, number>>;
  /** Unseen Action Center entries, per staff member. */
  unseenActivity: ReadCache<number>;
  /** Totals of filtered lists, keyed by area and filters (a count over a large table is the slow part). */
  counts: ReadCache<number>;
  customerStats: ReadCache<CustomerStats>;
  /** Pages of the customer list, keyed by filters and page: tabs, drawers and refreshes ask again and again. */
  customerPages: ReadCache<CustomerList>;
  /** Inventory stat cards and tab counts, per warehouse filter ("" for all). */
  inventoryStats: ReadCache<InventoryStats>;
  /** Pages of the product and inventory lists (the sale's product picker asks for the same ones again and again). */
  productPages: ReadCache<ProductList>;
  inventoryPages: ReadCache<InventoryList>;
  /** The category lists: the inventory and product pages' filters and forms read them on every request. */
  inventoryCategories: ReadCache<InventoryCategoryRecord[]>;
  productCategories: ReadCache<ProductCategoryRecord[]>;
  /** Single warehouses with their stock: every inventory page filtered by a warehouse shows its name. */
  warehouseRecords: ReadCache<WarehouseRecord>;
  /** Pages of the device list (keys masked, so the same for every reader), as for customers. */
  devicePages: ReadCache<DeviceList>;
  /** Pages of the sales list and its header counts: the list refreshes every 60 s in every open tab. */
  salePages: ReadCache<SaleList>;
  saleStats: ReadCache<SaleStats>;
  /** Each staff member's open drafts ('My drafts' on every sales list page), by user id. */
  saleDraftLists: ReadCache<SaleDraftList>;
}

/** What each group of routes is built from. */
export interface RouteDeps extends ApiDeps {
  caches: ApiCaches;
  later: LaterWork;
}

export interface ApiEnv {
  // Present only when served by @hono/node-server; an in-process call has no socket.
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { session: AuthSession | undefined; clientAddress: string | null };
}
