import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readJsonOrMultipart, readMultipart } from "../http/multipart";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  CreateProductCategorySchema,
  CreateProductSchema,
  PRODUCT_IMAGE_FIELD,
  ProductCategoryListSchema,
  ProductCategoryRecordSchema,
  ProductInventoryLinksSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductRecordSchema,
  ProductStatsSchema,
  UpdateProductSchema,
} from "../schemas/products";
import type { ProductList, ProductListQuery } from "../schemas/products";
import {
  countProducts,
  createProduct,
  createProductCategory,
  getProduct,
  getProductInventory,
  listProductCategories,
  listProducts,
  productCountKey,
  productStats,
  updateProduct,
} from "../services/products";
import { cachedJson } from "../http/cached-json";

const productFields = {
  categoryId: { description: "A product category", required: true },
  name: { description: "At most 100 characters", required: true },
  paymentModes: {
    description: "ONE_OFF and/or INSTALLMENT: a comma list or the field repeated",
    required: true,
  },
  inventories: {
    description: 'JSON list of {"inventoryId", "quantity" (units per product unit, ≥ 1)}, at least one',
    required: true,
  },
  productImage: { description: "Optional PNG, JPEG or SVG (read from the bytes), at most 5 MB", file: true },
};

export const productOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/products",
    tag: "Products",
    summary:
      "Products, newest first, each with its price range (naira), units available and linked items; " +
      "`categoryId` picks a tab, `search` looks in names",
    access: "read:Products",
    query: ProductListQuerySchema,
    success: ok("One page of products under `updatedResults`", ProductListSchema),
  },
  {
    method: "get",
    path: "/api/v1/products/statistics/view",
    tag: "Products",
    summary: "How many products there are (0 too, never a 404)",
    access: "read:Products",
    success: ok("The count", ProductStatsSchema),
  },
  {
    method: "get",
    path: "/api/v1/products/categories/all",
    tag: "Products",
    summary: "Product categories (the category tabs), oldest first",
    access: "read:Products",
    success: ok("The categories", ProductCategoryListSchema),
  },
  {
    method: "post",
    path: "/api/v1/products/create-category",
    tag: "Products",
    summary: "Create a product category (type PRODUCT); names are unique",
    access: "write:Products",
    body: CreateProductCategorySchema,
    success: ok("The new category", ProductCategoryRecordSchema, 201),
  },
  {
    method: "post",
    path: "/api/v1/products",
    tag: "Products",
    summary: "Create a product from inventory items (multipart)",
    access: "write:Products",
    multipart: productFields,
    success: ok("The new product", ProductRecordSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/products/{id}",
    tag: "Products",
    summary: "One product with its items, price range and units available",
    access: "read:Products",
    success: ok("The product", ProductRecordSchema),
    errors: { 404: "Product not found" },
  },
  {
    method: "get",
    path: "/api/v1/products/{id}/inventory",
    tag: "Products",
    summary:
      "The inventory items a product unit is made of (the reference contract's route): the product with " +
      "`inventories: [{productId, inventoryId, quantity, inventory}]`, `quantity` being units per product unit",
    access: "read:Products",
    success: ok("The product and its items", ProductInventoryLinksSchema),
    errors: { 404: "Product not found" },
  },
  {
    method: "patch",
    path: "/api/v1/products/{id}",
    tag: "Products",
    summary:
      "Edit a product: JSON, or multipart with a new `productImage`; `inventories` given replaces the items",
    access: "write:Products",
    body: UpdateProductSchema,
    multipart: Object.fromEntries(
      Object.entries(productFields).map(([name, field]) => [name, { ...field, required: false }]),
    ),
    success: ok("The product as saved", ProductRecordSchema),
    errors: { 404: "Product not found" },
  },
];

export function productRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const productList: ListSource<ProductListQuery, ProductList> = {
    count: (query) => countProducts(db, query),
    list: (query, total) => listProducts(db, query, total),
    cache: { area: "products", countKey: productCountKey, counts: caches.counts, pages: caches.productPages },
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Products"), (c) => listAnswer(c, readQuery(c, ProductListQuerySchema), productList))
    .get("/statistics/view", guard("read:Products"), async (c) => {
      return c.json(await productStats(db), 200);
    })
    .get("/categories/all", guard("read:Products"), async (c) => {
      return cachedJson(c, await caches.productCategories.get("all", () => listProductCategories(db)));
    })
    .post("/create-category", guard("write:Products"), async (c) => {
      const input = await readJsonBody(c, CreateProductCategorySchema);
      return c.json(await createProductCategory(db, signedInActor(c), input), 201);
    })
    .post("/", guard("write:Products"), async (c) => {
      const { value, files } = await readMultipart(c, CreateProductSchema);
      return c.json(await createProduct(db, signedInActor(c), value, files[PRODUCT_IMAGE_FIELD]), 201);
    })
    .get("/:id", guard("read:Products"), async (c) => {
      return c.json(await getProduct(db, c.req.param("id")), 200);
    })
    .get("/:id/inventory", guard("read:Products"), async (c) => {
      return c.json(await getProductInventory(db, c.req.param("id")), 200);
    })
    .patch("/:id", guard("write:Products"), async (c) => {
      const { value, files } = await readJsonOrMultipart(c, UpdateProductSchema);
      const saved = await updateProduct(
        db,
        signedInActor(c),
        c.req.param("id"),
        value,
        files[PRODUCT_IMAGE_FIELD],
      );
      return c.json(saved, 200);
    });
}
