import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ProductInventory } from "#backend/schemas/products";
import { paymentModeLabels } from "#backend/constants/products";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { RecordImage } from "~/components/record-image";
import { ProductEditor } from "~/features/products/product-editor";
import { formatDate, formatNumber, formatPriceRange } from "~/utils/format";
import type { action, loader } from "~/features/products/product-page.server";

export { action, loader } from "~/features/products/product-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.editing ? "Edit " : ""}${data.product.name} — Products — SolarDesk`
      : "Product — SolarDesk",
  },
];

const COLUMNS: Column<ProductInventory>[] = [
  {
    header: "Inventory",
    primary: true,
    cell: (item) => (
      <Link to={`/inventory/${item.id}`} className="hover:underline">
        {item.name}
      </Link>
    ),
  },
  { header: "Manufacturer", cell: (item) => item.manufacturerName },
  { header: "Status", cell: (item) => (item.status === "IN_STOCK" ? "In stock" : "Out of stock") },
  { header: "Per Product Unit", cell: (item) => formatNumber(item.productInventoryQuantity) },
  { header: "Remaining", cell: (item) => formatNumber(item.totalRemainingQuantities) },
];

export default function ProductRoute() {
  const { product, can, editing, editor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = `/products/${product.id}`;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/products/all" className="text-sm text-brand-700 hover:underline">
        ← All products
      </Link>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-4">
          <RecordImage src={product.image} className="h-16 w-16" />
          <h2 className="min-w-0 flex-1 text-lg font-semibold">
            {editing ? `Edit ${product.name}` : product.name}
          </h2>
          {can.write && !editing ? (
            <Link
              to={`${page}?mode=edit`}
              className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium hover:bg-slate-100"
            >
              Edit Product
            </Link>
          ) : null}
        </div>
        {editing && editor ? (
          <div className="mt-4">
            <ProductEditor
              product={product}
              answer={answer}
              categories={editor.categories}
              inventoryCategories={editor.inventoryCategories}
              pickerList={editor.pickerList}
              submitLabel="Save Changes"
              pendingText="Saving..."
              footer={
                <Link to={page} className="text-sm text-brand-700 underline">
                  Cancel Edit
                </Link>
              }
            />
          </div>
        ) : (
          <DetailList
            rows={[
              ["Product Category", product.category.name],
              [
                "Price",
                formatPriceRange(
                  product.priceRange.minimumInventoryBatchPrice,
                  product.priceRange.maximumInventoryBatchPrice,
                ),
              ],
              ["Units Available", formatNumber(product.availableUnits)],
              ["Payment Modes", paymentModeLabels(product.paymentModes)],
              ["Created", formatDate(product.createdAt)],
              ["Updated", formatDate(product.updatedAt)],
            ]}
          />
        )}
      </section>
      {editing ? null : (
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold">Inventory in one unit</h2>
          <DataTable
            caption="Inventory in one unit"
            columns={COLUMNS}
            rows={product.inventories}
            rowKey={(item) => item.id}
          />
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
