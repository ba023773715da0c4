import { z } from "zod";
import { imageFileField } from "./files";
import { requiredText } from "./fields";
import { choiceListField, parsedJson, wholeNumberField } from "./form-values";
import {
  INVENTORY_CLASSES,
  INVENTORY_STATUSES,
  MAX_NAME_LENGTH,
  NamedRefSchema,
  chosenId,
} from "./inventory";
import { PaginationSchema, listSchema } from "./list";
export * from "../constants/products";
import {
  MAX_LINKED_ITEMS,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_QUANTITY_PER_UNIT,
  PAYMENT_MODES,
  PRODUCT_CATEGORY_TYPES,
  PRODUCT_IMAGE_FIELD,
} from "../constants/products";

export const PaymentModesSchema = choiceListField(PAYMENT_MODES, {
  required: "Please select at least 1 payment mode",
  invalid: "Invalid payment mode",
});

export const ProductInventoryQuantitySchema = wholeNumberField({
  required: "Quantity must be at least 1",
  notWhole: "Quantity must be a whole number",
  tooSmall: "Quantity must be at least 1",
  tooLarge: `Quantity cannot exceed ${MAX_QUANTITY_PER_UNIT.toLocaleString("en-NG")}`,
  max: MAX_QUANTITY_PER_UNIT,
});

const SELECT_INVENTORY = "Select at least 1 inventory item";

/** Multipart sends it as JSON text (spec 001 §7), JSON clients as a list. */
export const ProductInventoriesSchema = z.preprocess(
  parsedJson,
  z
    .array(
      z
        .object({
          inventoryId: chosenId("Inventory item is required"),
          quantity: ProductInventoryQuantitySchema,
        })
        .strip(),
      { required_error: SELECT_INVENTORY, invalid_type_error: "Invalid format for inventories" },
    )
    .min(1, SELECT_INVENTORY)
    .max(MAX_LINKED_ITEMS, `At most ${MAX_LINKED_ITEMS} inventory items`)
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.inventoryId))
          context.addIssue({
            code: z.ZodIssueCode.custom,
            path: [index, "inventoryId"],
            message: "Each inventory item can be picked only once",
          });
        seen.add(item.inventoryId);
      });
    }),
);
export type ProductInventoriesInput = z.infer<typeof ProductInventoriesSchema>;

export const ProductNameSchema = requiredText("Product Name is required").pipe(
  z.string().max(MAX_PRODUCT_NAME_LENGTH, `Product Name cannot exceed ${MAX_PRODUCT_NAME_LENGTH} characters`),
);

export const CreateProductSchema = z
  .object({
    categoryId: chosenId("Inventory Category is required"),
    name: ProductNameSchema,
    paymentModes: PaymentModesSchema,
    inventories: ProductInventoriesSchema,
  })
  .strip();
export type CreateProductInput = z.infer<typeof CreateProductSchema>;

/** An edit without a new image keeps the old one. */
export const ProductFormSchema = CreateProductSchema.extend({
  [PRODUCT_IMAGE_FIELD]: imageFileField(),
});

export const UpdateProductSchema = z
  .object({
    categoryId: chosenId("Inventory Category is required").optional(),
    name: ProductNameSchema.optional(),
    paymentModes: PaymentModesSchema.optional(),
    inventories: ProductInventoriesSchema.optional(),
  })
  .strip();
export type UpdateProductInput = z.infer<typeof UpdateProductSchema>;

export const CreateProductCategorySchema = z
  .object({
    name: requiredText("Product Category is required").pipe(
      z.string().max(MAX_NAME_LENGTH, `Product Category cannot exceed ${MAX_NAME_LENGTH} characters`),
    ),
    type: z
      .enum(PRODUCT_CATEGORY_TYPES, { errorMap: () => ({ message: "Category type must be PRODUCT" }) })
      .default("PRODUCT"),
  })
  .strip();
export type CreateProductCategoryInput = z.infer<typeof CreateProductCategorySchema>;

export const ProductListQuerySchema = PaginationSchema.extend({
  categoryId: z.string().trim().max(64, "Invalid id").optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** Naira: per item, the cheapest and dearest batch with stock times its quantity per unit, summed. */
export const PriceRangeSchema = z.object({
  minimumInventoryBatchPrice: z.number(),
  maximumInventoryBatchPrice: z.number(),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;

export const ProductInventorySchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturerName: z.string(),
  sku: z.string(),
  class: z.enum(INVENTORY_CLASSES),
  status: z.enum(INVENTORY_STATUSES),
  image: z.string().nullable(),
  productInventoryQuantity: z.number(),
  totalRemainingQuantities: z.number(),
});
export type ProductInventory = z.infer<typeof ProductInventorySchema>;

const MODE = `(${PAYMENT_MODES.join("|")})`;
/** The reference's comma list, "ONE_OFF,INSTALLMENT" (`paymentModeList` reads it back). */
export const PaymentModesTextSchema = z
  .string()
  .regex(new RegExp(`^${MODE}(,${MODE})*$`))
  .describe('The modes offered as one comma list, "ONE_OFF", "INSTALLMENT" or "ONE_OFF,INSTALLMENT"');

export const ProductRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  category: NamedRefSchema,
  paymentModes: PaymentModesTextSchema,
  priceRange: PriceRangeSchema,
  availableUnits: z.number(),
  inventories: z.array(ProductInventorySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRecord = z.infer<typeof ProductRecordSchema>;

/** The spec's list key is `updatedResults` (spec 001 §7). */
export const ProductListSchema = listSchema("updatedResults", ProductRecordSchema);
export type ProductList = z.infer<typeof ProductListSchema>;

export const ProductStatsSchema = z.object({ allProducts: z.number() });
export type ProductStats = z.infer<typeof ProductStatsSchema>;

export const ProductCategoryRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PRODUCT_CATEGORY_TYPES),
});
export type ProductCategoryRecord = z.infer<typeof ProductCategoryRecordSchema>;
export const ProductCategoryListSchema = z.array(ProductCategoryRecordSchema);

/** An inventory item as the reference answers it inside a product (`status` from the units left). */
export const ReferenceInventoryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturerName: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  dateOfManufacture: z.string(),
  status: z.enum(INVENTORY_STATUSES).describe("IN_STOCK while a batch has units left"),
  class: z.enum(INVENTORY_CLASSES),
  inventoryCategoryId: z.string(),
  inventorySubCategoryId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * GET /products/:id/inventory, in the reference contract's shape: the product with its links, each with
 * the item as a record (`status` from the units left). `paymentModes` is the contract's comma list.
 */
export const ProductInventoryLinksSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  paymentModes: z.string(),
  categoryId: z.string(),
  creatorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  inventories: z.array(
    z.object({
      productId: z.string(),
      inventoryId: z.string(),
      quantity: z.number(),
      inventory: ReferenceInventoryItemSchema,
    }),
  ),
});
export type ProductInventoryLinks = z.infer<typeof ProductInventoryLinksSchema>;
