import type { HttpBindings } from "@hono/node-server";
import type { BackendConfig } from "../config";
import type { AppDb } from "../db/client";
import type { Mailer } from "../mail";
import type { AuthSession } from "../services/auth-tokens";
import type { CustomerList, CustomerStats } from "../schemas/customers";
import type { PageAnchor } from "../services/customers";
import type { InventoryCategoryRecord, InventoryList, InventoryStats } from "../schemas/inventory";
import type { WarehouseRecord } from "../schemas/warehouses";
import type { ProductCategoryRecord, ProductList } from "../schemas/products";
import type { DeviceList } from "../schemas/devices";
import type { SaleList, SaleStats } from "../schemas/sales";
import type { SaleDraftList } from "../schemas/sale-drafts";
import type { AccountList, PortfolioOptions, PortfolioSummary } from "../schemas/portfolio";
import type { LaterWork } from "../later";
import type { CollectionCounts, CollectionList, CollectionOptions } from "../schemas/collections";
import type { ChangeFeed } from "../db/change-notices";
import type { ReadCache } from "./read-cache";

export interface ApiDeps {
  db: AppDb;
  config: BackendConfig;
  mailer: Mailer;
  /** Where work that answers may not wait for runs; give one to wait for it on shutdown. */
  later?: LaterWork;
  /** Change notices from the database, when other processes may write to it (PostgreSQL). */
  changes?: ChangeFeed;
  /** True once the process is stopping: `/readyz` then sends the load balancer elsewhere. */
  draining?: () => boolean;
}

export interface ApiCaches {
  sessions: ReadCache<AuthSession | null>;
  overview: ReadCache<Record<string, number>>;
  unseenActivity: ReadCache<number>;
  counts: ReadCache<number>;
  customerStats: ReadCache<CustomerStats>;
  customerPages: ReadCache<CustomerList>;
  customerAnchors: ReadCache<PageAnchor[]>;
  inventoryStats: ReadCache<InventoryStats>;
  productPages: ReadCache<ProductList>;
  inventoryPages: ReadCache<InventoryList>;
  inventoryCategories: ReadCache<InventoryCategoryRecord[]>;
  productCategories: ReadCache<ProductCategoryRecord[]>;
  warehouseRecords: ReadCache<WarehouseRecord>;
  devicePages: ReadCache<DeviceList>;
  salePages: ReadCache<SaleList>;
  saleStats: ReadCache<SaleStats>;
  saleDraftLists: ReadCache<SaleDraftList>;
  portfolio: ReadCache<PortfolioSummary>;
  portfolioOptions: ReadCache<PortfolioOptions>;
  accountPages: ReadCache<AccountList>;
  worklistPages: ReadCache<CollectionList>;
  collectionCounts: ReadCache<CollectionCounts>;
  collectionOptions: ReadCache<CollectionOptions>;
}

export interface RouteDeps extends ApiDeps {
  caches: ApiCaches;
  later: LaterWork;
}

export interface ApiEnv {
  // Present only when served by @hono/node-server; an in-process call has no socket.
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { session: AuthSession | undefined; clientAddress: string | null };
}
