import { and, eq } from "drizzle-orm";
import { auditLog, productInventories, products } from "../db/schema";
import { IMAGE_TYPE_MESSAGE } from "../schemas/files";
import { koboToNaira } from "../schemas/money";
import {
  ProductCategoryListSchema,
  ProductCategoryRecordSchema,
  ProductListSchema,
  ProductRecordSchema,
  ProductStatsSchema,
} from "../schemas/products";
import { productAvailability } from "../services/stock-rules";
import { FORBIDDEN_BODY, UNAUTHORIZED_BODY, backendWithTeam, expectExactly } from "../test/factories";
import {
  EXE,
  PNG,
  SVG,
  makeItem,
  makeProduct,
  makeProductCategory,
  makeWarehouse,
  sendForm,
} from "../test/stock-factories";
import type { BatchSpec } from "../test/stock-factories";

const { backend, team } = await backendWithTeam();
const warehouseId = (await makeWarehouse(backend.db)).id;

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });

async function stockedItem(price = 1_000, stock = 10) {
  return makeItem(backend.db, { batches: [{ warehouseId, price, stock }] });
}

async function productForm(fields: Record<string, string> = {}) {
  const category = await makeProductCategory(backend.db);
  const [panel, bulb] = [await stockedItem(68_000), await stockedItem(2_300, 100)];
  return {
    categoryId: category.id,
    name: "Solar Home Kit",
    paymentModes: "ONE_OFF,INSTALLMENT",
    inventories: JSON.stringify([
      { inventoryId: panel.id, quantity: 1 },
      { inventoryId: bulb.id, quantity: "4" },
    ]),
    ...fields,
  };
}
const createProduct = (
  fields: Record<string, string | string[]>,
  image: { name: string; bytes: Uint8Array } | null = null,
  token = team.inventory.token,
) =>
  sendForm(backend, "POST", "/api/v1/products", {
    token,
    fields,
    files: image ? { productImage: image } : {},
  });

describe("the price range and units available (reference §5.1, worked by hand)", () => {
  // A kit = 1 panel + 1 battery + 4 bulbs. Batches with no stock left do not count for prices:
  //   panel   ₦68,000 (30), ₦72,500 (25), ₦70,000 (0)   → 68,000 – 72,500;    55 kits
  //   battery ₦235,000 (3), ₦249,000 (0)                → 235,000 – 235,000;  3 kits
  //   bulbs   ₦2,300.25 (10), ₦3,300 (9), 4 per kit     → 9,201 – 13,200;     floor(19 ÷ 4) = 4 kits
  //   kit: ₦312,201 – ₦320,700, 3 kits available.
  const kit: [BatchSpec[], number][] = [
    [
      [
        { warehouseId: "", price: 68_000, stock: 40, remaining: 30 },
        { warehouseId: "", price: 72_500, stock: 25 },
        { warehouseId: "", price: 70_000, stock: 5, remaining: 0 },
      ],
      1,
    ],
    [
      [
        { warehouseId: "", price: 235_000, stock: 3 },
        { warehouseId: "", price: 249_000, stock: 2, remaining: 0 },
      ],
      1,
    ],
    [
      [
        { warehouseId: "", price: 2_300.25, stock: 10 },
        { warehouseId: "", price: 3_300, stock: 12, remaining: 9 },
      ],
      4,
    ],
  ];

  it("answers the hand-worked figures from SQL, equal to the plain rule, in lists and detail", async () => {
    const items = [];
    for (const [batches] of kit)
      items.push(
        await makeItem(backend.db, { batches: batches.map((batch) => ({ ...batch, warehouseId })) }),
      );
    const product = await makeProduct(backend.db, {
      name: "Worked Example Kit",
      items: items.map((item, index) => ({ itemId: item.id, quantity: kit[index][1] })),
    });

    const detail = await (await get(`/api/v1/products/${product.id}`)).json();
    expectExactly(ProductRecordSchema, detail);
    expect(detail.priceRange).toEqual({
      minimumInventoryBatchPrice: 312_201,
      maximumInventoryBatchPrice: 320_700,
    });
    expect(detail.availableUnits).toBe(3);
    expect(
      detail.inventories.map(
        (item: { totalRemainingQuantities: number; productInventoryQuantity: number }) => [
          item.totalRemainingQuantities,
          item.productInventoryQuantity,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        [55, 1],
        [3, 1],
        [19, 4],
      ]),
    );

    const rule = productAvailability(
      kit.map(([batches, quantityPerUnit]) => ({
        quantityPerUnit,
        batches: batches.map((batch) => ({
          price: Math.round(batch.price * 100),
          remainingQuantity: batch.remaining ?? batch.stock,
        })),
      })),
    );
    expect({
      minimumInventoryBatchPrice: koboToNaira(rule.minimumPrice),
      maximumInventoryBatchPrice: koboToNaira(rule.maximumPrice),
    }).toEqual(detail.priceRange);
    expect(rule.availableUnits).toBe(detail.availableUnits);

    const listed = await (await get("/api/v1/products?search=worked%20example")).json();
    expect(listed.updatedResults).toEqual([detail]);
  });

  it("counts an item without stock as 0 in the price and makes no unit available", async () => {
    const stocked = await makeItem(backend.db, { batches: [{ warehouseId, price: 500, stock: 8 }] });
    const empty = await makeItem(backend.db, {
      batches: [{ warehouseId, price: 900, stock: 2, remaining: 0 }],
    });
    const product = await makeProduct(backend.db, {
      items: [
        { itemId: stocked.id, quantity: 2 },
        { itemId: empty.id, quantity: 1 },
      ],
    });
    const detail = await (await get(`/api/v1/products/${product.id}`)).json();
    expect(detail.priceRange).toEqual({
      minimumInventoryBatchPrice: 1_000,
      maximumInventoryBatchPrice: 1_000,
    });
    expect(detail.availableUnits).toBe(0);
    expect(detail.inventories.find((item: { id: string }) => item.id === empty.id)).toMatchObject({
      status: "OUT_OF_STOCK",
      totalRemainingQuantities: 0,
    });
  });
});

describe("product categories", () => {
  it("creates categories (type PRODUCT) and lists them oldest first", async () => {
    const response = await backend.request("POST", "/api/v1/products/create-category", {
      token: team.inventory.token,
      body: { name: "Rooftop Plus", type: "PRODUCT" },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(ProductCategoryRecordSchema, body);
    expect(body).toMatchObject({ name: "Rooftop Plus", type: "PRODUCT" });
    const second = await backend.request("POST", "/api/v1/products/create-category", {
      token: team.inventory.token,
      body: { name: "Home Plus" },
    });
    expect((await second.json()).type).toBe("PRODUCT");

    const list = await (await get("/api/v1/products/categories/all", team.sales.token)).json();
    expectExactly(ProductCategoryListSchema, list);
    const names = list.map((category: { name: string }) => category.name);
    expect(names.indexOf("Rooftop Plus")).toBeLessThan(names.indexOf("Home Plus"));
  });

  it.each([
    [{ name: "" }, "name", "Product Category is required"],
    [{ name: "C".repeat(51) }, "name", "Product Category cannot exceed 50 characters"],
    [{ name: "Fine", type: "INVENTORY" }, "type", "Category type must be PRODUCT"],
    [{ name: "rooftop PLUS" }, "name", "A product category with this name already exists"],
  ])("refuses %j", async (body, field, message) => {
    const response = await backend.request("POST", "/api/v1/products/create-category", {
      token: team.inventory.token,
      body,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });
});

describe("POST /api/v1/products", () => {
  it("creates a product from its items, with an image, and audits it", async () => {
    const fields = await productForm();
    const response = await createProduct(fields, { name: "kit.png", bytes: PNG });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(ProductRecordSchema, body);
    expect(body).toMatchObject({
      name: "Solar Home Kit",
      category: { id: fields.categoryId },
      paymentModes: "ONE_OFF,INSTALLMENT",
      priceRange: { minimumInventoryBatchPrice: 77_200, maximumInventoryBatchPrice: 77_200 },
      availableUnits: 10,
    });
    expect(body.image).toMatch(/^\/files\//);
    expect(
      body.inventories
        .map((item: { productInventoryQuantity: number }) => item.productInventoryQuantity)
        .sort(),
    ).toEqual([1, 4]);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body.id), eq(auditLog.subject, "Products")));
    expect(audit[0]).toMatchObject({ action: "create", summary: "Added product Solar Home Kit" });
  });

  it("takes payment modes as repeated fields, no image, and an SVG image", async () => {
    const noImage = await createProduct(await productForm({ paymentModes: "INSTALLMENT" }));
    expect(noImage.status).toBe(201);
    expect(await noImage.json()).toMatchObject({ image: null, paymentModes: "INSTALLMENT" });
    const repeated = await createProduct(
      { ...(await productForm()), paymentModes: ["INSTALLMENT", "ONE_OFF"] },
      {
        name: "kit.svg",
        bytes: SVG,
      },
    );
    expect(repeated.status).toBe(201);
    expect((await repeated.json()).paymentModes).toBe("ONE_OFF,INSTALLMENT");
  });

  it("names every missing field with the spec's messages", async () => {
    const response = await createProduct({});
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      categoryId: ["Inventory Category is required"],
      name: ["Product Name is required"],
      paymentModes: ["Please select at least 1 payment mode"],
      inventories: ["Select at least 1 inventory item"],
    });
  });

  it.each([
    [{ name: "P".repeat(101) }, "name", "Product Name cannot exceed 100 characters"],
    [{ paymentModes: "ONE_OFF,LAYAWAY" }, "paymentModes", "Invalid payment mode"],
    [{ inventories: "[]" }, "inventories", "Select at least 1 inventory item"],
    [{ inventories: "not json" }, "inventories", "Invalid format for inventories"],
    [
      { inventories: '[{"inventoryId": "x", "quantity": 0}]' },
      "inventories.0.quantity",
      "Quantity must be at least 1",
    ],
    [{ inventories: '[{"inventoryId": "x"}]' }, "inventories.0.quantity", "Quantity must be at least 1"],
    [
      { inventories: '[{"inventoryId": "x", "quantity": 1.5}]' },
      "inventories.0.quantity",
      "Quantity must be a whole number",
    ],
    [
      { inventories: '[{"inventoryId": "", "quantity": 1}]' },
      "inventories.0.inventoryId",
      "Inventory item is required",
    ],
  ])("refuses %j", async (fields, field, message) => {
    const response = await createProduct(await productForm(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("refuses an item picked twice, unknown items and an unknown category", async () => {
    const item = await stockedItem();
    const twice = await createProduct(
      await productForm({
        inventories: JSON.stringify([
          { inventoryId: item.id, quantity: 1 },
          { inventoryId: item.id, quantity: 2 },
        ]),
      }),
    );
    expect((await twice.json()).fieldErrors).toEqual({
      "inventories.1.inventoryId": ["Each inventory item can be picked only once"],
    });
    const unknown = await createProduct(
      await productForm({
        categoryId: "no-such-category",
        inventories: JSON.stringify([
          { inventoryId: item.id, quantity: 1 },
          { inventoryId: "no-such-item", quantity: 1 },
        ]),
      }),
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fieldErrors).toEqual({
      categoryId: ["Invalid Product Category"],
      "inventories.1.inventoryId": ["Invalid inventory item"],
    });
  });

  it("refuses a renamed file (x.png holding an executable) with the image message", async () => {
    const before = await backend.db.$count(products);
    const response = await createProduct(await productForm(), { name: "x.png", bytes: EXE });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ productImage: [IMAGE_TYPE_MESSAGE] });
    expect(await backend.db.$count(products)).toBe(before);
  });
});

describe("GET /api/v1/products", () => {
  it("lists products newest first under updatedResults, by category and search", async () => {
    const category = await makeProductCategory(backend.db);
    const item = await stockedItem(100, 7);
    const base = Date.now() + 3_600_000;
    const older = await makeProduct(backend.db, {
      categoryId: category.id,
      name: "Listing Lantern",
      items: [{ itemId: item.id, quantity: 2 }],
      createdAt: new Date(base),
    });
    const newer = await makeProduct(backend.db, {
      categoryId: category.id,
      name: "Listing Fan",
      paymentModes: ["INSTALLMENT", "ONE_OFF"],
      items: [{ itemId: item.id, quantity: 1 }],
      createdAt: new Date(base + 1_000),
    });
    const response = await get(`/api/v1/products?categoryId=${category.id}`, team.sales.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ProductListSchema, body);
    expect(body.updatedResults.map((product: { id: string }) => product.id)).toEqual([newer.id, older.id]);
    expect(body).toMatchObject({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect(body.updatedResults[0]).toMatchObject({
      category: { id: category.id, name: category.name },
      paymentModes: "ONE_OFF,INSTALLMENT",
      availableUnits: 7,
      priceRange: { minimumInventoryBatchPrice: 100, maximumInventoryBatchPrice: 100 },
      inventories: [
        { id: item.id, totalRemainingQuantities: 7, productInventoryQuantity: 1, status: "IN_STOCK" },
      ],
    });
    expect(body.updatedResults[1]).toMatchObject({ availableUnits: 3 });
    const searched = await (await get("/api/v1/products?search=LANTERN")).json();
    expect(searched.updatedResults.map((product: { id: string }) => product.id)).toEqual([older.id]);
  });

  it("refuses page 0 and limit 101, and answers an empty page past the end", async () => {
    expect((await (await get("/api/v1/products?page=0")).json()).fieldErrors).toEqual({
      page: ["page must be 1 or more"],
    });
    expect((await (await get("/api/v1/products?limit=101")).json()).fieldErrors).toEqual({
      limit: ["limit must be at most 100"],
    });
    const past = await (await get("/api/v1/products?page=9999")).json();
    expect(past.updatedResults).toEqual([]);
    expect(past.total).toBe(await backend.db.$count(products));
  });

  it("counts every product in the statistics, and answers 404 for an unknown product", async () => {
    const stats = await (await get("/api/v1/products/statistics/view", team.viewer.token)).json();
    expectExactly(ProductStatsSchema, stats);
    expect(stats).toEqual({ allProducts: await backend.db.$count(products) });
    const missing = await get("/api/v1/products/no-such-product");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: "Product not found",
      error: "Not Found",
    });
  });
});

describe("PATCH /api/v1/products/{id}", () => {
  // Issue 30 #1: the reference's clients split the answer's comma string, and send either form.
  it("answers paymentModes as the reference's comma string everywhere, taking a string or a list", async () => {
    const product = await makeProduct(backend.db, {
      items: [{ itemId: (await stockedItem()).id, quantity: 1 }],
      paymentModes: ["INSTALLMENT"],
    });
    const modesOf = async (path: string) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      return response.json();
    };
    expect((await modesOf(`/api/v1/products/${product.id}`)).paymentModes).toBe("INSTALLMENT");
    const listed = await modesOf(`/api/v1/products?search=${encodeURIComponent(product.name)}`);
    expect(listed.updatedResults.map((one: { paymentModes: unknown }) => one.paymentModes)).toEqual([
      "INSTALLMENT",
    ]);
    for (const [sent, answered] of [
      ["INSTALLMENT,ONE_OFF", "ONE_OFF,INSTALLMENT"],
      [["ONE_OFF"], "ONE_OFF"],
      [" ONE_OFF , INSTALLMENT ", "ONE_OFF,INSTALLMENT"],
    ] as const) {
      const edited = await backend.request("PATCH", `/api/v1/products/${product.id}`, {
        token: team.inventory.token,
        body: { paymentModes: sent },
      });
      expect(edited.status).toBe(200);
      expect((await edited.json()).paymentModes).toBe(answered);
    }
    const multipart = await sendForm(backend, "PATCH", `/api/v1/products/${product.id}`, {
      token: team.inventory.token,
      fields: { paymentModes: "INSTALLMENT" },
    });
    expect((await multipart.json()).paymentModes).toBe("INSTALLMENT");
    for (const bad of ["LAYAWAY", "", [], 7, ["ONE_OFF", 1]]) {
      const refused = await backend.request("PATCH", `/api/v1/products/${product.id}`, {
        token: team.inventory.token,
        body: { paymentModes: bad },
      });
      expect(refused.status).toBe(400);
      expect(Object.keys((await refused.json()).fieldErrors)).toEqual(["paymentModes"]);
    }
  });

  it("saves an edit: name, category, modes and a new set of items", async () => {
    const product = await makeProduct(backend.db, {
      items: [{ itemId: (await stockedItem()).id, quantity: 1 }],
    });
    const category = await makeProductCategory(backend.db);
    const item = await stockedItem(250, 9);
    const response = await backend.request("PATCH", `/api/v1/products/${product.id}`, {
      token: team.inventory.token,
      body: {
        name: "Edited Kit",
        categoryId: category.id,
        paymentModes: ["INSTALLMENT"],
        inventories: [{ inventoryId: item.id, quantity: 3 }],
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ProductRecordSchema, body);
    expect(body).toMatchObject({
      name: "Edited Kit",
      category: { id: category.id },
      paymentModes: "INSTALLMENT",
      availableUnits: 3,
      priceRange: { minimumInventoryBatchPrice: 750, maximumInventoryBatchPrice: 750 },
    });
    expect(await backend.db.$count(productInventories, eq(productInventories.productId, product.id))).toBe(1);
    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, product.id), eq(auditLog.action, "update")));
    expect(audit.changes).toMatchObject({ name: { from: product.name, to: "Edited Kit" } });
  });

  it("takes a new image as multipart, and refuses bad edits", async () => {
    const product = await makeProduct(backend.db, {
      items: [{ itemId: (await stockedItem()).id, quantity: 1 }],
    });
    const withImage = await sendForm(backend, "PATCH", `/api/v1/products/${product.id}`, {
      token: team.inventory.token,
      fields: { name: "Pictured Kit" },
      files: { productImage: { name: "kit.png", bytes: PNG } },
    });
    expect(withImage.status).toBe(200);
    expect(await withImage.json()).toMatchObject({
      name: "Pictured Kit",
      image: expect.stringMatching(/^\/files\//),
    });

    const edit = (body: unknown) =>
      backend.request("PATCH", `/api/v1/products/${product.id}`, { token: team.inventory.token, body });
    expect((await (await edit({ paymentModes: [] })).json()).fieldErrors).toEqual({
      paymentModes: ["Please select at least 1 payment mode"],
    });
    expect((await (await edit({ inventories: [] })).json()).fieldErrors).toEqual({
      inventories: ["Select at least 1 inventory item"],
    });
    expect((await (await edit({ categoryId: "nope" })).json()).fieldErrors).toEqual({
      categoryId: ["Invalid Product Category"],
    });
    expect((await (await edit({})).json()).message).toBe("At least one field must be provided to update");
    const missing = await backend.request("PATCH", "/api/v1/products/no-such-product", {
      token: team.inventory.token,
      body: { name: "Ghost" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("permissions", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/v1/products"],
    ["GET", "/api/v1/products/statistics/view"],
    ["GET", "/api/v1/products/categories/all"],
    ["POST", "/api/v1/products/create-category", { name: "x" }],
    ["POST", "/api/v1/products", {}],
    ["GET", "/api/v1/products/some-id"],
    ["PATCH", "/api/v1/products/some-id", { name: "x" }],
  ];

  it("lets sales and viewers (read:Products) read but not write", async () => {
    const product = await makeProduct(backend.db, {
      items: [{ itemId: (await stockedItem()).id, quantity: 1 }],
    });
    for (const token of [team.sales.token, team.viewer.token]) {
      for (const path of [
        "/api/v1/products",
        "/api/v1/products/statistics/view",
        "/api/v1/products/categories/all",
        `/api/v1/products/${product.id}`,
      ])
        expect((await get(path, token)).status, path).toBe(200);
      const writes = [
        backend.request("POST", "/api/v1/products/create-category", { token, body: { name: "Nope" } }),
        createProduct(await productForm(), null, token),
        backend.request("PATCH", `/api/v1/products/${product.id}`, { token, body: { name: "Nope" } }),
      ];
      for (const response of await Promise.all(writes)) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN_BODY);
      }
    }
  });

  it.each(routes)("%s %s answers 403 to a role without Products permission", async (method, path, body) => {
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
