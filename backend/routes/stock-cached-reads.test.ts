import { signedInAs } from "../test/factories";
import {
  PNG,
  makeCategoryPair,
  makeItem,
  makeProductCategory,
  makeWarehouse,
  sendForm,
} from "../test/stock-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

// The stock lists keep their totals and the inventory stats in the read cache (as customers do, decision
// 008): with the cache on, a change made through the API shows on the very next request.
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
  ({ token } = await signedInAs(backend, "inventory"));
});
afterAll(() => backend.close());

const read = async (path: string) => (await backend.request("GET", path, { token })).json();

describe("cached stock reads", () => {
  it("count a new item, product and movement on the next request", async () => {
    const warehouse = await makeWarehouse(backend.db);
    const listPath = `/api/v1/inventory?warehouseId=${warehouse.id}`;
    const statsPath = `/api/v1/inventory/stats?warehouseId=${warehouse.id}`;
    const logPath = `/api/v1/inventory/logs?warehouseId=${warehouse.id}`;
    expect((await read(listPath)).total).toBe(0);
    expect((await read(statsPath)).totalInventoryCount).toBe(0);
    expect((await read(logPath)).total).toBe(0);
    const productsBefore = (await read("/api/v1/products")).total;

    // Written behind the API's back: not seen while the cache holds.
    const hidden = await makeItem(backend.db, {
      batches: [{ warehouseId: warehouse.id, price: 10, stock: 1 }],
    });
    expect((await read(listPath)).total).toBe(0);

    const { category, subCategory } = await makeCategoryPair(backend.db);
    const created = await sendForm(backend, "POST", "/api/v1/inventory/create", {
      token,
      fields: {
        class: "REGULAR",
        inventoryCategoryId: category.id,
        inventorySubCategoryId: subCategory.id,
        name: "Cached Panel",
        manufacturerName: "Jinko Solar",
        dateOfManufacture: "2025-01-01",
        sku: "CACHED-1",
        numberOfStock: "5",
        costOfItem: "10",
        price: "12",
        warehouseId: warehouse.id,
      },
      files: { inventoryImage: { name: "panel.png", bytes: PNG } },
    });
    expect(created.status).toBe(201);
    const item = await created.json();
    expect((await read(listPath)).total).toBe(2);
    expect((await read(statsPath)).totalInventoryCount).toBe(2);
    expect((await read(logPath)).total).toBe(2);

    const productCategory = await makeProductCategory(backend.db);
    const product = await sendForm(backend, "POST", "/api/v1/products", {
      token,
      fields: {
        categoryId: productCategory.id,
        name: "Cached Kit",
        paymentModes: "ONE_OFF",
        inventories: JSON.stringify([
          { inventoryId: item.id, quantity: 1 },
          { inventoryId: hidden.id, quantity: 1 },
        ]),
      },
    });
    expect(product.status).toBe(201);
    expect((await read("/api/v1/products")).total).toBe(productsBefore + 1);
  });
});
