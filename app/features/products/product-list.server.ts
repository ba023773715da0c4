import type { z } from "zod";
import { listSchema } from "#backend/schemas/list";
import { ProductRecordSchema } from "#backend/schemas/products";

const ProductCardSchema = ProductRecordSchema.pick({
  id: true,
  name: true,
  image: true,
  category: true,
  priceRange: true,
  availableUnits: true,
  paymentModes: true,
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** A server module, so the browser's route chunk does not build the schema. */
export const ProductCardListSchema = listSchema("updatedResults", ProductCardSchema);
