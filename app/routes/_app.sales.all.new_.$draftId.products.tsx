import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { paymentModeLabels } from "#backend/constants/products";
import type { ProductRecord } from "#backend/schemas/products";
import { Drawer } from "~/components/drawer";
import { EmptyListState } from "~/components/empty-state";
import { Pagination } from "~/components/pagination";
import { RecordImage } from "~/components/record-image";
import { draftPath } from "~/features/sale-flow/paths";
import { PickerSearch, SelectedCounter, doneButtonClass } from "~/features/sale-flow/picker-parts";
import { listFailure } from "~/utils/list-messages";
import { formatNumber, formatPriceRange } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import type { action, loader } from "~/features/sale-flow/products-step.server";

export { action, loader } from "~/features/sale-flow/products-step.server";

export const meta: MetaFunction = () => [{ title: "Select Product — New Sale — SolarDesk" }];

const smallButton =
  "rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

function ProductCard({ product, units }: { product: ProductRecord; units: number | undefined }) {
  const headingId = `product-${product.id}`;
  const selected = units !== undefined;
  const soldOut = product.availableUnits <= 0;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`flex h-full flex-col gap-2 rounded-xl border p-3 text-sm ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
      >
        <div className="flex items-start gap-3">
          <RecordImage src={product.image} className="h-12 w-12" />
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {product.name}
            </h3>
            <p className="text-xs text-slate-600">{product.category.name}</p>
          </div>
        </div>
        <p className="font-medium">
          {formatPriceRange(
            product.priceRange.minimumInventoryBatchPrice,
            product.priceRange.maximumInventoryBatchPrice,
          ) || "No price yet"}
        </p>
        <p className="text-xs text-slate-600">
          {soldOut ? "Out of stock" : `${formatNumber(product.availableUnits)} available`} ·{" "}
          {paymentModeLabels(product.paymentModes)}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {selected ? (
            <>
              <span className="flex items-center gap-1" role="group" aria-label={`Units of ${product.name}`}>
                <button
                  type="submit"
                  name="intent"
                  value={`units:${product.id}:${units - 1}`}
                  disabled={units <= 1}
                  aria-label={`Decrease units of ${product.name}`}
                  className={smallButton}
                >
                  <span aria-hidden="true">−</span>
                </button>
                <output aria-live="polite" className="min-w-[2rem] text-center font-semibold">
                  {units}
                </output>
                <button
                  type="submit"
                  name="intent"
                  value={`units:${product.id}:${units + 1}`}
                  disabled={units >= product.availableUnits}
                  aria-label={`Increase units of ${product.name}`}
                  className={smallButton}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </span>
              <button
                type="submit"
                name="intent"
                value={`remove:${product.id}`}
                aria-label={`Remove ${product.name}`}
                className={`${smallButton} text-red-700`}
              >
                Remove
              </button>
            </>
          ) : (
            <button
              type="submit"
              name="intent"
              value={`select:${product.id}`}
              disabled={soldOut}
              aria-label={`Select ${product.name}`}
              className={smallButton}
            >
              Select
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

export default function SelectProductRoute() {
  const { draftId, search, categories, category, products, productsFailed, units } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const selectedCount = Object.keys(units).length;
  const here = draftPath(draftId, "products");
  return (
    <Drawer title="Select Product" size="large" closeTo={draftPath(draftId)}>
      {categories === null ? (
        <p role="alert" className="text-sm text-red-700">
          {listFailure.products}
        </p>
      ) : categories.length === 0 || !category ? (
        <p className="text-sm text-slate-600">No data available</p>
      ) : (
        <>
          <nav aria-label="Product categories" className="-mx-1 mb-3 overflow-x-auto">
            <ul className="flex gap-1 px-1">
              {categories.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`${here}?categoryId=${encodeURIComponent(item.id)}`}
                    preventScrollReset
                    aria-current={item.id === category.id ? "page" : undefined}
                    className={`block whitespace-nowrap rounded-full px-3 py-1 text-sm ${
                      item.id === category.id
                        ? "bg-slate-900 text-white"
                        : "text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <PickerSearch
            label="Search products"
            placeholder={`Search ${category.name} here`}
            defaultValue={search}
            keep={{ categoryId: category.id }}
          />
          {productsFailed || !products ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {listFailure.productsOf(category.name)}
            </p>
          ) : products.total === 0 ? (
            <EmptyListState
              searching={Boolean(search)}
              clearHref={`${here}?categoryId=${encodeURIComponent(category.id)}`}
            />
          ) : (
            <>
              <Form method="post" preventScrollReset className="mt-4">
                <ul
                  aria-label={`${category.name} products`}
                  className="grid grid-cols-1 gap-3 sm:grid-cols-2"
                >
                  {products.updatedResults.map((product) => (
                    <ProductCard key={product.id} product={product} units={units[product.id]} />
                  ))}
                </ul>
              </Form>
              <Pagination
                page={products.page}
                limit={products.limit}
                total={products.total}
                totalPages={products.totalPages}
                label="products"
              />
            </>
          )}
        </>
      )}
      {actionData?.message ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4"
      >
        <SelectedCounter count={selectedCount} />
        <button
          type="submit"
          name="intent"
          value="done"
          disabled={hydrated && selectedCount === 0}
          className={doneButtonClass}
        >
          Done
        </button>
      </Form>
    </Drawer>
  );
}
