import { parse } from "csv-parse/sync";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { auditLog, warehouses } from "../db/schema";
import { IMAGE_TYPE_MESSAGE } from "../schemas/files";
import { inBatches } from "../http/csv";
import { OverviewSchema } from "../schemas/overview";
import { warehouseExportBatch } from "../services/warehouses";
import { WarehouseListSchema, WarehouseRecordSchema, WarehouseStatsSchema } from "../schemas/warehouses";
import { FORBIDDEN_BODY, UNAUTHORIZED_BODY, backendWithTeam, expectExactly } from "../test/factories";
import { EXE, PNG, SVG, makeItem, makeWarehouse, sendForm } from "../test/stock-factories";

const { backend, team } = await backendWithTeam();

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const patch = (id: string, body: unknown, token = team.inventory.token) =>
  backend.request("PATCH", `/api/v1/warehouses/${id}`, { token, body });

let sequence = 0;
function createForm(
  fields: Record<string, string | string[]> = {},
  image: Uint8Array | null = PNG,
  token = team.inventory.token,
) {
  sequence += 1;
  return sendForm(backend, "POST", "/api/v1/warehouses", {
    token,
    fields: {
      name: `Ikeja Store ${sequence}`,
      type: "Retail store",
      inventoryClasses: "REGULAR,RETURNED",
      ...fields,
    },
    files: image ? { image: { name: "store.png", bytes: image } } : {},
  });
}

describe("POST /api/v1/warehouses", () => {
  it("creates an active warehouse with its image and writes the audit row", async () => {
    const response = await createForm({ name: "Lekki Hub", inventoryClasses: "RETURNED, REGULAR" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(WarehouseRecordSchema, body);
    expect(body).toMatchObject({
      name: "Lekki Hub",
      type: "Retail store",
      inventoryClasses: ["REGULAR", "RETURNED"],
      status: "active",
      unitsHeld: 0,
      inventoryCount: 0,
    });
    expect(body.image).toMatch(/^\/files\/[\w-]+$/);
    const image = await get(`/api/v1${body.image}`);
    expect(image.headers.get("content-type")).toBe("image/png");

    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body.id), eq(auditLog.subject, "Warehouses")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", actorId: team.inventory.user.id });
  });

  it("takes the classes as repeated fields (checkboxes), the type as optional, and an SVG image", async () => {
    const response = await sendForm(backend, "POST", "/api/v1/warehouses", {
      token: team.inventory.token,
      fields: { name: "Abuja Annex", inventoryClasses: ["REFURBISHED", "REGULAR"] },
      files: { image: { name: "annex.svg", bytes: SVG, type: "image/svg+xml" } },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ type: null, inventoryClasses: ["REGULAR", "REFURBISHED"] });
    expect((await get(`/api/v1${body.image}`)).headers.get("content-type")).toBe("image/svg+xml");
  });

  it("names every missing field, the image included, with the spec's messages", async () => {
    const response = await sendForm(backend, "POST", "/api/v1/warehouses", {
      token: team.inventory.token,
      fields: { type: "" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: ["Warehouse Name is required"],
      inventoryClasses: ["Inventory Classes are required"],
      image: ["Warehouse Image is required"],
    });
  });

  it.each([
    [{ name: "W".repeat(51) }, "name", "Warehouse Name cannot exceed 50 characters"],
    [{ inventoryClasses: "REGULAR,BROKEN" }, "inventoryClasses", "Invalid Inventory Class"],
    [{ inventoryClasses: " , " }, "inventoryClasses", "Inventory Classes are required"],
    [{ type: "T".repeat(51) }, "type", "Warehouse Type cannot exceed 50 characters"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await createForm(fields);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("refuses an image that is not one (x.png holding an executable) and stores nothing", async () => {
    const before = await backend.db.$count(warehouses);
    const response = await createForm({ name: "Renamed Exe Depot" }, EXE);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: [`image: ${IMAGE_TYPE_MESSAGE}`],
      error: "Bad Request",
      fieldErrors: { image: [IMAGE_TYPE_MESSAGE] },
    });
    expect(await backend.db.$count(warehouses)).toBe(before);
  });

  it("refuses a name already used, whatever its case, as a field error", async () => {
    expect((await createForm({ name: "Onitsha Main Market" })).status).toBe(201);
    const response = await createForm({ name: "ONITSHA main market" });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: ["A warehouse with this name already exists"],
    });
  });

  it("refuses a body that is not multipart", async () => {
    const response = await backend.request("POST", "/api/v1/warehouses", {
      token: team.inventory.token,
      body: { name: "Json Depot", inventoryClasses: ["REGULAR"] },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Expected a multipart/form-data body");
  });
});

describe("GET /api/v1/warehouses", () => {
  it("answers exact cards, newest first, with the units and items each holds", async () => {
    const older = await makeWarehouse(backend.db, {
      name: "Units Older",
      createdAt: new Date(Date.now() + 60_000),
    });
    const newer = await makeWarehouse(backend.db, {
      name: "Units Newer",
      createdAt: new Date(Date.now() + 120_000),
    });
    await makeItem(backend.db, {
      batches: [
        { warehouseId: older.id, price: 100, stock: 10, remaining: 4 },
        { warehouseId: older.id, price: 120, stock: 5 },
        { warehouseId: newer.id, price: 100, stock: 3, remaining: 0 },
      ],
    });
    await makeItem(backend.db, { batches: [{ warehouseId: older.id, price: 50, stock: 7 }] });

    const response = await get("/api/v1/warehouses?search=units&limit=10");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(WarehouseListSchema, body);
    expect(body.warehouses.map((warehouse: { name: string }) => warehouse.name)).toEqual([
      "Units Newer",
      "Units Older",
    ]);
    expect(body.warehouses[0]).toMatchObject({ unitsHeld: 0, inventoryCount: 0, image: null });
    expect(body.warehouses[1]).toMatchObject({ unitsHeld: 16, inventoryCount: 2 });
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10, totalPages: 1 });
  });

  it("filters by status and defaults to page 1 of 20", async () => {
    const closed = await makeWarehouse(backend.db, { name: "Closed Yard", status: "inactive" });
    const inactive = await (await get("/api/v1/warehouses?status=inactive")).json();
    expect(inactive.warehouses.map((warehouse: { id: string }) => warehouse.id)).toContain(closed.id);
    expect(
      inactive.warehouses.every((warehouse: { status: string }) => warehouse.status === "inactive"),
    ).toBe(true);
    expect(await (await get("/api/v1/warehouses")).json()).toMatchObject({ page: 1, limit: 20 });
    const bad = await get("/api/v1/warehouses?status=closed");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ status: ["Status must be active or inactive"] });
  });

  it("refuses page 0 and limit 101, and answers an empty page past the end", async () => {
    expect((await (await get("/api/v1/warehouses?page=0")).json()).fieldErrors).toEqual({
      page: ["page must be 1 or more"],
    });
    expect((await (await get("/api/v1/warehouses?limit=101")).json()).fieldErrors).toEqual({
      limit: ["limit must be at most 100"],
    });
    const past = await (await get("/api/v1/warehouses?page=500")).json();
    expect(past.warehouses).toEqual([]);
    expect(past.total).toBe(await backend.db.$count(warehouses, isNull(warehouses.deletedAt)));
  });
});

describe("GET /api/v1/warehouses/statistics/view and /{id}", () => {
  it("counts all, active and inactive warehouses", async () => {
    const response = await get("/api/v1/warehouses/statistics/view");
    const body = await response.json();
    expectExactly(WarehouseStatsSchema, body);
    const live = isNull(warehouses.deletedAt);
    expect(body).toEqual({
      totalWarehouses: await backend.db.$count(warehouses, live),
      activeWarehouses: await backend.db.$count(warehouses, and(live, eq(warehouses.status, "active"))),
      inactiveWarehouses: await backend.db.$count(warehouses, and(live, eq(warehouses.status, "inactive"))),
    });
  });

  it("answers one warehouse, and 404 for an unknown or deleted one", async () => {
    const warehouse = await makeWarehouse(backend.db, { inventoryClasses: ["REFURBISHED"] });
    const body = await (await get(`/api/v1/warehouses/${warehouse.id}`)).json();
    expectExactly(WarehouseRecordSchema, body);
    expect(body).toMatchObject({ id: warehouse.id, inventoryClasses: ["REFURBISHED"] });
    const deleted = await makeWarehouse(backend.db, { deletedAt: new Date() });
    for (const id of ["no-such-warehouse", deleted.id]) {
      const response = await get(`/api/v1/warehouses/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        message: "Warehouse not found",
        error: "Not Found",
      });
    }
  });
});

describe("PATCH /api/v1/warehouses/{id}", () => {
  it("renames and retypes a warehouse, clears the type with an empty value, and audits it", async () => {
    const warehouse = await makeWarehouse(backend.db, { type: "Depot" });
    const response = await patch(warehouse.id, { name: "Renamed Depot", type: "" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(WarehouseRecordSchema, body);
    expect(body).toMatchObject({ name: "Renamed Depot", type: null });
    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, warehouse.id), eq(auditLog.action, "update")));
    expect(audit.changes).toMatchObject({ name: { from: warehouse.name, to: "Renamed Depot" } });
  });

  it("takes a new image as multipart", async () => {
    const warehouse = await makeWarehouse(backend.db);
    const response = await sendForm(backend, "PATCH", `/api/v1/warehouses/${warehouse.id}`, {
      token: team.inventory.token,
      files: { image: { name: "new.svg", bytes: SVG } },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).image).toMatch(/^\/files\//);
    const refused = await sendForm(backend, "PATCH", `/api/v1/warehouses/${warehouse.id}`, {
      token: team.inventory.token,
      files: { image: { name: "x.png", bytes: EXE } },
    });
    expect((await refused.json()).fieldErrors).toEqual({ image: [IMAGE_TYPE_MESSAGE] });
  });

  it("refuses a warehouse holding stock being deactivated, with a clear message", async () => {
    const warehouse = await makeWarehouse(backend.db);
    await makeItem(backend.db, {
      batches: [{ warehouseId: warehouse.id, price: 1_000, stock: 12, remaining: 7 }],
    });
    const response = await patch(warehouse.id, { status: "inactive" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: [
        "status: This warehouse still holds 7 units of stock; transfer them to another warehouse before deactivating it",
      ],
      error: "Bad Request",
      fieldErrors: {
        status: [
          "This warehouse still holds 7 units of stock; transfer them to another warehouse before deactivating it",
        ],
      },
    });
    const [row] = await backend.db.select().from(warehouses).where(eq(warehouses.id, warehouse.id));
    expect(row.status).toBe("active");
  });

  it("deactivates and reactivates an empty warehouse (batches used up do not count)", async () => {
    const warehouse = await makeWarehouse(backend.db);
    await makeItem(backend.db, {
      batches: [{ warehouseId: warehouse.id, price: 1_000, stock: 5, remaining: 0 }],
    });
    const off = await patch(warehouse.id, { status: "inactive" });
    expect(off.status).toBe(200);
    expect((await off.json()).status).toBe("inactive");
    const on = await patch(warehouse.id, { status: "active" });
    expect((await on.json()).status).toBe("active");
    const actions = await backend.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, warehouse.id));
    expect(actions.map((row) => row.action)).toEqual(["inactive", "active"]);
  });

  it("refuses dropping a class it still holds stock of", async () => {
    const warehouse = await makeWarehouse(backend.db);
    await makeItem(backend.db, {
      itemClass: "RETURNED",
      batches: [{ warehouseId: warehouse.id, price: 10, stock: 1 }],
    });
    const response = await patch(warehouse.id, { inventoryClasses: ["REGULAR"] });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      inventoryClasses: ["This warehouse still holds RETURNED stock"],
    });
    expect((await patch(warehouse.id, { inventoryClasses: "RETURNED" })).status).toBe(200);
  });

  it("refuses a name another warehouse has, an empty edit, only unknown fields and an unknown warehouse", async () => {
    const taken = await makeWarehouse(backend.db);
    const warehouse = await makeWarehouse(backend.db);
    expect(
      (await (await patch(warehouse.id, { name: taken.name.toUpperCase() })).json()).fieldErrors,
    ).toEqual({
      name: ["A warehouse with this name already exists"],
    });
    expect((await patch(warehouse.id, { name: warehouse.name })).status).toBe(200);
    const empty = await patch(warehouse.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("At least one field must be provided to update");
    // Dropped, as the existing clients expect, so nothing is left to change.
    expect((await (await patch(warehouse.id, { unitsHeld: 0 })).json()).message).toBe(
      "At least one field must be provided to update",
    );
    expect((await patch(warehouse.id, { status: "closed" })).status).toBe(400);
    expect((await patch("no-such-warehouse", { name: "Ghost" })).status).toBe(404);
  });

  it("refuses to deactivate the last active warehouse, so new stock always has a home", async () => {
    const last = await makeWarehouse(backend.db);
    const others = await backend.db
      .update(warehouses)
      .set({ status: "inactive" })
      .where(and(ne(warehouses.id, last.id), eq(warehouses.status, "active")))
      .returning({ id: warehouses.id });
    try {
      const response = await patch(last.id, { status: "inactive" });
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({
        status: ["At least one warehouse must stay active, so new stock has a home"],
      });
    } finally {
      const ids = others.map((row) => row.id);
      if (ids.length)
        await backend.db.update(warehouses).set({ status: "active" }).where(inArray(warehouses.id, ids));
    }
  });
});

describe("GET /api/v1/warehouses/export", () => {
  it("streams every warehouse as CSV with plain headers, formula-like cells neutralised", async () => {
    const hostile = await makeWarehouse(backend.db, {
      name: '=HYPERLINK("http://evil.example","Click")',
      type: "+cmd|' /C calc'!A0",
      inventoryClasses: ["REGULAR"],
    });
    await makeItem(backend.db, { batches: [{ warehouseId: hostile.id, price: 10, stock: 9 }] });
    const response = await get("/api/v1/warehouses/export", team.viewer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="warehouses_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows: string[][] = parse((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual([
      "Name",
      "Type",
      "Inventory classes",
      "Status",
      "Units held",
      "Inventory items held",
      "Created",
    ]);
    const row = rows.find((cells) => cells[0].includes("HYPERLINK"));
    expect(row).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      "'+cmd|' /C calc'!A0",
      "REGULAR",
      "active",
      "9",
      "1",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(rows.length - 1).toBe(await backend.db.$count(warehouses, isNull(warehouses.deletedAt)));
  });
});

describe("warehouseExportBatch", () => {
  it("reads every warehouse exactly once, however small the batches", async () => {
    const read = inBatches(warehouseExportBatch(backend.db), (row) => ({ name: row.name, id: row.id }), 2);
    const names: string[] = [];
    for await (const row of read) names.push(row.name);
    const live = await backend.db
      .select({ name: warehouses.name })
      .from(warehouses)
      .where(isNull(warehouses.deletedAt));
    expect(names).toHaveLength(live.length);
    expect(new Set(names).size).toBe(live.length);
    expect(new Set(names)).toEqual(new Set(live.map((row) => row.name)));
  });
});

describe("permissions", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/v1/warehouses"],
    ["GET", "/api/v1/warehouses/statistics/view"],
    ["GET", "/api/v1/warehouses/export"],
    ["GET", "/api/v1/warehouses/some-id"],
    ["POST", "/api/v1/warehouses", {}],
    ["PATCH", "/api/v1/warehouses/some-id", { name: "x" }],
  ];

  it("lets sales and viewers (read:Warehouses) read but not write", async () => {
    const warehouse = await makeWarehouse(backend.db);
    for (const token of [team.sales.token, team.viewer.token]) {
      for (const path of [
        "/api/v1/warehouses",
        "/api/v1/warehouses/statistics/view",
        `/api/v1/warehouses/${warehouse.id}`,
      ])
        expect((await get(path, token)).status, path).toBe(200);
      const create = await createForm({}, PNG, token);
      expect(create.status).toBe(403);
      expect(await create.json()).toEqual(FORBIDDEN_BODY);
      const edit = await patch(warehouse.id, { name: "Not Allowed" }, token);
      expect(edit.status).toBe(403);
      expect(await edit.json()).toEqual(FORBIDDEN_BODY);
    }
  });

  it("lets the inventory role (manage:Warehouses) create and edit", async () => {
    const created = await createForm({}, PNG, team.inventory.token);
    expect(created.status).toBe(201);
    expect(
      (await patch((await created.json()).id, { type: "Cold store" }, team.inventory.token)).status,
    ).toBe(200);
  });

  it.each(routes)("%s %s answers 403 to a role without Warehouses permission", async (method, path, body) => {
    const response = await backend.request(method, path, { token: team.support.token, body });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each(routes)("%s %s answers 401 without a token", async (method, path, body) => {
    const response = await backend.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("GET /api/v1/overview with stock", () => {
  it("counts live warehouses, inventory items and products for those who may read them", async () => {
    const counts = async (token: string) => {
      const body = await (await backend.request("GET", "/api/v1/overview", { token })).json();
      expectExactly(OverviewSchema, body);
      return body.counts;
    };
    const warehouseCount = await backend.db.$count(warehouses, isNull(warehouses.deletedAt));
    expect(await counts(team.viewer.token)).toMatchObject({
      warehouses: warehouseCount,
      inventory: expect.any(Number),
      products: 0,
    });
    expect(await counts(team.sales.token)).toMatchObject({ warehouses: warehouseCount });
    expect(Object.keys(await counts(team.support.token))).not.toContain("warehouses");
  });
});
