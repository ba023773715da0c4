import { ProductInventoryLinksSchema } from "../schemas/products";
import { FORBIDDEN_BODY, UNAUTHORIZED_BODY, backendWithTeam, expectExactly } from "../test/factories";
import { makeItem, makeProduct, makeWarehouse } from "../test/stock-factories";

// GET /api/v1/products/{id}/inventory, the reference contract's route (issue 30).
const { backend, team } = await backendWithTeam();
const warehouseId = (await makeWarehouse(backend.db)).id;

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });

describe("GET /api/v1/products/{id}/inventory", () => {
  it("answers the product with each item it is made of and the units per product unit", async () => {
    const panel = await makeItem(backend.db, {
      name: "A Panel",
      batches: [{ warehouseId, price: 500, stock: 3 }],
    });
    const bulb = await makeItem(backend.db, {
      name: "B Bulb",
      batches: [{ warehouseId, price: 10, stock: 4, remaining: 0 }],
    });
    const product = await makeProduct(backend.db, {
      items: [
        { itemId: bulb.id, quantity: 4 },
        { itemId: panel.id, quantity: 1 },
      ],
      paymentModes: ["INSTALLMENT", "ONE_OFF"],
    });
    for (const token of [team.admin.token, team.sales.token, team.viewer.token]) {
      const response = await get(`/api/v1/products/${product.id}/inventory`, token);
      expect(response.status).toBe(200);
      const body = await response.json();
      expectExactly(ProductInventoryLinksSchema, body);
      expect(body).toMatchObject({
        id: product.id,
        name: product.name,
        image: null,
        paymentModes: "ONE_OFF,INSTALLMENT",
        categoryId: product.categoryId,
        creatorId: null,
      });
      expect(body.inventories).toEqual([
        {
          productId: product.id,
          inventoryId: panel.id,
          quantity: 1,
          inventory: {
            id: panel.id,
            name: "A Panel",
            manufacturerName: panel.manufacturerName,
            sku: panel.sku,
            image: null,
            dateOfManufacture: "2025-01-15",
            status: "IN_STOCK",
            class: "REGULAR",
            inventoryCategoryId: panel.categoryId,
            inventorySubCategoryId: panel.subCategoryId,
            createdAt: panel.createdAt.toISOString(),
            updatedAt: panel.updatedAt.toISOString(),
          },
        },
        expect.objectContaining({
          inventoryId: bulb.id,
          quantity: 4,
          inventory: expect.objectContaining({ name: "B Bulb", status: "OUT_OF_STOCK" }),
        }),
      ]);
    }
  });

  it("answers 404 for an unknown product", async () => {
    const response = await get("/api/v1/products/no-such-product/inventory");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Product not found",
      error: "Not Found",
    });
  });

  it("answers 403 to a role without Products permission, and 401 without a token", async () => {
    const refused = await get("/api/v1/products/some-id/inventory", team.support.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    const anonymous = await backend.request("GET", "/api/v1/products/some-id/inventory");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
  });
});
