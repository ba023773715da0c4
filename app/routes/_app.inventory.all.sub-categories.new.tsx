import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { InventoryCategoryListSchema } from "#backend/schemas/inventory";
import { apiReadOrFailure } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { NewSubCategoryForm } from "~/features/inventory/category-forms";
import { saveInventoryCategory } from "~/features/inventory/category-forms.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export const meta: MetaFunction = () => [{ title: "Create New Sub-Category — Inventory — SolarDesk" }];

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

export default function NewInventorySubCategoryRoute() {
  const { categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  return (
    <Drawer
      title="Create New Sub-Category"
      size="small"
      closeTo={listHref("/inventory/all", location.search)}
    >
      <NewSubCategoryForm
        answer={answer}
        categories={categories ?? []}
        categoriesFailed={categories === null}
      />
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
