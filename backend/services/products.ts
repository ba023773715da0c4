import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryItems, productCategories, productInventories, products } from "../db/schema";
import type { InventoryItemRow, ProductRow } from "../db/schema";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { PRODUCT_IMAGE_FIELD, paymentModeList, paymentModesText } from "../schemas/products";
import type {
  CreateProductCategoryInput,
  CreateProductInput,
  ProductCategoryRecord,
  ProductInventory,
  ProductInventoryLinks,
  ProductList,
  ProductListQuery,
  ProductRecord,
  ProductStats,
  UpdateProductInput,
} from "../schemas/products";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid, isUniqueViolation, notFound } from "./errors";
import { storeFile } from "./files";
import type { Upload } from "./files";
import { currentFinancialSettings } from "./financial-settings";
import { itemStock } from "./inventory";
import { listPrice, marginsApply } from "./pricing";
import type { FinancialSettings } from "./pricing";
import { containsPattern } from "./search";
import { FieldProblems, checkedImage, imageOf } from "./stock-common";
import { isTaken, sameText } from "./uniqueness";
import { NOTHING_TO_UPDATE } from "./warehouses";

export const PRODUCT_NOT_FOUND = "Product not found";
export const INVALID_PRODUCT_CATEGORY = "Invalid Product Category";
export const PRODUCT_CATEGORY_TAKEN = "A product category with this name already exists";
export const INVALID_INVENTORY_ITEM = "Invalid inventory item";

export async function listProductCategories(db: AppDb): Promise<ProductCategoryRecord[]> {
  return db
    .select({ id: productCategories.id, name: productCategories.name, type: productCategories.type })
    .from(productCategories)
    .orderBy(asc(productCategories.createdAt), asc(productCategories.name));
}

export async function createProductCategory(
  db: AppDb,
  actor: StaffActor,
  input: CreateProductCategoryInput,
): Promise<ProductCategoryRecord> {
  const taken = async () => {
    if (await isTaken(db, productCategories, sameText(productCategories.name, input.name))) {
      new FieldProblems().reject("name", PRODUCT_CATEGORY_TAKEN);
    }
  };
  await taken();
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(productCategories)
        .values({ name: input.name, type: input.type })
        .returning({ id: productCategories.id, name: productCategories.name, type: productCategories.type });
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Products",
        recordId: row.id,
        summary: `Added product category ${row.name}`,
        changes: { name: row.name, type: row.type },
      });
      return row;
    })
    .catch(async (error: unknown) => {
      if (isUniqueViolation(error)) await taken();
      throw error;
    });
}

type ProductHead = Pick<
  ProductRow,
  "id" | "name" | "imageFileId" | "paymentModes" | "categoryId" | "createdAt" | "updatedAt"
> & { categoryName: string };

const productHeadColumns = {
  id: products.id,
  name: products.name,
  imageFileId: products.imageFileId,
  paymentModes: products.paymentModes,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

// Reference §5.1, aggregated by the database with window functions; stock-rules.ts states the same rule in
// plain code, and the API tests hold the two equal.
export async function productStock(db: AppDb, productIds: string[]) {
  if (productIds.length === 0) return [];
  const stock = itemStock(db, productInventories.inventoryItemId);
  const perProduct = sql`partition by ${productInventories.productId}`;
  return db
    .select({
      productId: productInventories.productId,
      quantity: productInventories.quantity,
      id: inventoryItems.id,
      name: inventoryItems.name,
      manufacturerName: inventoryItems.manufacturerName,
      sku: inventoryItems.sku,
      class: inventoryItems.class,
      imageFileId: inventoryItems.imageFileId,
      remaining: stock.remaining,
      minimumPrice: sql<number>`(sum(coalesce(${stock.minPrice}, 0) * ${productInventories.quantity}) over (${perProduct}))::float8`,
      maximumPrice: sql<number>`(sum(coalesce(${stock.maxPrice}, 0) * ${productInventories.quantity}) over (${perProduct}))::float8`,
      minimumCost: sql<number>`(sum(coalesce(${stock.minCost}, 0) * ${productInventories.quantity}) over (${perProduct}))::float8`,
      maximumCost: sql<number>`(sum(coalesce(${stock.maxCost}, 0) * ${productInventories.quantity}) over (${perProduct}))::float8`,
      availableUnits: sql<number>`(min(floor(${stock.remaining} / ${productInventories.quantity})) over (${perProduct}))::float8`,
    })
    .from(productInventories)
    .innerJoin(inventoryItems, eq(inventoryItems.id, productInventories.inventoryItemId))
    .innerJoinLateral(stock, sql`true`)
    .where(inArray(productInventories.productId, productIds))
    .orderBy(asc(productInventories.productId), asc(inventoryItems.name), asc(inventoryItems.id));
}

type StockRow = Awaited<ReturnType<typeof productStock>>[number];

/**
 * What one unit sells for by single deposit under the business's pricing rule (decision 017): from the
 * cheapest and the dearest batches with stock, so a sale's price lies within it.
 */
export function priceRangeOf(row: StockRow | undefined, settings: FinancialSettings) {
  if (!row) return { minimumInventoryBatchPrice: 0, maximumInventoryBatchPrice: 0 };
  const margins = marginsApply(settings);
  const [minimum, maximum] = margins
    ? [row.minimumCost, row.maximumCost]
    : [row.minimumPrice, row.maximumPrice];
  return {
    minimumInventoryBatchPrice: koboToNaira(listPrice(Number(minimum), settings)),
    maximumInventoryBatchPrice: koboToNaira(listPrice(Number(maximum), settings)),
  };
}

function toProductRecords(
  heads: ProductHead[],
  stockRows: StockRow[],
  settings: FinancialSettings,
): ProductRecord[] {
  const byProduct = new Map<string, StockRow[]>();
  for (const row of stockRows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return heads.map((head) => {
    const items = byProduct.get(head.id) ?? [];
    const inventories: ProductInventory[] = items.map((item) => ({
      id: item.id,
      name: item.name,
      manufacturerName: item.manufacturerName,
      sku: item.sku,
      class: item.class,
      status: Number(item.remaining) > 0 ? "IN_STOCK" : "OUT_OF_STOCK",
      image: imageOf(item.imageFileId),
      productInventoryQuantity: item.quantity,
      totalRemainingQuantities: Number(item.remaining),
    }));
    // Every row of a product carries the product's totals (window functions); any one will do.
    const totals = items[0];
    return {
      id: head.id,
      name: head.name,
      image: imageOf(head.imageFileId),
      category: { id: head.categoryId, name: head.categoryName },
      paymentModes: paymentModesText(head.paymentModes),
      priceRange: priceRangeOf(totals, settings),
      availableUnits: totals ? Number(totals.availableUnits) : 0,
      inventories,
      createdAt: head.createdAt.toISOString(),
      updatedAt: head.updatedAt.toISOString(),
    };
  });
}

function listConditions(query: ProductListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.search) conditions.push(ilike(products.name, containsPattern(query.search)));
  return and(...conditions);
}

export function productCountKey(query: ProductListQuery) {
  return JSON.stringify([query.categoryId ?? null, query.search ?? null]);
}

export async function countProducts(db: AppDb, query: ProductListQuery) {
  const [{ total }] = await db.select({ total: count() }).from(products).where(listConditions(query));
  return total;
}

export async function listProducts(
  db: AppDb,
  query: ProductListQuery,
  total: () => Promise<number>,
): Promise<ProductList> {
  const pageIds = db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(listConditions(query))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as("page_ids");
  const heads = await db
    .select(productHeadColumns)
    .from(pageIds)
    .innerJoin(products, eq(products.id, pageIds.id))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
  const [stockRows, settings] = await Promise.all([
    productStock(
      db,
      heads.map((head) => head.id),
    ),
    currentFinancialSettings(db),
  ]);
  return pageOf("updatedResults", toProductRecords(heads, stockRows, settings), await total(), query);
}

export async function productStats(db: AppDb): Promise<ProductStats> {
  const [{ allProducts }] = await db.select({ allProducts: count() }).from(products);
  return { allProducts };
}

export async function getProduct(db: AppDb, id: string): Promise<ProductRecord> {
  const heads = await db
    .select(productHeadColumns)
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (heads.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  const [stockRows, settings] = await Promise.all([productStock(db, [id]), currentFinancialSettings(db)]);
  return toProductRecords(heads, stockRows, settings)[0];
}

async function checkReferences(
  db: AppDb,
  problems: FieldProblems,
  input: Pick<UpdateProductInput, "categoryId" | "inventories">,
) {
  if (input.categoryId) {
    const [category] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.id, input.categoryId))
      .limit(1);
    if (!category) problems.add("categoryId", INVALID_PRODUCT_CATEGORY);
  }
  if (input.inventories) {
    const ids = input.inventories.map((item) => item.inventoryId);
    const found = await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(inArray(inventoryItems.id, ids));
    const known = new Set(found.map((row) => row.id));
    input.inventories.forEach((item, index) => {
      if (!known.has(item.inventoryId))
        problems.add(`inventories.${index}.inventoryId`, INVALID_INVENTORY_ITEM);
    });
  }
}

const linksOf = (productId: string, inventories: CreateProductInput["inventories"]) =>
  inventories.map((item) => ({ productId, inventoryItemId: item.inventoryId, quantity: item.quantity }));

export async function createProduct(
  db: AppDb,
  actor: StaffActor,
  input: CreateProductInput,
  image: Upload | undefined,
): Promise<ProductRecord> {
  const problems = new FieldProblems();
  const picture = await checkedImage(problems, PRODUCT_IMAGE_FIELD, image);
  await checkReferences(db, problems, input);
  problems.throwIfAny();

  const id = await db.transaction(async (tx) => {
    const imageFileId = picture ? await storeFile(tx, picture.upload, picture.kind, actor.userId) : null;
    const [product] = await tx
      .insert(products)
      .values({
        categoryId: input.categoryId,
        name: input.name,
        imageFileId,
        paymentModes: input.paymentModes,
        creatorId: actor.userId,
      })
      .returning({ id: products.id });
    await tx.insert(productInventories).values(linksOf(product.id, input.inventories));
    await recordAudit(tx, actor, {
      action: "create",
      subject: "Products",
      recordId: product.id,
      summary: `Added product ${input.name}`,
      changes: {
        name: input.name,
        categoryId: input.categoryId,
        paymentModes: input.paymentModes,
        inventories: input.inventories,
      },
    });
    return product.id;
  });
  return getProduct(db, id);
}

export async function updateProduct(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: UpdateProductInput,
  image: Upload | undefined,
): Promise<ProductRecord> {
  const given = Object.values(input).some((value) => value !== undefined);
  if (!given && !image) throw invalid(NOTHING_TO_UPDATE);
  const before = await getProduct(db, id);
  const problems = new FieldProblems();
  const picture = await checkedImage(problems, PRODUCT_IMAGE_FIELD, image);
  await checkReferences(db, problems, input);
  problems.throwIfAny();

  await db.transaction(async (tx) => {
    const imageFileId = picture ? await storeFile(tx, picture.upload, picture.kind, actor.userId) : undefined;
    await tx
      .update(products)
      .set({
        categoryId: input.categoryId,
        name: input.name,
        paymentModes: input.paymentModes,
        imageFileId,
        // Set even when only the items change, so "last updated" tells the truth.
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    if (input.inventories) {
      await tx.delete(productInventories).where(eq(productInventories.productId, id));
      await tx.insert(productInventories).values(linksOf(id, input.inventories));
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.name !== undefined && input.name !== before.name)
      changes.name = { from: before.name, to: input.name };
    if (input.categoryId !== undefined && input.categoryId !== before.category.id)
      changes.categoryId = { from: before.category.id, to: input.categoryId };
    if (input.paymentModes && paymentModesText(input.paymentModes) !== before.paymentModes)
      changes.paymentModes = { from: paymentModeList(before.paymentModes), to: input.paymentModes };
    if (input.inventories)
      changes.inventories = {
        from: before.inventories.map((item) => ({
          inventoryId: item.id,
          quantity: item.productInventoryQuantity,
        })),
        to: input.inventories,
      };
    if (imageFileId) changes.image = { from: before.image, to: imageOf(imageFileId) };
    await recordAudit(tx, actor, {
      action: "update",
      subject: "Products",
      recordId: id,
      summary: `Updated product ${input.name ?? before.name}`,
      changes,
    });
  });
  return getProduct(db, id);
}

/** A product with the items each unit is made of, in the reference contract's shape. */
export async function getProductInventory(db: AppDb, id: string): Promise<ProductInventoryLinks> {
  const [head] = await db
    .select({
      id: products.id,
      name: products.name,
      imageFileId: products.imageFileId,
      paymentModes: products.paymentModes,
      categoryId: products.categoryId,
      creatorId: products.creatorId,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!head) throw notFound(PRODUCT_NOT_FOUND);
  const stock = itemStock(db, inventoryItems.id);
  const links = await db
    .select({
      quantity: productInventories.quantity,
      item: getTableColumns(inventoryItems),
      remaining: stock.remaining,
    })
    .from(productInventories)
    .innerJoin(inventoryItems, eq(inventoryItems.id, productInventories.inventoryItemId))
    .innerJoinLateral(stock, sql`true`)
    .where(eq(productInventories.productId, id))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id));
  return {
    id: head.id,
    name: head.name,
    image: imageOf(head.imageFileId),
    paymentModes: paymentModesText(head.paymentModes),
    categoryId: head.categoryId,
    creatorId: head.creatorId,
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
    inventories: links.map(({ quantity, item, remaining }) => ({
      productId: head.id,
      inventoryId: item.id,
      quantity,
      inventory: referenceInventoryItem(item, Number(remaining) > 0),
    })),
  };
}

/** An inventory item as the reference answers it inside a product (its product's inventories). */
export function referenceInventoryItem(item: InventoryItemRow, inStock: boolean) {
  return {
    id: item.id,
    name: item.name,
    manufacturerName: item.manufacturerName,
    sku: item.sku,
    image: imageOf(item.imageFileId),
    dateOfManufacture: item.dateOfManufacture,
    status: inStock ? ("IN_STOCK" as const) : ("OUT_OF_STOCK" as const),
    class: item.class,
    inventoryCategoryId: item.categoryId,
    inventorySubCategoryId: item.subCategoryId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
