import { z } from "zod";
import { lagosDate } from "./dates";
import { imageFileField } from "./files";
import { requiredText } from "./fields";
import { wholeNumberField } from "./form-values";
import { PaginationSchema, listSchema } from "./list";
import { koboToNaira, nairaField } from "./money";
export * from "../constants/inventory";
import {
  INVALID_CLASS,
  INVENTORY_CLASSES,
  INVENTORY_IMAGE_FIELD,
  INVENTORY_IMAGE_REQUIRED,
  INVENTORY_STATUSES,
  MAX_NAME_LENGTH,
  MAX_STOCK,
  MOVEMENT_KINDS,
} from "../constants/inventory";

export const InventoryClassSchema = z.enum(INVENTORY_CLASSES, {
  errorMap: () => ({ message: INVALID_CLASS }),
});

export function limitedName(label: string, max = MAX_NAME_LENGTH) {
  return requiredText(`${label} is required`).pipe(
    z.string().max(max, `${label} cannot exceed ${max} characters`),
  );
}

export function chosenId(required: string) {
  return requiredText(required).pipe(z.string().max(64, required));
}

export const SkuSchema = requiredText("SKU is required")
  .pipe(z.string().max(MAX_NAME_LENGTH, `SKU cannot exceed ${MAX_NAME_LENGTH} characters`))
  .pipe(z.string().regex(/^[A-Za-z0-9-]+$/, "SKU can only contain letters, numbers and dashes"));

export const INVALID_DATE_OF_MANUFACTURE = "Invalid Date of Manufacture";

/** A full ISO moment is read as its Lagos day; not after today in Lagos. */
export const DateOfManufactureSchema = z.unknown().transform((value, context) => {
  const fail = (message: string) => {
    context.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  };
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
    return fail("Date of Manufacture is required");
  if (typeof value !== "string") return fail(INVALID_DATE_OF_MANUFACTURE);
  const text = value.trim();
  let day: string;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    // Date.parse rolls 2024-02-30 over to March; a real date reads back as itself.
    const parsed = new Date(`${text}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text)
      return fail(INVALID_DATE_OF_MANUFACTURE);
    day = text;
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))) {
    day = lagosDate(new Date(text));
  } else {
    return fail(INVALID_DATE_OF_MANUFACTURE);
  }
  if (day < "1900-01-01") return fail(INVALID_DATE_OF_MANUFACTURE);
  if (day > lagosDate(new Date())) return fail("Date of Manufacture cannot be in the future");
  return day;
});

export const NumberOfStockSchema = wholeNumberField({
  required: "Number of stock is required",
  notWhole: "Number of stock must be a whole number",
  tooSmall: "Number of stock must be greater than 0",
  tooLarge: `Number of stock cannot exceed ${MAX_STOCK.toLocaleString("en-NG")}`,
  max: MAX_STOCK,
});

export const CostOfItemSchema = nairaField("Cost of item");
export const SalePriceSchema = nairaField("Sale price");

const optionalWarehouseId = z.string().trim().max(64, "Invalid Warehouse").optional();
const optionalReason = z.string().trim().max(200, "Reason cannot exceed 200 characters").optional();

// Money is read into integer kobo. Without `warehouseId` the first active warehouse taking the class is used.
export const CreateInventorySchema = z
  .object({
    class: InventoryClassSchema,
    inventoryCategoryId: chosenId("Inventory Category is required"),
    inventorySubCategoryId: chosenId("Inventory Sub-Category is required"),
    name: limitedName("Inventory Name"),
    manufacturerName: limitedName("Manufacturer Name"),
    dateOfManufacture: DateOfManufactureSchema,
    sku: SkuSchema,
    numberOfStock: NumberOfStockSchema,
    costOfItem: CostOfItemSchema,
    price: SalePriceSchema,
    warehouseId: optionalWarehouseId,
  })
  .strip();
export type CreateInventoryInput = z.infer<typeof CreateInventorySchema>;

export const InventoryFormSchema = CreateInventorySchema.extend({
  [INVENTORY_IMAGE_FIELD]: imageFileField({ required: INVENTORY_IMAGE_REQUIRED }),
});

/** A parsed stock form for the API, which reads naira: its schemas turned the money into kobo. */
export function pricesInNaira<Value extends { costOfItem: number; price: number }>(value: Value): Value {
  return { ...value, costOfItem: koboToNaira(value.costOfItem), price: koboToNaira(value.price) };
}

/** Batches are never edited: restocking adds one. */
export const RestockSchema = z
  .object({
    numberOfStock: NumberOfStockSchema,
    costOfItem: CostOfItemSchema,
    price: SalePriceSchema,
    warehouseId: optionalWarehouseId,
    reason: optionalReason,
  })
  .strip();
export type RestockInput = z.infer<typeof RestockSchema>;

/** The reference contract's way to restock: the item named in the body. */
export const CreateInventoryBatchSchema = RestockSchema.extend({
  inventoryId: chosenId("Inventory is required"),
});
export type CreateInventoryBatchInput = z.infer<typeof CreateInventoryBatchSchema>;

export const TransferSchema = z
  .object({
    batchId: chosenId("Batch is required"),
    toWarehouseId: chosenId("Destination Warehouse is required"),
    quantity: wholeNumberField({
      required: "Quantity is required",
      notWhole: "Quantity must be a whole number",
      tooSmall: "Quantity must be at least 1",
      tooLarge: `Quantity cannot exceed ${MAX_STOCK.toLocaleString("en-NG")}`,
      max: MAX_STOCK,
    }),
    reason: optionalReason,
  })
  .strip();
export type TransferInput = z.infer<typeof TransferSchema>;

export const CategoryNameSchema = limitedName("Category Name");
export const SubCategoryNameSchema = limitedName("Sub-Category Name");

export const CategoryFormSchema = z
  .object({
    name: CategoryNameSchema,
    subCategories: z
      .array(z.object({ name: SubCategoryNameSchema }).strip())
      .max(50)
      .optional(),
  })
  .strip();

export const SubCategoryFormSchema = z
  .object({ parentId: chosenId("Parent Category is required"), name: SubCategoryNameSchema })
  .strip();

const CategoryEntrySchema = z
  .object({
    name: z.string({ invalid_type_error: "Category Name is required" }).trim().optional(),
    parentId: z.string({ invalid_type_error: "Invalid Parent Category" }).trim().max(64).optional(),
    subCategories: z
      .array(z.object({ name: SubCategoryNameSchema }).strip(), {
        invalid_type_error: "Sub-categories must be a list",
      })
      .max(50, "At most 50 sub-categories at once")
      .optional(),
  })
  .strip()
  .transform((entry, context) => {
    const parentId = entry.parentId || null;
    const label = parentId ? "Sub-Category Name" : "Category Name";
    const issue = (path: string, message: string) => {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      return z.NEVER;
    };
    if (!entry.name) return issue("name", `${label} is required`);
    if (entry.name.length > MAX_NAME_LENGTH)
      return issue("name", `${label} cannot exceed ${MAX_NAME_LENGTH} characters`);
    if (parentId && entry.subCategories?.length)
      return issue("subCategories", "A sub-category cannot have sub-categories");
    return {
      name: entry.name,
      parentId,
      subCategories: (entry.subCategories ?? []).map((sub) => sub.name),
    };
  });

export const CreateInventoryCategoriesSchema = z
  .object({
    categories: z.preprocess(
      // The reference accepts one entry without the list around it.
      (value) => (value && typeof value === "object" && !Array.isArray(value) ? [value] : value),
      z
        .array(CategoryEntrySchema, {
          required_error: "At least one category is required",
          invalid_type_error: "Categories must be a list",
        })
        .min(1, "At least one category is required")
        .max(50, "At most 50 categories at once"),
    ),
  })
  .strip();
export type CreateInventoryCategoriesInput = z.infer<typeof CreateInventoryCategoriesSchema>;

export const RenameInventoryCategorySchema = z.object({ name: CategoryNameSchema }).strip();
export type RenameInventoryCategoryInput = z.infer<typeof RenameInventoryCategorySchema>;

const optionalId = z.string().trim().max(64, "Invalid id").optional();

export const InventoryListQuerySchema = PaginationSchema.extend({
  inventoryCategoryId: optionalId,
  inventorySubCategoryId: optionalId,
  warehouseId: optionalId,
  class: InventoryClassSchema.optional(),
});
export type InventoryListQuery = z.infer<typeof InventoryListQuerySchema>;

export const InventoryStatsQuerySchema = z.object({ warehouseId: optionalId });
export type InventoryStatsQuery = z.infer<typeof InventoryStatsQuerySchema>;

export const MovementListQuerySchema = PaginationSchema.extend({
  warehouseId: optionalId,
  inventoryId: optionalId,
  kind: z.enum(MOVEMENT_KINDS, { errorMap: () => ({ message: "Invalid movement kind" }) }).optional(),
});
export type MovementListQuery = z.infer<typeof MovementListQuerySchema>;

export const NamedRefSchema = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const SalePriceRangeSchema = z.object({
  minimumInventoryBatchPrice: z.number().nullable(),
  maximumInventoryBatchPrice: z.number().nullable(),
});

/** Quantities are within the warehouse filter. */
export const InventoryRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturerName: z.string(),
  sku: z.string(),
  class: InventoryClassSchema,
  status: z.enum(INVENTORY_STATUSES),
  image: z.string().nullable(),
  dateOfManufacture: z.string(),
  inventoryCategory: NamedRefSchema,
  inventorySubCategory: NamedRefSchema,
  salePrice: SalePriceRangeSchema,
  totalRemainingQuantities: z.number(),
  totalInitialQuantities: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryRecord = z.infer<typeof InventoryRecordSchema>;

export const InventoryListSchema = listSchema("inventories", InventoryRecordSchema);
export type InventoryList = z.infer<typeof InventoryListSchema>;

/**
 * `sourceBatchId` is the batch a transfer split it from. `stockValue` (units left × price, naira text with
 * two decimals) and `creatorDetails` (who received it) are the reference contract's.
 */
export const BatchRecordSchema = z.object({
  id: z.string(),
  batchNumber: z.number(),
  inventoryId: z.string(),
  warehouse: NamedRefSchema,
  numberOfStock: z.number(),
  remainingQuantity: z.number(),
  costOfItem: z.number(),
  price: z.number(),
  receivedBy: NamedRefSchema.nullable(),
  receivedAt: z.string(),
  sourceBatchId: z.string().nullable(),
  stockValue: z.string(),
  creatorDetails: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
});
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

export const MovementRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  inventory: z.object({ id: z.string(), name: z.string(), sku: z.string() }),
  batchId: z.string(),
  batchNumber: z.number(),
  toBatchId: z.string().nullable(),
  fromWarehouse: NamedRefSchema.nullable(),
  toWarehouse: NamedRefSchema.nullable(),
  quantity: z.number(),
  actor: NamedRefSchema.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type MovementRecord = z.infer<typeof MovementRecordSchema>;

export const MovementListSchema = listSchema("movements", MovementRecordSchema);
export type MovementList = z.infer<typeof MovementListSchema>;

/** `inventoryValue`: naira, Σ units left × price over every batch (the reference contract's). */
export const InventoryDetailSchema = InventoryRecordSchema.extend({
  inventoryValue: z.number(),
  batches: z.array(BatchRecordSchema),
  movements: z.array(MovementRecordSchema),
});
export type InventoryDetail = z.infer<typeof InventoryDetailSchema>;

/** The reference's message, with the new batch beside it. */
export const InventoryBatchCreatedSchema = z.object({ message: z.string(), batch: BatchRecordSchema });
export type InventoryBatchCreated = z.infer<typeof InventoryBatchCreatedSchema>;

export const TransferResultSchema = z.object({
  fromBatch: BatchRecordSchema,
  toBatch: BatchRecordSchema,
  movement: MovementRecordSchema,
});
export type TransferResult = z.infer<typeof TransferResultSchema>;

/** Every class is listed, with 0 when it has no items. */
export const InventoryStatsSchema = z.object({
  totalInventoryCount: z.number(),
  inventoryClassCounts: z.array(z.object({ inventoryClass: InventoryClassSchema, count: z.number() })),
});
export type InventoryStats = z.infer<typeof InventoryStatsSchema>;

export const InventoryCategoryRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  children: z.array(NamedRefSchema),
});
export type InventoryCategoryRecord = z.infer<typeof InventoryCategoryRecordSchema>;
export const InventoryCategoryListSchema = z.array(InventoryCategoryRecordSchema);
