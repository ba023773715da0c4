import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { cachedJson } from "../http/cached-json";
import { csvResponse, inBatches } from "../http/csv";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readJsonOrMultipart, readMultipart } from "../http/multipart";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readQuery } from "../http/validation";
import { lagosDate } from "../schemas/dates";
import {
  CreateWarehouseSchema,
  UpdateWarehouseSchema,
  WAREHOUSE_EXPORT_HEADER,
  WAREHOUSE_IMAGE_FIELD,
  WAREHOUSE_IMAGE_REQUIRED,
  WarehouseListQuerySchema,
  WarehouseListSchema,
  WarehouseRecordSchema,
  WarehouseStatsSchema,
} from "../schemas/warehouses";
import type { WarehouseList, WarehouseListQuery } from "../schemas/warehouses";
import {
  countWarehouses,
  createWarehouse,
  getWarehouse,
  listWarehouses,
  updateWarehouse,
  warehouseExportBatch,
  warehouseExportRow,
  warehouseStats,
} from "../services/warehouses";

const warehouseFields = {
  name: { description: "Warehouse name, at most 50 characters, unique", required: true },
  type: { description: "Optional kind of warehouse, at most 50 characters" },
  inventoryClasses: {
    description: "REGULAR, RETURNED and/or REFURBISHED: a comma list or the field repeated",
    required: true,
  },
  image: { description: "PNG, JPEG or SVG (read from the bytes), at most 5 MB", file: true, required: true },
};

export const warehouseOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/warehouses",
    tag: "Warehouses",
    summary: "Warehouse cards, newest first, with the units each holds; `status` picks a tab",
    access: "read:Warehouses",
    query: WarehouseListQuerySchema,
    success: ok("One page of warehouses", WarehouseListSchema),
  },
  {
    method: "get",
    path: "/api/v1/warehouses/statistics/view",
    tag: "Warehouses",
    summary: "Counts for the 'All Warehouses' card and the tabs",
    access: "read:Warehouses",
    success: ok("The counts", WarehouseStatsSchema),
  },
  {
    method: "get",
    path: "/api/v1/warehouses/export",
    tag: "Warehouses",
    summary: "Every warehouse as a CSV file (formula-like cells neutralised)",
    access: "read:Warehouses",
    success: { ...ok("The CSV file", z.string()), contentType: "text/csv" },
  },
  {
    method: "get",
    path: "/api/v1/warehouses/{id}",
    tag: "Warehouses",
    summary: "One warehouse",
    access: "read:Warehouses",
    success: ok("The warehouse", WarehouseRecordSchema),
    errors: { 404: "Warehouse not found" },
  },
  {
    method: "post",
    path: "/api/v1/warehouses",
    tag: "Warehouses",
    summary: "Add a warehouse (multipart, with its image); it starts active",
    access: "write:Warehouses",
    multipart: warehouseFields,
    success: ok("The new warehouse", WarehouseRecordSchema, 201),
  },
  {
    method: "patch",
    path: "/api/v1/warehouses/{id}",
    tag: "Warehouses",
    summary:
      "Edit a warehouse or (de)activate it with `status`. JSON, or multipart with a new `image`. " +
      "A warehouse holding stock, or the last active one, cannot be deactivated; a class it holds stock of cannot be dropped",
    access: "write:Warehouses",
    body: UpdateWarehouseSchema,
    multipart: {
      name: warehouseFields.name,
      type: warehouseFields.type,
      inventoryClasses: warehouseFields.inventoryClasses,
      status: { description: "active or inactive" },
      image: { ...warehouseFields.image, required: false },
    },
    success: ok("The warehouse as saved", WarehouseRecordSchema),
    errors: { 404: "Warehouse not found" },
  },
];

export function warehouseRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const warehouseList: ListSource<WarehouseListQuery, WarehouseList> = {
    count: (query) => countWarehouses(db, query),
    list: (query, total) => listWarehouses(db, query, total),
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Warehouses"), (c) =>
      listAnswer(c, readQuery(c, WarehouseListQuerySchema), warehouseList),
    )
    .get("/statistics/view", guard("read:Warehouses"), async (c) => {
      return c.json(await warehouseStats(db), 200);
    })
    .get("/export", guard("read:Warehouses"), () => {
      async function* rows() {
        const all = inBatches(warehouseExportBatch(db), (row) => ({ name: row.name, id: row.id }));
        for await (const row of all) yield warehouseExportRow(row);
      }
      return csvResponse(`warehouses_${lagosDate(new Date())}.csv`, WAREHOUSE_EXPORT_HEADER, rows());
    })
    .get("/:id", guard("read:Warehouses"), async (c) => {
      const id = c.req.param("id");
      return cachedJson(c, await caches.warehouseRecords.get(id, () => getWarehouse(db, id)));
    })
    .post("/", guard("write:Warehouses"), async (c) => {
      const { value, files } = await readMultipart(c, CreateWarehouseSchema, {
        requiredFiles: { [WAREHOUSE_IMAGE_FIELD]: WAREHOUSE_IMAGE_REQUIRED },
      });
      return c.json(await createWarehouse(db, signedInActor(c), value, files[WAREHOUSE_IMAGE_FIELD]), 201);
    })
    .patch("/:id", guard("write:Warehouses"), async (c) => {
      const { value, files } = await readJsonOrMultipart(c, UpdateWarehouseSchema);
      const saved = await updateWarehouse(
        db,
        signedInActor(c),
        c.req.param("id"),
        value,
        files[WAREHOUSE_IMAGE_FIELD],
      );
      return c.json(saved, 200);
    });
}
