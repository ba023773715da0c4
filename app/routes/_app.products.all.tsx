import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { paymentModeLabels } from "#backend/constants/products";
import { DropdownMenu } from "~/components/dropdown-menu";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ListAction, ListSection } from "~/components/list-section";
import { RecordImage } from "~/components/record-image";
import { formatNumber, formatPriceRange } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { ProductCard } from "~/features/products/product-list.server";
import { productListLoader } from "~/features/products/product-list.server";

export const meta: MetaFunction = () => [{ title: "All Products — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return productListLoader("all", args);
}

function CategoryTabs({
  categories,
  current,
}: {
  categories: { id: string; name: string }[];
  current: string | undefined;
}) {
  const tabs = [{ id: "", name: "All" }, ...categories];
  return (
    <nav aria-label="Product categories" className="flex flex-wrap gap-2">
      {tabs.map((tab) => {
        const active = (current ?? "") === tab.id;
        return (
          <Link
            key={tab.id || "all"}
            to={tab.id ? `/products/all?categoryId=${tab.id}` : "/products/all"}
            aria-current={active ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ${
              active
                ? "bg-slate-900 font-medium text-white"
                : "border border-slate-300 text-slate-700 hover:bg-slate-100"
            }`}
          >
            {tab.name}
          </Link>
        );
      })}
    </nav>
  );
}

function ProductCardItem({ product }: { product: ProductCard }) {
  const titleId = `product-${product.id}`;
  return (
    <li aria-labelledby={titleId} className="flex gap-3 rounded-xl border border-slate-200 p-4">
      <RecordImage src={product.image} className="h-16 w-16" />
      <div className="min-w-0 flex-1">
        <p className="text-xs uppercase tracking-wide text-slate-600">{product.category.name}</p>
        <h3 id={titleId} className="font-semibold text-slate-900">
          <Link to={`/products/${product.id}`} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="text-sm font-medium text-slate-900">
          {formatPriceRange(
            product.priceRange.minimumInventoryBatchPrice,
            product.priceRange.maximumInventoryBatchPrice,
          )}
        </p>
        <p className="text-xs text-slate-600">
          {formatNumber(product.availableUnits)} {product.availableUnits === 1 ? "unit" : "units"} available ·{" "}
          {paymentModeLabels(product.paymentModes)}
        </p>
      </div>
    </li>
  );
}

export default function ProductsRoute() {
  const { page, categories, can } = useLoaderData<typeof loader>();
  const { query, list } = page;
  const location = useLocation();
  useListRefresh();
  const categoryName = categories?.find((category) => category.id === query.categoryId)?.name;
  const title = categoryName ? `${categoryName} Products` : "All Products";
  return (
    <div className="flex flex-col gap-4">
      {categories ? (
        <CategoryTabs categories={categories} current={query.categoryId} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          Failed to fetch product categories
        </p>
      )}
      <ListSection
        title={title}
        searchLabel={categoryName ?? "Products"}
        search={query.search}
        keep={{ categoryId: query.categoryId }}
        clearHref={listHref(location.pathname, location.search, { search: null, page: null })}
        actions={
          can.create ? (
            <>
              <ListAction to={listHref("/products/all/new", location.search)}>New Product</ListAction>
              <DropdownMenu
                label="More product actions"
                trigger={<span aria-hidden="true">⋯</span>}
                triggerClassName="h-9 w-9 justify-center"
                panelClassName="w-52"
              >
                <Link
                  to={listHref("/products/all/categories/new", location.search)}
                  className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100"
                >
                  Create New Category
                </Link>
              </DropdownMenu>
            </>
          ) : null
        }
        page={list}
        itemLabel="products"
        emptyHint={can.create ? "Products you create with New Product will be listed here." : undefined}
      >
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
          {list.updatedResults.map((product) => (
            <ProductCardItem key={product.id} product={product} />
          ))}
        </ul>
      </ListSection>
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
