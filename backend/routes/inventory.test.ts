import { and, eq } from "drizzle-orm";
import { auditLog, inventoryBatches, inventoryItems, inventoryMovements } from "../db/schema";
import { lagosDate } from "../schemas/dates";
import { IMAGE_TYPE_MESSAGE } from "../schemas/files";
import {
  BatchRecordSchema,
  InventoryBatchCreatedSchema,
  InventoryCategoryListSchema,
  InventoryDetailSchema,
  InventoryListSchema,
  InventoryStatsSchema,
  MovementListSchema,
  TransferResultSchema,
} from "../schemas/inventory";
import { FORBIDDEN_BODY, UNAUTHORIZED_BODY, backendWithTeam, expectExactly } from "../test/factories";
import { EXE, PNG, SVG, makeCategoryPair, makeItem, makeWarehouse, sendForm } from "../test/stock-factories";

const { backend, team } = await backendWithTeam({ inventory: { firstname: "Tunde", lastname: "Bakare" } });

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const post = (path: string, body: unknown, token = team.inventory.token) =>
  backend.request("POST", path, { token, body });
const createCategories = (body: unknown, token = team.inventory.token) =>
  post("/api/v1/inventory/category/create", body, token);

let sequence = 0;
/** A valid New Inventory form for `warehouseId`, with categories of its own. */
async function inventoryForm(fields: Record<string, string> = {}) {
  sequence += 1;
  const { category, subCategory } = await makeCategoryPair(backend.db);
  return {
    class: "REGULAR",
    inventoryCategoryId: category.id,
    inventorySubCategoryId: subCategory.id,
    name: "200W Monocrystalline Panel",
    manufacturerName: "Jinko Solar",
    dateOfManufacture: "2025-03-10",
    sku: `PNL-200M-${sequence}`,
    numberOfStock: "40",
    costOfItem: "52,000.50",
    price: "68000",
    ...fields,
  };
}
const createItem = (
  fields: Record<string, string>,
  image: { name: string; bytes: Uint8Array } | null = { name: "panel.png", bytes: PNG },
  token = team.inventory.token,
) =>
  sendForm(backend, "POST", "/api/v1/inventory/create", {
    token,
    fields,
    files: image ? { inventoryImage: image } : {},
  });

describe("inventory categories", () => {
  it("creates a category with sub-categories and lists the tree by name", async () => {
    const response = await createCategories({
      categories: [{ name: "Zz Solar Panels", subCategories: [{ name: "Poly" }, { name: "Mono" }] }],
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(InventoryCategoryListSchema, body);
    expect(body).toEqual([
      {
        id: expect.any(String),
        name: "Zz Solar Panels",
        children: [
          { id: expect.any(String), name: "Poly" },
          { id: expect.any(String), name: "Mono" },
        ],
      },
    ]);

    const list = await (await get("/api/v1/inventory/categories/all", team.viewer.token)).json();
    expectExactly(InventoryCategoryListSchema, list);
    const panels = list.find((entry: { id: string }) => entry.id === body[0].id);
    expect(panels.children.map((child: { name: string }) => child.name)).toEqual(["Mono", "Poly"]);
    const names = list.map((entry: { name: string }) => entry.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body[0].id), eq(auditLog.subject, "Inventory")));
    expect(audit[0]).toMatchObject({ action: "create", actorId: team.inventory.user.id });
  });

  it("creates a sub-category under its parent, answering the parent with its new child", async () => {
    const [parent] = await (await createCategories({ categories: [{ name: "Zz Batteries" }] })).json();
    const response = await createCategories({ categories: [{ name: "Lithium-ion", parentId: parent.id }] });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([
      { id: parent.id, name: "Zz Batteries", children: [{ id: expect.any(String), name: "Lithium-ion" }] },
    ]);
  });

  it("takes one entry without the list around it", async () => {
    const response = await createCategories({ categories: { name: "Zz Single" } });
    expect(response.status).toBe(201);
  });

  it("refuses names used by a sibling only, whatever their case", async () => {
    const [first] = await (
      await createCategories({ categories: [{ name: "Zz Inverters", subCategories: [{ name: "Hybrid" }] }] })
    ).json();
    const [second] = await (await createCategories({ categories: [{ name: "Zz Controllers" }] })).json();

    const sameTop = await createCategories({ categories: [{ name: "zz INVERTERS" }] });
    expect(sameTop.status).toBe(400);
    expect((await sameTop.json()).fieldErrors).toEqual({
      "categories.0.name": ["A category with this name already exists"],
    });
    const sameChild = await createCategories({ categories: [{ name: "HYBRID", parentId: first.id }] });
    expect((await sameChild.json()).fieldErrors).toEqual({
      "categories.0.name": ["This category already has a sub-category with this name"],
    });
    // Another parent's child, and a top-level category, may share the name.
    expect((await createCategories({ categories: [{ name: "Hybrid", parentId: second.id }] })).status).toBe(
      201,
    );
    expect((await createCategories({ categories: [{ name: "Hybrid" }] })).status).toBe(201);

    const withinRequest = await createCategories({
      categories: [
        { name: "Zz Cables", subCategories: [{ name: "6mm" }, { name: "6MM" }] },
        { name: "zz cables" },
      ],
    });
    expect((await withinRequest.json()).fieldErrors).toEqual({
      "categories.0.subCategories.1.name": ["This category already has a sub-category with this name"],
      "categories.1.name": ["A category with this name already exists"],
    });
  });

  it("refuses an unknown parent, a sub-category as parent, and sub-categories of a sub-category", async () => {
    const [parent] = await (
      await createCategories({ categories: [{ name: "Zz Lighting", subCategories: [{ name: "Bulbs" }] }] })
    ).json();
    const unknown = await createCategories({
      categories: [{ name: "Orphan", parentId: "no-such-category" }],
    });
    expect((await unknown.json()).fieldErrors).toEqual({
      "categories.0.parentId": ["Invalid Parent Category"],
    });
    const nested = await createCategories({
      categories: [{ name: "Deeper", parentId: parent.children[0].id }],
    });
    expect((await nested.json()).fieldErrors).toEqual({
      "categories.0.parentId": ["A sub-category cannot have sub-categories"],
    });
    const both = await createCategories({
      categories: [{ name: "Both", parentId: parent.id, subCategories: [{ name: "x" }] }],
    });
    expect((await both.json()).fieldErrors).toEqual({
      "categories.0.subCategories": ["A sub-category cannot have sub-categories"],
    });
  });

  it.each([
    [{ categories: [{ name: " " }] }, "categories.0.name", "Category Name is required"],
    [{ categories: [{ parentId: "some-parent" }] }, "categories.0.name", "Sub-Category Name is required"],
    [
      { categories: [{ name: "C".repeat(51) }] },
      "categories.0.name",
      "Category Name cannot exceed 50 characters",
    ],
    [
      { categories: [{ name: "S".repeat(51), parentId: "p" }] },
      "categories.0.name",
      "Sub-Category Name cannot exceed 50 characters",
    ],
    [
      { categories: [{ name: "Ok", subCategories: [{ name: "" }] }] },
      "categories.0.subCategories.0.name",
      "Sub-Category Name is required",
    ],
    [{ categories: [] }, "categories", "At least one category is required"],
    [{}, "categories", "At least one category is required"],
  ])("refuses %j", async (body, field, message) => {
    const response = await createCategories(body);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("renames a category, refusing a sibling's name", async () => {
    const [one, two] = await (
      await createCategories({
        categories: [
          { name: "Zz Rename One", subCategories: [{ name: "Alpha" }, { name: "Beta" }] },
          { name: "Zz Rename Two" },
        ],
      })
    ).json();
    const rename = (id: string, name: string) =>
      backend.request("PATCH", `/api/v1/inventory/categories/${id}`, {
        token: team.inventory.token,
        body: { name },
      });
    const renamed = await rename(one.children[0].id, "Alpha Prime");
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).children.map((child: { name: string }) => child.name).sort()).toEqual([
      "Alpha Prime",
      "Beta",
    ]);
    expect((await (await rename(one.children[0].id, "beta")).json()).fieldErrors).toEqual({
      name: ["This category already has a sub-category with this name"],
    });
    expect((await (await rename(two.id, "ZZ RENAME ONE")).json()).fieldErrors).toEqual({
      name: ["A category with this name already exists"],
    });
    expect((await rename(two.id, "Zz Rename Two")).status).toBe(200);
    expect((await rename("no-such-category", "Ghost")).status).toBe(404);
  });
});

describe("POST /api/v1/inventory/create", () => {
  it("creates an item with its first batch, receipt and image, all in naira at the API", async () => {
    const warehouse = await makeWarehouse(backend.db, { name: "Create Depot" });
    const fields = await inventoryForm({ warehouseId: warehouse.id });
    const response = await createItem(fields);
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(InventoryDetailSchema, body);
    expect(body).toMatchObject({
      name: "200W Monocrystalline Panel",
      manufacturerName: "Jinko Solar",
      sku: fields.sku,
      class: "REGULAR",
      status: "IN_STOCK",
      dateOfManufacture: "2025-03-10",
      inventoryCategory: { id: fields.inventoryCategoryId },
      inventorySubCategory: { id: fields.inventorySubCategoryId },
      salePrice: { minimumInventoryBatchPrice: 68_000, maximumInventoryBatchPrice: 68_000 },
      totalRemainingQuantities: 40,
      totalInitialQuantities: 40,
    });
    expect(body.image).toMatch(/^\/files\//);
    expect(body.batches).toEqual([
      {
        id: expect.any(String),
        batchNumber: expect.any(Number),
        inventoryId: body.id,
        warehouse: { id: warehouse.id, name: "Create Depot" },
        numberOfStock: 40,
        remainingQuantity: 40,
        costOfItem: 52_000.5,
        price: 68_000,
        receivedBy: { id: team.inventory.user.id, name: "Tunde Bakare" },
        receivedAt: expect.any(String),
        sourceBatchId: null,
        stockValue: "2720000.00",
        creatorDetails: { firstname: "Tunde", lastname: "Bakare" },
      },
    ]);
    expect(body.inventoryValue).toBe(2_720_000);
    expect(body.movements).toEqual([
      expect.objectContaining({
        kind: "RECEIPT",
        batchId: body.batches[0].id,
        fromWarehouse: null,
        toWarehouse: { id: warehouse.id, name: "Create Depot" },
        quantity: 40,
        actor: { id: team.inventory.user.id, name: "Tunde Bakare" },
      }),
    ]);
    const [stored] = await backend.db
      .select()
      .from(inventoryBatches)
      .where(eq(inventoryBatches.id, body.batches[0].id));
    expect(stored).toMatchObject({ costOfItem: 5_200_050, price: 6_800_000 });
    expect(await (await get(`/api/v1/inventory/${body.id}`)).json()).toEqual(body);
  });

  it("puts the stock in the oldest active warehouse taking the class when none is chosen", async () => {
    await makeWarehouse(backend.db, {
      inventoryClasses: ["RETURNED"],
      status: "inactive",
      createdAt: new Date("1990-01-01"),
    });
    const oldest = await makeWarehouse(backend.db, {
      inventoryClasses: ["RETURNED"],
      createdAt: new Date("1990-01-02"),
    });
    const response = await createItem(await inventoryForm({ class: "RETURNED" }));
    expect(response.status).toBe(201);
    expect((await response.json()).batches[0].warehouse.id).toBe(oldest.id);
  });

  it("accepts an SVG image", async () => {
    const response = await createItem(await inventoryForm(), { name: "panel.svg", bytes: SVG });
    expect(response.status).toBe(201);
  });

  it("names every missing field, the image included, with the spec's messages", async () => {
    const response = await sendForm(backend, "POST", "/api/v1/inventory/create", {
      token: team.inventory.token,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      class: ["Invalid Inventory Class"],
      inventoryCategoryId: ["Inventory Category is required"],
      inventorySubCategoryId: ["Inventory Sub-Category is required"],
      name: ["Inventory Name is required"],
      manufacturerName: ["Manufacturer Name is required"],
      dateOfManufacture: ["Date of Manufacture is required"],
      sku: ["SKU is required"],
      numberOfStock: ["Number of stock is required"],
      costOfItem: ["Cost of item is required"],
      price: ["Sale price is required"],
      inventoryImage: ["Inventory Image is required"],
    });
  });

  const tomorrow = lagosDate(new Date(Date.now() + 86_400_000));
  it.each([
    [{ class: "NEW" }, "class", "Invalid Inventory Class"],
    [{ name: "N".repeat(51) }, "name", "Inventory Name cannot exceed 50 characters"],
    [
      { manufacturerName: "M".repeat(51) },
      "manufacturerName",
      "Manufacturer Name cannot exceed 50 characters",
    ],
    [{ dateOfManufacture: "last year" }, "dateOfManufacture", "Invalid Date of Manufacture"],
    [{ dateOfManufacture: "2025-02-30" }, "dateOfManufacture", "Invalid Date of Manufacture"],
    [{ dateOfManufacture: tomorrow }, "dateOfManufacture", "Date of Manufacture cannot be in the future"],
    [{ sku: "PNL_200" }, "sku", "SKU can only contain letters, numbers and dashes"],
    [{ sku: "S".repeat(51) }, "sku", "SKU cannot exceed 50 characters"],
    [{ numberOfStock: "0" }, "numberOfStock", "Number of stock must be greater than 0"],
    [{ numberOfStock: "-3" }, "numberOfStock", "Number of stock must be greater than 0"],
    [{ numberOfStock: "2.5" }, "numberOfStock", "Number of stock must be a whole number"],
    [{ numberOfStock: "ten" }, "numberOfStock", "Number of stock must be a whole number"],
    [
      { costOfItem: "12.345" },
      "costOfItem",
      "Cost of item must be a positive number with at most 2 decimals",
    ],
    [{ costOfItem: "-5" }, "costOfItem", "Cost of item must be a positive number with at most 2 decimals"],
    [{ price: "0" }, "price", "Sale price must be a positive number with at most 2 decimals"],
    [{ price: "₦500" }, "price", "Sale price must be a positive number with at most 2 decimals"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await createItem(await inventoryForm(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("refuses a SKU already used, whatever its case, as a field error", async () => {
    const first = await inventoryForm({ sku: "DUP-SKU-1" });
    expect((await createItem(first)).status).toBe(201);
    const again = await createItem(await inventoryForm({ sku: "dup-sku-1" }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      statusCode: 400,
      message: ["sku: An inventory item with this SKU already exists"],
      error: "Bad Request",
      fieldErrors: { sku: ["An inventory item with this SKU already exists"] },
    });
  });

  it("refuses a sub-category of another category, an unknown category and a sub-category as category", async () => {
    const other = await makeCategoryPair(backend.db);
    const fields = await inventoryForm();
    const foreign = await createItem({ ...fields, inventorySubCategoryId: other.subCategory.id });
    expect((await foreign.json()).fieldErrors).toEqual({
      inventorySubCategoryId: ["Inventory Sub-Category must belong to the selected Inventory Category"],
    });
    const unknown = await createItem({
      ...fields,
      inventoryCategoryId: "nope",
      inventorySubCategoryId: "nope-2",
    });
    expect((await unknown.json()).fieldErrors).toEqual({
      inventoryCategoryId: ["Invalid Inventory Category"],
      inventorySubCategoryId: ["Invalid Inventory Sub-Category"],
    });
    const swapped = await createItem({
      ...fields,
      inventoryCategoryId: fields.inventorySubCategoryId,
      inventorySubCategoryId: fields.inventoryCategoryId,
    });
    expect((await swapped.json()).fieldErrors).toEqual({
      inventoryCategoryId: ["Invalid Inventory Category"],
      inventorySubCategoryId: ["Invalid Inventory Sub-Category"],
    });
  });

  it("refuses a class the warehouse does not take, an inactive warehouse and an unknown one", async () => {
    const regularOnly = await makeWarehouse(backend.db, {
      name: "Regular Only Depot",
      inventoryClasses: ["REGULAR"],
    });
    const closed = await makeWarehouse(backend.db, { name: "Closed Depot", status: "inactive" });
    for (const [warehouseId, message] of [
      [regularOnly.id, "Regular Only Depot does not take REFURBISHED inventory"],
      [closed.id, "Closed Depot is inactive"],
      ["no-such-warehouse", "Invalid Warehouse"],
    ]) {
      const response = await createItem(await inventoryForm({ class: "REFURBISHED", warehouseId }));
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({ warehouseId: [message] });
    }
  });

  it("refuses a renamed file (x.png holding an executable) with the image message, storing nothing", async () => {
    const fields = await inventoryForm();
    const response = await createItem(fields, { name: "x.png", bytes: EXE });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ inventoryImage: [IMAGE_TYPE_MESSAGE] });
    expect(await backend.db.$count(inventoryItems, eq(inventoryItems.sku, fields.sku))).toBe(0);
  });

  it("answers image, SKU and category problems together", async () => {
    const fields = await inventoryForm({ sku: "DUP-SKU-1", inventoryCategoryId: "missing" });
    const response = await createItem(fields, { name: "x.png", bytes: EXE });
    expect(Object.keys((await response.json()).fieldErrors).sort()).toEqual([
      "inventoryCategoryId",
      "inventoryImage",
      "sku",
    ]);
  });
});

describe("GET /api/v1/inventory and /stats", () => {
  it("lists items newest first with their price range and units, within a warehouse when filtered", async () => {
    const north = await makeWarehouse(backend.db);
    const south = await makeWarehouse(backend.db);
    const base = Date.now() + 3_600_000;
    const bulbs = await makeItem(backend.db, {
      name: "Filter Bulb",
      createdAt: new Date(base),
      batches: [
        { warehouseId: north.id, price: 2_300, stock: 300, remaining: 120 },
        { warehouseId: south.id, price: 3_300, stock: 200 },
        { warehouseId: south.id, price: 9_999, stock: 5, remaining: 0 },
      ],
    });
    const empty = await makeItem(backend.db, {
      name: "Filter Empty",
      itemClass: "RETURNED",
      createdAt: new Date(base + 1_000),
      batches: [{ warehouseId: north.id, price: 100, stock: 3, remaining: 0 }],
    });

    const all = await (await get("/api/v1/inventory?search=filter", team.viewer.token)).json();
    expectExactly(InventoryListSchema, all);
    expect(all.inventories.map((item: { id: string }) => item.id)).toEqual([empty.id, bulbs.id]);
    expect(all.inventories[1]).toMatchObject({
      status: "IN_STOCK",
      salePrice: { minimumInventoryBatchPrice: 2_300, maximumInventoryBatchPrice: 3_300 },
      totalRemainingQuantities: 320,
      totalInitialQuantities: 505,
    });
    expect(all.inventories[0]).toMatchObject({
      status: "OUT_OF_STOCK",
      salePrice: { minimumInventoryBatchPrice: null, maximumInventoryBatchPrice: null },
      totalRemainingQuantities: 0,
      image: null,
    });

    const inSouth = await (await get(`/api/v1/inventory?warehouseId=${south.id}`)).json();
    expect(inSouth.total).toBe(1);
    expect(inSouth.inventories[0]).toMatchObject({
      id: bulbs.id,
      totalRemainingQuantities: 200,
      salePrice: { minimumInventoryBatchPrice: 3_300, maximumInventoryBatchPrice: 3_300 },
    });

    const returned = await (await get("/api/v1/inventory?search=filter&class=RETURNED")).json();
    expect(returned.inventories.map((item: { id: string }) => item.id)).toEqual([empty.id]);
    const byCategory = await (await get(`/api/v1/inventory?inventoryCategoryId=${bulbs.categoryId}`)).json();
    expect(byCategory.inventories.map((item: { id: string }) => item.id)).toEqual([bulbs.id]);
    const bySub = await (await get(`/api/v1/inventory?inventorySubCategoryId=${empty.subCategoryId}`)).json();
    expect(bySub.inventories.map((item: { id: string }) => item.id)).toEqual([empty.id]);
    for (const term of [bulbs.sku.toLowerCase(), "TEST MANUFACTURING"]) {
      const found = await (
        await get(`/api/v1/inventory?search=${encodeURIComponent(term)}&limit=100`)
      ).json();
      expect(found.inventories.map((item: { id: string }) => item.id)).toContain(bulbs.id);
    }

    const stats = await (await get(`/api/v1/inventory/stats?warehouseId=${north.id}`)).json();
    expectExactly(InventoryStatsSchema, stats);
    expect(stats).toEqual({
      totalInventoryCount: 2,
      inventoryClassCounts: [
        { inventoryClass: "REGULAR", count: 1 },
        { inventoryClass: "RETURNED", count: 1 },
        { inventoryClass: "REFURBISHED", count: 0 },
      ],
    });
    const everything = await (await get("/api/v1/inventory/stats")).json();
    expect(everything.totalInventoryCount).toBe(await backend.db.$count(inventoryItems));

    // A list narrowed by warehouse and class only takes its total from those stats; any other filter
    // counts for itself.
    const totalOf = async (query: string) => (await (await get(`/api/v1/inventory?${query}`)).json()).total;
    expect(await totalOf(`warehouseId=${north.id}`)).toBe(2);
    expect(await totalOf(`warehouseId=${north.id}&class=RETURNED`)).toBe(1);
    expect(await totalOf(`warehouseId=${north.id}&class=REFURBISHED`)).toBe(0);
    expect(await totalOf("class=RETURNED")).toBe(
      await backend.db.$count(inventoryItems, eq(inventoryItems.class, "RETURNED")),
    );
    expect(await totalOf(`warehouseId=${north.id}&search=${encodeURIComponent(bulbs.sku)}`)).toBe(1);
    expect(await totalOf(`warehouseId=${south.id}&search=${encodeURIComponent(bulbs.sku)}`)).toBe(1);
    expect(await totalOf(`warehouseId=${south.id}&search=nothing-like-this`)).toBe(0);
  });

  it("serves the picker's pages of 12 and refuses out-of-range pages", async () => {
    const picker = await (await get("/api/v1/inventory?limit=12")).json();
    expect(picker).toMatchObject({ page: 1, limit: 12 });
    expect(picker.inventories.length).toBeLessThanOrEqual(12);
    expect(await (await get("/api/v1/inventory")).json()).toMatchObject({ limit: 20 });
    expect((await (await get("/api/v1/inventory?page=0")).json()).fieldErrors).toEqual({
      page: ["page must be 1 or more"],
    });
    expect((await (await get("/api/v1/inventory?limit=101")).json()).fieldErrors).toEqual({
      limit: ["limit must be at most 100"],
    });
    expect((await (await get("/api/v1/inventory?class=NEW")).json()).fieldErrors).toEqual({
      class: ["Invalid Inventory Class"],
    });
    const past = await (await get("/api/v1/inventory?page=9999&limit=100")).json();
    expect(past.inventories).toEqual([]);
    expect(past.total).toBe(await backend.db.$count(inventoryItems));
  });

  it("answers the contract's inventoryValue, batches[].stockValue and creatorDetails, worked out from kobo", async () => {
    const depot = await makeWarehouse(backend.db);
    const item = await makeItem(backend.db, {
      batches: [
        { warehouseId: depot.id, price: 1_234.57, stock: 5, remaining: 3 },
        { warehouseId: depot.id, price: 0.1, stock: 3 },
        { warehouseId: depot.id, price: 99, stock: 4, remaining: 0 },
      ],
    });
    const restocked = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 2,
      costOfItem: 10,
      price: 20.05,
      warehouseId: depot.id,
    });
    expect(restocked.status).toBe(201);
    const body = await (await get(`/api/v1/inventory/${item.id}`)).json();
    expectExactly(InventoryDetailSchema, body);
    // 3 × 1,234.57 + 3 × 0.10 + 0 × 99 + 2 × 20.05, which doubles would make 3744.1099999999997.
    expect(body.inventoryValue).toBe(3_744.11);
    const byPrice = new Map(
      body.batches.map((batch: { price: number; stockValue: string; creatorDetails: unknown }) => [
        batch.price,
        batch,
      ]),
    );
    expect(byPrice.get(1_234.57)).toMatchObject({ stockValue: "3703.71", creatorDetails: null });
    expect(byPrice.get(0.1)).toMatchObject({ stockValue: "0.30" });
    expect(byPrice.get(99)).toMatchObject({ stockValue: "0.00" });
    expect(byPrice.get(20.05)).toMatchObject({
      stockValue: "40.10",
      creatorDetails: { firstname: "Tunde", lastname: "Bakare" },
    });
  });

  it("writes a batch's value exactly even where a double could not hold it", async () => {
    const depot = await makeWarehouse(backend.db);
    const item = await makeItem(backend.db, {
      batches: [{ warehouseId: depot.id, price: 999_999_999_999.99, stock: 1_000_000 }],
    });
    const body = await (await get(`/api/v1/inventory/${item.id}`)).json();
    expect(body.batches[0].stockValue).toBe("999999999999990000.00");
  });

  it("answers 404 for an unknown item", async () => {
    const response = await get("/api/v1/inventory/no-such-item");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Inventory not found",
      error: "Not Found",
    });
  });
});

describe("POST /api/v1/inventory/{id}/batches (restock)", () => {
  it("refuses a sale price below the cost of the item, here and when an item is created, storing nothing", async () => {
    const depot = await makeWarehouse(backend.db, { name: "Loss Depot" });
    const item = await makeItem(backend.db, { batches: [{ warehouseId: depot.id, price: 100, stock: 1 }] });
    const before = await backend.db.$count(inventoryBatches, eq(inventoryBatches.inventoryItemId, item.id));
    const refused = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 5,
      costOfItem: 1_000,
      price: 999.99,
      warehouseId: depot.id,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      price: ["Sale price cannot be below the cost of item (₦1,000)"],
    });
    expect(await backend.db.$count(inventoryBatches, eq(inventoryBatches.inventoryItemId, item.id))).toBe(
      before,
    );
    const equal = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 5,
      costOfItem: 1_000,
      price: 1_000,
      warehouseId: depot.id,
    });
    expect(equal.status).toBe(201);

    const fields = await inventoryForm({ costOfItem: "70000", price: "68000" });
    const created = await createItem(fields);
    expect(created.status).toBe(400);
    expect((await created.json()).fieldErrors).toEqual({
      price: ["Sale price cannot be below the cost of item (₦70,000)"],
    });
  });

  it("adds a batch and its receipt without touching the earlier batches", async () => {
    const depot = await makeWarehouse(backend.db, { name: "Restock Depot" });
    const item = await makeItem(backend.db, {
      batches: [{ warehouseId: depot.id, price: 100, stock: 10, remaining: 2 }],
    });
    const response = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 25,
      costOfItem: 90.5,
      price: "120.25",
      warehouseId: depot.id,
    });
    expect(response.status).toBe(201);
    const batch = await response.json();
    expectExactly(BatchRecordSchema, batch);
    expect(batch).toMatchObject({
      inventoryId: item.id,
      warehouse: { id: depot.id, name: "Restock Depot" },
      numberOfStock: 25,
      remainingQuantity: 25,
      costOfItem: 90.5,
      price: 120.25,
      receivedBy: { id: team.inventory.user.id, name: "Tunde Bakare" },
      sourceBatchId: null,
    });
    expect(batch.batchNumber).toBeGreaterThan(item.batches[0].batchNumber);
    const detail = await (await get(`/api/v1/inventory/${item.id}`)).json();
    expect(detail.batches.map((row: { id: string }) => row.id)).toEqual([batch.id, item.batches[0].id]);
    expect(detail.batches[1]).toMatchObject({ numberOfStock: 10, remainingQuantity: 2, price: 100 });
    expect(detail).toMatchObject({
      totalRemainingQuantities: 27,
      salePrice: { minimumInventoryBatchPrice: 100, maximumInventoryBatchPrice: 120.25 },
    });
    expect(detail.movements[0]).toMatchObject({
      kind: "RECEIPT",
      quantity: 25,
      reason: "Restock",
      batchId: batch.id,
    });
  });

  it("refuses bad amounts, a warehouse not taking the class, and an unknown item", async () => {
    const refurbishedOnly = await makeWarehouse(backend.db, {
      name: "Refurb Bay",
      inventoryClasses: ["REFURBISHED"],
    });
    const item = await makeItem(backend.db);
    const bad = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 0,
      costOfItem: "x",
      price: 1.234,
    });
    expect((await bad.json()).fieldErrors).toEqual({
      numberOfStock: ["Number of stock must be greater than 0"],
      costOfItem: ["Cost of item must be a positive number with at most 2 decimals"],
      price: ["Sale price must be a positive number with at most 2 decimals"],
    });
    const wrongClass = await post(`/api/v1/inventory/${item.id}/batches`, {
      numberOfStock: 1,
      costOfItem: 1,
      price: 2,
      warehouseId: refurbishedOnly.id,
    });
    expect(wrongClass.status).toBe(400);
    expect((await wrongClass.json()).fieldErrors).toEqual({
      warehouseId: ["Refurb Bay does not take REGULAR inventory"],
    });
    const missing = await post("/api/v1/inventory/no-such-item/batches", {
      numberOfStock: 1,
      costOfItem: 1,
      price: 2,
    });
    expect(missing.status).toBe(404);
  });
});

describe("POST /api/v1/inventory/batch/create", () => {
  const addBatch = (body: unknown, token = team.inventory.token) =>
    post("/api/v1/inventory/batch/create", body, token);

  it("adds a batch to the item named in the body, answering the contract's message with the batch", async () => {
    const depot = await makeWarehouse(backend.db, { name: "Contract Depot" });
    const item = await makeItem(backend.db, { batches: [{ warehouseId: depot.id, price: 100, stock: 4 }] });
    const response = await addBatch({
      inventoryId: item.id,
      price: "150.50",
      costOfItem: 120,
      numberOfStock: "6",
      warehouseId: depot.id,
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(InventoryBatchCreatedSchema, body);
    expect(body).toMatchObject({
      message: "Inventory created successfully",
      batch: {
        inventoryId: item.id,
        warehouse: { id: depot.id, name: "Contract Depot" },
        numberOfStock: 6,
        remainingQuantity: 6,
        costOfItem: 120,
        price: 150.5,
        stockValue: "903.00",
        creatorDetails: { firstname: "Tunde", lastname: "Bakare" },
      },
    });
    const detail = await (await get(`/api/v1/inventory/${item.id}`)).json();
    expect(detail).toMatchObject({ totalRemainingQuantities: 10, inventoryValue: 1_303 });
    expect(detail.movements[0]).toMatchObject({ kind: "RECEIPT", quantity: 6, batchId: body.batch.id });
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, item.id), eq(auditLog.action, "restock")));
    expect(audit).toHaveLength(1);
  });

  it("refuses an unknown item, a missing cost of item and bad amounts, storing nothing", async () => {
    const before = await backend.db.$count(inventoryBatches);
    const unknown = await addBatch({
      inventoryId: "no-such-item",
      price: 10,
      costOfItem: 5,
      numberOfStock: 1,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      statusCode: 400,
      message: ["inventoryId: Invalid inventoryId"],
      fieldErrors: { inventoryId: ["Invalid inventoryId"] },
    });
    const item = await makeItem(backend.db);
    const bad = await addBatch({ inventoryId: item.id, price: "ten", numberOfStock: 0 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({
      price: ["Sale price must be a positive number with at most 2 decimals"],
      costOfItem: ["Cost of item is required"],
      numberOfStock: ["Number of stock must be greater than 0"],
    });
    const missing = await addBatch({ price: 10, costOfItem: 5, numberOfStock: 1 });
    expect((await missing.json()).fieldErrors).toEqual({ inventoryId: ["Inventory is required"] });
    expect(await backend.db.$count(inventoryBatches)).toBe(before);
  });
});

describe("POST /api/v1/inventory/transfers", () => {
  it("moves units as a batch split and writes one movement naming both warehouses", async () => {
    const from = await makeWarehouse(backend.db, { name: "Transfer From" });
    const to = await makeWarehouse(backend.db, { name: "Transfer To" });
    const item = await makeItem(backend.db, {
      batches: [{ warehouseId: from.id, price: 2_300, cost: 1_200, stock: 50, remaining: 30 }],
    });
    const [batch] = item.batches;
    const response = await post("/api/v1/inventory/transfers", {
      batchId: batch.id,
      toWarehouseId: to.id,
      quantity: 12,
      reason: "Northern agents",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(TransferResultSchema, body);
    expect(body.fromBatch).toMatchObject({ id: batch.id, numberOfStock: 50, remainingQuantity: 18 });
    expect(body.toBatch).toMatchObject({
      warehouse: { id: to.id, name: "Transfer To" },
      numberOfStock: 12,
      remainingQuantity: 12,
      costOfItem: 1_200,
      price: 2_300,
      sourceBatchId: batch.id,
    });
    expect(body.movement).toMatchObject({
      kind: "TRANSFER",
      batchId: batch.id,
      toBatchId: body.toBatch.id,
      fromWarehouse: { id: from.id, name: "Transfer From" },
      toWarehouse: { id: to.id, name: "Transfer To" },
      quantity: 12,
      reason: "Northern agents",
      actor: { id: team.inventory.user.id, name: "Tunde Bakare" },
    });

    const transfers = await backend.db
      .select()
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.inventoryItemId, item.id), eq(inventoryMovements.kind, "TRANSFER")));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ fromWarehouseId: from.id, toWarehouseId: to.id, quantity: 12 });

    const detail = await (await get(`/api/v1/inventory/${item.id}`)).json();
    expect(detail.totalRemainingQuantities).toBe(30);
    const inTarget = await (await get(`/api/v1/inventory?warehouseId=${to.id}`)).json();
    expect(inTarget.inventories[0]).toMatchObject({ id: item.id, totalRemainingQuantities: 12 });
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, item.id), eq(auditLog.action, "transfer")));
    expect(audit[0].summary).toBe(`Moved 12 units of ${item.name} from Transfer From to Transfer To`);

    // A warehouse holding the moved units cannot be deactivated; the one emptied can.
    const deactivate = (id: string) =>
      backend.request("PATCH", `/api/v1/warehouses/${id}`, {
        token: team.inventory.token,
        body: { status: "inactive" },
      });
    expect((await deactivate(to.id)).status).toBe(400);
    await post("/api/v1/inventory/transfers", { batchId: batch.id, toWarehouseId: to.id, quantity: 18 });
    expect((await deactivate(from.id)).status).toBe(200);
  });

  it("refuses more units than the batch has, the same warehouse, and a warehouse that may not receive", async () => {
    const from = await makeWarehouse(backend.db);
    const closed = await makeWarehouse(backend.db, { name: "Shut Depot", status: "inactive" });
    const regularOnly = await makeWarehouse(backend.db, {
      name: "Plain Depot",
      inventoryClasses: ["REGULAR"],
    });
    const item = await makeItem(backend.db, {
      itemClass: "RETURNED",
      batches: [{ warehouseId: from.id, price: 10, stock: 9, remaining: 4 }],
    });
    const transfer = (body: Record<string, unknown>) =>
      post("/api/v1/inventory/transfers", {
        batchId: item.batches[0].id,
        toWarehouseId: regularOnly.id,
        quantity: 1,
        ...body,
      });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { quantity: 5 },
        {
          toWarehouseId: ["Plain Depot does not take RETURNED inventory"],
          quantity: ["Only 4 units remain in this batch"],
        },
      ],
      [
        { toWarehouseId: from.id },
        { toWarehouseId: ["Choose a warehouse other than the one holding this batch"] },
      ],
      [{ toWarehouseId: closed.id }, { toWarehouseId: ["Shut Depot is inactive"] }],
      [{ toWarehouseId: "nowhere" }, { toWarehouseId: ["Invalid Warehouse"] }],
      [{ batchId: "no-such-batch" }, { batchId: ["Invalid Batch"] }],
      [{ quantity: 0 }, { quantity: ["Quantity must be at least 1"] }],
      [{ quantity: "1.5" }, { quantity: ["Quantity must be a whole number"] }],
      [{ batchId: "" }, { batchId: ["Batch is required"] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await transfer(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    const [unchanged] = await backend.db
      .select()
      .from(inventoryBatches)
      .where(eq(inventoryBatches.id, item.batches[0].id));
    expect(unchanged.remainingQuantity).toBe(4);
  });

  it("lets only one of two simultaneous transfers take a batch's last units", async () => {
    const from = await makeWarehouse(backend.db);
    const to = await makeWarehouse(backend.db);
    const item = await makeItem(backend.db, { batches: [{ warehouseId: from.id, price: 10, stock: 6 }] });
    const body = { batchId: item.batches[0].id, toWarehouseId: to.id, quantity: 6 };
    const responses = await Promise.all([
      post("/api/v1/inventory/transfers", body),
      post("/api/v1/inventory/transfers", body),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 400]);
    expect(await backend.db.$count(inventoryBatches, eq(inventoryBatches.inventoryItemId, item.id))).toBe(2);
  });
});

describe("GET /api/v1/inventory/logs", () => {
  it("lists movements newest first, by warehouse (either side), item and kind", async () => {
    const from = await makeWarehouse(backend.db, { name: "Log From" });
    const to = await makeWarehouse(backend.db, { name: "Log To" });
    const item = await makeItem(backend.db, { batches: [{ warehouseId: from.id, price: 10, stock: 8 }] });
    await post("/api/v1/inventory/transfers", {
      batchId: item.batches[0].id,
      toWarehouseId: to.id,
      quantity: 3,
    });

    const byFrom = await (
      await get(`/api/v1/inventory/logs?warehouseId=${from.id}`, team.sales.token)
    ).json();
    expectExactly(MovementListSchema, byFrom);
    expect(byFrom.movements.map((movement: { kind: string }) => movement.kind)).toEqual([
      "TRANSFER",
      "RECEIPT",
    ]);
    const byTo = await (await get(`/api/v1/inventory/logs?warehouseId=${to.id}`)).json();
    expect(byTo.total).toBe(1);
    expect(byTo.movements[0]).toMatchObject({ inventory: { id: item.id, sku: item.sku }, quantity: 3 });
    const byItem = await (await get(`/api/v1/inventory/logs?inventoryId=${item.id}&kind=RECEIPT`)).json();
    expect(byItem.movements.map((movement: { quantity: number }) => movement.quantity)).toEqual([8]);
    const bySearch = await (await get(`/api/v1/inventory/logs?search=${item.sku}`)).json();
    expect(bySearch.total).toBe(2);
    expect((await get("/api/v1/inventory/logs?kind=SOLD")).status).toBe(400);
    expect(await (await get("/api/v1/inventory/logs")).json()).toMatchObject({ page: 1, limit: 20 });
  });
});

describe("permissions", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/v1/inventory"],
    ["GET", "/api/v1/inventory/stats"],
    ["GET", "/api/v1/inventory/categories/all"],
    ["POST", "/api/v1/inventory/category/create", {}],
    ["PATCH", "/api/v1/inventory/categories/some-id", { name: "x" }],
    ["GET", "/api/v1/inventory/logs"],
    ["POST", "/api/v1/inventory/create", {}],
    ["POST", "/api/v1/inventory/transfers", {}],
    ["GET", "/api/v1/inventory/some-id"],
    ["POST", "/api/v1/inventory/some-id/batches", {}],
    ["POST", "/api/v1/inventory/batch/create", {}],
  ];

  it("lets sales and viewers (read:Inventory) read but not write", async () => {
    const warehouse = await makeWarehouse(backend.db);
    const item = await makeItem(backend.db, { batches: [{ warehouseId: warehouse.id, price: 5, stock: 2 }] });
    for (const token of [team.sales.token, team.viewer.token]) {
      for (const path of [
        "/api/v1/inventory",
        "/api/v1/inventory/stats",
        "/api/v1/inventory/categories/all",
        "/api/v1/inventory/logs",
        `/api/v1/inventory/${item.id}`,
      ])
        expect((await get(path, token)).status, path).toBe(200);
      const writes = [
        createCategories({ categories: [{ name: "Nope" }] }, token),
        createItem(await inventoryForm(), { name: "a.png", bytes: PNG }, token),
        post(`/api/v1/inventory/${item.id}/batches`, { numberOfStock: 1, costOfItem: 1, price: 1 }, token),
        post(
          "/api/v1/inventory/batch/create",
          { inventoryId: item.id, numberOfStock: 1, costOfItem: 1, price: 1 },
          token,
        ),
        post(
          "/api/v1/inventory/transfers",
          { batchId: item.batches[0].id, toWarehouseId: warehouse.id, quantity: 1 },
          token,
        ),
      ];
      for (const response of await Promise.all(writes)) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN_BODY);
      }
    }
  });

  it.each(routes)("%s %s answers 403 to a role without Inventory permission", async (method, path, body) => {
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
