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
 * The product list's answer as the cards read it (see `loadList`). A server module, so the browser's route
 * chunk does not build the schema; each product's inventory items are left out.
 */
export const ProductCardListSchema = listSchema("updatedResults", ProductCardSchema);
