import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { listSchema } from "#backend/schemas/list";
import {
  ProductCategoryListSchema,
  ProductListQuerySchema,
  ProductRecordSchema,
} from "#backend/schemas/products";
import { apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { listFailure } from "~/utils/list-messages";
import { loadListPage } from "~/utils/lists.server";

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

const ProductCardListSchema = listSchema("updatedResults", ProductCardSchema);

export async function productListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [list, categories] = await Promise.all([
    loadListPage(request, user, {
      section: "products",
      tab,
      list: {
        path: "/v1/products",
        query: ProductListQuerySchema,
        answer: ProductCardListSchema,
        failureMessage: listFailure.products,
      },
      can: { create: "write:Products" },
    }),
    apiReadOrFailure(request, "/v1/products/categories/all", ProductCategoryListSchema),
  ]);
  return { ...list, categories: categories.ok ? categories.data : null };
}
