import { z } from "zod";
import { imageFileField } from "./files";
import { choiceListField } from "./form-values";
import { INVALID_CLASS, INVENTORY_CLASSES, MAX_NAME_LENGTH, limitedName } from "./inventory";
import { PaginationSchema, listSchema } from "./list";
export * from "../constants/warehouses";
import { WAREHOUSE_IMAGE_FIELD, WAREHOUSE_IMAGE_REQUIRED, WAREHOUSE_STATUSES } from "../constants/warehouses";

export const DEFAULT_WAREHOUSE_NAME = "Main Warehouse";

export const WarehouseStatusSchema = z.enum(WAREHOUSE_STATUSES, {
  errorMap: () => ({ message: "Status must be active or inactive" }),
});

export const WarehouseNameSchema = limitedName("Warehouse Name");

export const WarehouseTypeSchema = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, `Warehouse Type cannot exceed ${MAX_NAME_LENGTH} characters`);

export const InventoryClassesSchema = choiceListField(INVENTORY_CLASSES, {
  required: "Inventory Classes are required",
  invalid: INVALID_CLASS,
});

export const CreateWarehouseSchema = z
  .object({
    name: WarehouseNameSchema,
    type: WarehouseTypeSchema.optional(),
    inventoryClasses: InventoryClassesSchema,
  })
  .strip();
export type CreateWarehouseInput = z.infer<typeof CreateWarehouseSchema>;

export const WarehouseFormSchema = CreateWarehouseSchema.extend({
  [WAREHOUSE_IMAGE_FIELD]: imageFileField({ required: WAREHOUSE_IMAGE_REQUIRED }),
});

/** An empty `type` clears it. */
export const UpdateWarehouseSchema = z
  .object({
    name: WarehouseNameSchema.optional(),
    type: WarehouseTypeSchema.nullable().optional(),
    inventoryClasses: InventoryClassesSchema.optional(),
    status: WarehouseStatusSchema.optional(),
  })
  .strip();
export type UpdateWarehouseInput = z.infer<typeof UpdateWarehouseSchema>;

export const WarehouseListQuerySchema = PaginationSchema.extend({ status: WarehouseStatusSchema.optional() });
export type WarehouseListQuery = z.infer<typeof WarehouseListQuerySchema>;

export const WarehouseRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  inventoryClasses: z.array(z.enum(INVENTORY_CLASSES)),
  image: z.string().nullable(),
  status: z.enum(WAREHOUSE_STATUSES),
  unitsHeld: z.number(),
  inventoryCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseRecord = z.infer<typeof WarehouseRecordSchema>;

export const WarehouseListSchema = listSchema("warehouses", WarehouseRecordSchema);
export type WarehouseList = z.infer<typeof WarehouseListSchema>;

export const WarehouseStatsSchema = z.object({
  totalWarehouses: z.number(),
  activeWarehouses: z.number(),
  inactiveWarehouses: z.number(),
});
export type WarehouseStats = z.infer<typeof WarehouseStatsSchema>;

export const WAREHOUSE_EXPORT_HEADER = [
  "Name",
  "Type",
  "Inventory classes",
  "Status",
  "Units held",
  "Inventory items held",
  "Created",
];
