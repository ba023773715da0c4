import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { NewSubCategoryForm } from "~/features/inventory/category-forms";
import { listHref } from "~/utils/list-params";
import type { action, loader } from "~/features/inventory/new-sub-category.server";

export { action, loader } from "~/features/inventory/new-sub-category.server";

export const meta: MetaFunction = () => [{ title: "Create New Sub-Category — Inventory — SolarDesk" }];

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
