import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readMultipart } from "../http/multipart";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  BatchRecordSchema,
  CreateInventoryBatchSchema,
  CreateInventoryCategoriesSchema,
  CreateInventorySchema,
  INVENTORY_IMAGE_FIELD,
  INVENTORY_IMAGE_REQUIRED,
  InventoryBatchCreatedSchema,
  InventoryCategoryListSchema,
  InventoryCategoryRecordSchema,
  InventoryDetailSchema,
  InventoryListQuerySchema,
  InventoryListSchema,
  InventoryStatsQuerySchema,
  InventoryStatsSchema,
  MovementListQuerySchema,
  MovementListSchema,
  RenameInventoryCategorySchema,
  RestockSchema,
  TransferResultSchema,
  TransferSchema,
} from "../schemas/inventory";
import type {
  InventoryList,
  InventoryListQuery,
  InventoryStatsQuery,
  MovementList,
  MovementListQuery,
} from "../schemas/inventory";
import {
  countInventory,
  createInventory,
  getInventory,
  inventoryCountKey,
  inventoryStats,
  inventoryTotalFromStats,
  listInventory,
} from "../services/inventory";
import {
  createInventoryCategories,
  listInventoryCategories,
  renameInventoryCategory,
} from "../services/inventory-categories";
import {
  countMovements,
  createInventoryBatch,
  listMovements,
  movementCountKey,
  restockInventory,
  transferStock,
} from "../services/stock-movements";
import { cachedJson } from "../http/cached-json";

const moneyNote = "naira, at most 2 decimals";

export const inventoryOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/inventory",
    tag: "Inventory",
    summary:
      "Inventory items, newest first, with their sale price range and units left; filters by category, " +
      "sub-category, class and warehouse (quantities then count that warehouse only); the picker asks for 12",
    access: "read:Inventory",
    query: InventoryListQuerySchema,
    success: ok("One page of items", InventoryListSchema),
  },
  {
    method: "get",
    path: "/api/v1/inventory/stats",
    tag: "Inventory",
    summary: "Item counts, in all and per class (within a warehouse when given)",
    access: "read:Inventory",
    query: InventoryStatsQuerySchema,
    success: ok("The counts", InventoryStatsSchema),
  },
  {
    method: "get",
    path: "/api/v1/inventory/categories/all",
    tag: "Inventory",
    summary: "Inventory categories with their sub-categories, by name",
    access: "read:Inventory",
    success: ok("The categories", InventoryCategoryListSchema),
  },
  {
    method: "post",
    path: "/api/v1/inventory/category/create",
    tag: "Inventory",
    summary:
      "Create categories (each with optional `subCategories`) or, with `parentId`, sub-categories; names " +
      "are unique among siblings",
    access: "write:Inventory",
    body: CreateInventoryCategoriesSchema,
    success: ok(
      "Each new category with its children, or the parent with its new child",
      InventoryCategoryListSchema,
      201,
    ),
  },
  {
    method: "patch",
    path: "/api/v1/inventory/categories/{id}",
    tag: "Inventory",
    summary: "Rename a category or sub-category (Inventory Settings)",
    access: "write:Inventory",
    body: RenameInventoryCategorySchema,
    success: ok(
      "The category (for a sub-category, its parent) with its children",
      InventoryCategoryRecordSchema,
    ),
    errors: { 404: "Inventory category not found" },
  },
  {
    method: "get",
    path: "/api/v1/inventory/logs",
    tag: "Inventory",
    summary:
      "The inventory log (receipts, transfers…), newest first; by warehouse (either side), item or kind",
    access: "read:Inventory",
    query: MovementListQuerySchema,
    success: ok("One page of movements", MovementListSchema),
  },
  {
    method: "post",
    path: "/api/v1/inventory/create",
    tag: "Inventory",
    summary:
      "Create an item with its first batch (multipart, with its image); without `warehouseId` the first " +
      "active warehouse taking the class receives it",
    access: "write:Inventory",
    multipart: {
      class: { description: "REGULAR, RETURNED or REFURBISHED", required: true },
      inventoryCategoryId: { description: "A top-level inventory category", required: true },
      inventorySubCategoryId: { description: "A sub-category of that category", required: true },
      name: { description: "At most 50 characters", required: true },
      manufacturerName: { description: "At most 50 characters", required: true },
      dateOfManufacture: { description: "YYYY-MM-DD, not in the future", required: true },
      sku: { description: "Letters, digits and dashes, at most 50, unique", required: true },
      numberOfStock: { description: "Whole number ≥ 1", required: true },
      costOfItem: { description: `Unit cost, ${moneyNote}`, required: true },
      price: { description: `Unit selling price, ${moneyNote}`, required: true },
      warehouseId: { description: "Receiving warehouse: active and taking the class" },
      inventoryImage: {
        description: "PNG, JPEG or SVG (read from the bytes), at most 5 MB",
        file: true,
        required: true,
      },
    },
    success: ok("The new item with its batch and receipt", InventoryDetailSchema, 201),
  },
  {
    method: "post",
    path: "/api/v1/inventory/batch/create",
    tag: "Inventory",
    summary:
      `Restock the item \`inventoryId\` (the reference contract's route; ${moneyNote}): a new batch in an ` +
      "active warehouse taking the item's class, and its receipt; the cost of the item is required, as " +
      "every sale priced at cost plus margin needs it",
    access: "write:Inventory",
    body: CreateInventoryBatchSchema,
    success: ok("`Inventory created successfully`, with the new batch", InventoryBatchCreatedSchema, 201),
  },
  {
    method: "post",
    path: "/api/v1/inventory/transfers",
    tag: "Inventory",
    summary:
      "Move units of a batch to another active warehouse taking the item's class: the batch keeps the rest, " +
      "a new batch there holds the moved units, one movement names both warehouses",
    access: "write:Inventory",
    body: TransferSchema,
    success: ok("Both batches and the movement", TransferResultSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/inventory/{id}",
    tag: "Inventory",
    summary: "One item with all its batches and its latest movements",
    access: "read:Inventory",
    success: ok("The item", InventoryDetailSchema),
    errors: { 404: "Inventory not found" },
  },
  {
    method: "post",
    path: "/api/v1/inventory/{id}/batches",
    tag: "Inventory",
    summary: `Restock: a new batch (${moneyNote}) in an active warehouse taking the item's class, and its receipt`,
    access: "write:Inventory",
    body: RestockSchema,
    success: ok("The new batch", BatchRecordSchema, 201),
    errors: { 404: "Inventory not found" },
  },
];

export function inventoryRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const cachedStats = (query: InventoryStatsQuery) =>
    caches.inventoryStats.get(query.warehouseId ?? "", () => inventoryStats(db, query));
  const inventoryList: ListSource<InventoryListQuery, InventoryList> = {
    count: (query) => countInventory(db, query),
    totalFromStats: (query) => inventoryTotalFromStats(query, cachedStats),
    list: (query, total) => listInventory(db, query, total),
    cache: {
      area: "inventory",
      countKey: inventoryCountKey,
      counts: caches.counts,
      pages: caches.inventoryPages,
    },
  };
  const movementList: ListSource<MovementListQuery, MovementList> = {
    count: (query) => countMovements(db, query),
    list: (query, total) => listMovements(db, query, total),
    cache: { area: "movements", countKey: movementCountKey, counts: caches.counts },
  };

  // Fixed paths before `/:id`, which would otherwise claim them.
  return new Hono<ApiEnv>()
    .get("/", guard("read:Inventory"), (c) =>
      listAnswer(c, readQuery(c, InventoryListQuerySchema), inventoryList),
    )
    .get("/stats", guard("read:Inventory"), async (c) => {
      return cachedJson(c, await cachedStats(readQuery(c, InventoryStatsQuerySchema)));
    })
    .get("/categories/all", guard("read:Inventory"), async (c) => {
      return cachedJson(c, await caches.inventoryCategories.get("all", () => listInventoryCategories(db)));
    })
    .post("/category/create", guard("write:Inventory"), async (c) => {
      const input = await readJsonBody(c, CreateInventoryCategoriesSchema);
      return c.json(await createInventoryCategories(db, signedInActor(c), input), 201);
    })
    .patch("/categories/:id", guard("write:Inventory"), async (c) => {
      const input = await readJsonBody(c, RenameInventoryCategorySchema);
      return c.json(await renameInventoryCategory(db, signedInActor(c), c.req.param("id"), input), 200);
    })
    .get("/logs", guard("read:Inventory"), (c) =>
      listAnswer(c, readQuery(c, MovementListQuerySchema), movementList),
    )
    .post("/create", guard("write:Inventory"), async (c) => {
      const { value, files } = await readMultipart(c, CreateInventorySchema, {
        requiredFiles: { [INVENTORY_IMAGE_FIELD]: INVENTORY_IMAGE_REQUIRED },
      });
      return c.json(await createInventory(db, signedInActor(c), value, files[INVENTORY_IMAGE_FIELD]), 201);
    })
    .post("/batch/create", guard("write:Inventory"), async (c) => {
      const input = await readJsonBody(c, CreateInventoryBatchSchema);
      return c.json(await createInventoryBatch(db, signedInActor(c), input), 201);
    })
    .post("/transfers", guard("write:Inventory"), async (c) => {
      const input = await readJsonBody(c, TransferSchema);
      return c.json(await transferStock(db, signedInActor(c), input), 201);
    })
    .get("/:id", guard("read:Inventory"), async (c) => {
      return c.json(await getInventory(db, c.req.param("id")), 200);
    })
    .post("/:id/batches", guard("write:Inventory"), async (c) => {
      const input = await readJsonBody(c, RestockSchema);
      return c.json(await restockInventory(db, signedInActor(c), c.req.param("id"), input), 201);
    });
}
