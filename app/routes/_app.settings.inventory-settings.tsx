import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { InventoryCategoryRecord } from "#backend/schemas/inventory";
import { EmptyState } from "~/components/empty-state";
import { SectionErrorBoundary } from "~/components/error-panel";
import { INVENTORY_SETTINGS_PAGE } from "~/features/inventory/inventory-settings";
import type { CategoryAnswer } from "~/features/inventory/category-forms";
import {
  FAILED_TO_FETCH_CATEGORIES,
  NewCategoryForm,
  NewSubCategoryForm,
  RenameCategoryForm,
} from "~/features/inventory/category-forms";
import type { action, loader } from "~/features/inventory/inventory-settings.server";

export { action, loader } from "~/features/inventory/inventory-settings.server";

export const meta: MetaFunction = () => [{ title: "Inventory Settings — SolarDesk" }];

function CategoryName({
  category,
  can,
  renaming,
  answer,
  heading = false,
}: {
  category: { id: string; name: string };
  heading?: boolean;
  can: { write: boolean };
  renaming: string | null;
  answer: CategoryAnswer;
}) {
  if (can.write && renaming === category.id) {
    return (
      <RenameCategoryForm
        answer={answer}
        category={category}
        action={`${INVENTORY_SETTINGS_PAGE}?rename=${category.id}`}
      />
    );
  }
  return (
    <div className="flex items-center justify-between gap-3">
      {heading ? (
        <h3 className="font-semibold text-slate-900">{category.name}</h3>
      ) : (
        <span>{category.name}</span>
      )}
      {can.write ? (
        <Link
          to={`${INVENTORY_SETTINGS_PAGE}?rename=${category.id}`}
          preventScrollReset
          aria-label={`Rename ${category.name}`}
          className="rounded-full border border-slate-300 px-3 py-0.5 text-xs font-medium hover:bg-slate-100"
        >
          Rename
        </Link>
      ) : null}
    </div>
  );
}

function CategoryCard({
  category,
  ...rest
}: {
  category: InventoryCategoryRecord;
  can: { write: boolean };
  renaming: string | null;
  answer: CategoryAnswer;
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <CategoryName category={category} heading {...rest} />
      {category.children.length ? (
        <ul
          aria-label={`Sub-categories of ${category.name}`}
          className="mt-2 flex flex-col gap-1.5 pl-4 text-sm"
        >
          {category.children.map((child) => (
            <li key={child.id} className="text-slate-700">
              <CategoryName category={child} {...rest} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 pl-4 text-sm text-slate-600">No sub-categories yet.</p>
      )}
    </li>
  );
}

export default function InventorySettingsRoute() {
  const { categories, can, renaming } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">Inventory Categories</h2>
        <p className="mt-1 text-sm text-slate-600">
          Every inventory item has a category and a sub-category; names are unique within their category.
        </p>
        {categories === null ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {FAILED_TO_FETCH_CATEGORIES}
          </p>
        ) : categories.length === 0 ? (
          <EmptyState title="No data available">
            {can.write ? "Categories you create below will be listed here." : null}
          </EmptyState>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
            {categories.map((category) => (
              <CategoryCard
                key={category.id}
                category={category}
                can={can}
                renaming={renaming}
                answer={answer}
              />
            ))}
          </ul>
        )}
      </section>
      {can.write ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <section
            aria-labelledby="new-category"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="new-category" className="mb-3 text-lg font-semibold">
              New Category
            </h2>
            <NewCategoryForm answer={answer} action={INVENTORY_SETTINGS_PAGE} />
          </section>
          <section
            aria-labelledby="new-sub-category"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="new-sub-category" className="mb-3 text-lg font-semibold">
              New Sub-Category
            </h2>
            <NewSubCategoryForm
              answer={answer}
              categories={categories ?? []}
              categoriesFailed={categories === null}
              action={INVENTORY_SETTINGS_PAGE}
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
