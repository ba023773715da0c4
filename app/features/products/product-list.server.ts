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

/**
 * The product list's answer as the cards read it: only the fields they show are checked and kept (zod
 * leaves out the rest, such as each product's inventory items). Every byte kept is also sent for
 * hydration, and checking fields nobody reads cost list pages time and garbage (decision 024).
 */
export const ProductCardListSchema = listSchema("updatedResults", ProductCardSchema);
