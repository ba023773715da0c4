import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreateProductCategorySchema, ProductCategoryRecordSchema } from "#backend/schemas/products";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createAction(request, {
    form: CreateProductCategorySchema,
    path: "/v1/products/create-category",
    answer: ProductCategoryRecordSchema,
    failureToast: "Product Category Creation Failed: Internal Server Error",
    done: {
      list: "/products/all",
      message: "Product category created successfully!",
      // The list opens on the new category, from its first page.
      listParams: (category) => ({ categoryId: category.id, page: null }),
    },
  });
}
