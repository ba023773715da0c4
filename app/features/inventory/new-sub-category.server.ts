import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InventoryCategoryListSchema } from "#backend/schemas/inventory";
import { apiReadOrFailure } from "~/api.server";
import { saveInventoryCategory } from "~/features/inventory/category-forms.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const categories = await apiReadOrFailure(
    request,
    "/v1/inventory/categories/all",
    InventoryCategoryListSchema,
  );
  return { categories: categories.ok ? categories.data : null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const back = listHref("/inventory/all", new URL(request.url).search);
  return saveInventoryCategory(request, await readFormData(request), back);
}
