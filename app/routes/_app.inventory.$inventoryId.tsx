import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { BatchRecord, InventoryDetail, MovementRecord } from "#backend/schemas/inventory";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DetailList } from "~/components/detail-list";
import { EmptyState } from "~/components/empty-state";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { RecordImage } from "~/components/record-image";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import { CLASS_LABELS } from "~/features/inventory/inventory-classes";
import { MOVEMENT_LABELS } from "~/features/inventory/movements";
import { formatDate, formatNaira, formatNumber, formatPriceRange, formatTime } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/inventory/inventory-item.server";

export { action, loader } from "~/features/inventory/inventory-item.server";

const loadRestockSchema = () => import("#backend/schemas/inventory").then((module) => module.RestockSchema);
const loadTransferSchema = () => import("#backend/schemas/inventory").then((module) => module.TransferSchema);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.item.name} — Inventory — SolarDesk` : "Inventory — SolarDesk" },
];

type Answer = { result: FormResult; toast: ToastData | null; intent: string | null } | undefined;
type Option = { value: string; label: string };

const BATCH_COLUMNS: Column<BatchRecord>[] = [
  { header: "Batch", primary: true, cell: (batch) => `#${batch.batchNumber}` },
  { header: "Warehouse", cell: (batch) => batch.warehouse.name },
  { header: "Stock", cell: (batch) => formatNumber(batch.numberOfStock) },
  { header: "Remaining", cell: (batch) => formatNumber(batch.remainingQuantity) },
  { header: "Cost", cell: (batch) => formatNaira(batch.costOfItem) },
  { header: "Price", cell: (batch) => formatNaira(batch.price) },
  {
    header: "Received",
    cell: (batch) =>
      `${formatDate(batch.receivedAt)} ${formatTime(batch.receivedAt)}${batch.receivedBy ? ` by ${batch.receivedBy.name}` : ""}`,
  },
];

const MOVEMENT_COLUMNS: Column<MovementRecord>[] = [
  {
    header: "When",
    primary: true,
    cell: (movement) => `${formatDate(movement.createdAt)} ${formatTime(movement.createdAt)}`,
  },
  { header: "Movement", cell: (movement) => MOVEMENT_LABELS[movement.kind] },
  { header: "Batch", cell: (movement) => `#${movement.batchNumber}` },
  { header: "From", cell: (movement) => movement.fromWarehouse?.name ?? "—" },
  { header: "To", cell: (movement) => movement.toWarehouse?.name ?? "—" },
  { header: "Quantity", cell: (movement) => formatNumber(movement.quantity) },
  { header: "By", cell: (movement) => movement.actor?.name ?? "—" },
  { header: "Reason", cell: (movement) => movement.reason ?? "" },
];

function RestockForm({ answer, warehouses }: { answer: Answer; warehouses: Option[] }) {
  const mine = answer?.intent === "restock" ? answer : undefined;
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadRestockSchema,
    lastResult: mine?.result,
  });
  return (
    <Form method="post" {...form} className="flex flex-col gap-1" aria-labelledby="restock-title">
      <ActionToast toast={mine?.toast} />
      <h3 id="restock-title" className="mb-2 text-base font-semibold">
        Restock
      </h3>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
        <FormInput label="Number of Stock" inputMode="numeric" {...field("numberOfStock")} />
        <FormInput label="Cost of Item (₦)" inputMode="decimal" {...field("costOfItem")} />
        <FormInput label="Sale Price (₦)" inputMode="decimal" {...field("price")} />
      </div>
      <FormSelect
        label="Receiving Warehouse"
        placeholder="Default: the first active warehouse taking the class"
        options={warehouses}
        {...field("warehouseId")}
      />
      <FormInput label="Reason (optional)" {...field("reason")} />
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="restock" pendingText="Restocking..." className="mt-2 self-start">
        Restock
      </SubmitButton>
    </Form>
  );
}

function TransferForm({
  answer,
  batches,
  warehouses,
}: {
  answer: Answer;
  batches: Option[];
  warehouses: Option[];
}) {
  const mine = answer?.intent === "transfer" ? answer : undefined;
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadTransferSchema,
    lastResult: mine?.result,
  });
  return (
    <Form method="post" {...form} className="flex flex-col gap-1" aria-labelledby="transfer-title">
      <ActionToast toast={mine?.toast} />
      <h3 id="transfer-title" className="mb-2 text-base font-semibold">
        Transfer
      </h3>
      {batches.length === 0 ? (
        <p className="text-sm text-slate-600">No batch has units left to move.</p>
      ) : (
        <>
          <FormSelect label="Batch" placeholder="Select a batch" options={batches} {...field("batchId")} />
          <FormSelect
            label="Destination Warehouse"
            placeholder="Select a warehouse"
            options={warehouses}
            {...field("toWarehouseId")}
          />
          <FormInput label="Quantity to Move" inputMode="numeric" {...field("quantity")} />
          <FormInput label="Reason (optional)" {...field("reason")} />
          <ErrorBox errors={formErrors} />
          <SubmitButton intent="transfer" pendingText="Transferring..." className="mt-2 self-start">
            Transfer
          </SubmitButton>
        </>
      )}
    </Form>
  );
}

function details(item: InventoryDetail): [string, React.ReactNode][] {
  return [
    ["SKU", item.sku],
    ["Class", CLASS_LABELS[item.class]],
    ["Category", `${item.inventoryCategory.name} / ${item.inventorySubCategory.name}`],
    ["Manufacturer", item.manufacturerName],
    ["Date of Manufacture", formatDate(item.dateOfManufacture)],
    ["Status", item.status === "IN_STOCK" ? "In stock" : "Out of stock"],
    ["Remaining", formatNumber(item.totalRemainingQuantities)],
    [
      "Sale Price",
      formatPriceRange(
        item.salePrice.minimumInventoryBatchPrice,
        item.salePrice.maximumInventoryBatchPrice,
      ) || "No stock",
    ],
  ];
}

export default function InventoryItemRoute() {
  const { item, can, warehouses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const warehouseOptions = warehouses.map((warehouse) => ({ value: warehouse.id, label: warehouse.name }));
  const batchOptions = item.batches
    .filter((batch) => batch.remainingQuantity > 0)
    .map((batch) => ({
      value: batch.id,
      label: `#${batch.batchNumber} — ${batch.warehouse.name} — ${formatNumber(batch.remainingQuantity)} left`,
    }));
  return (
    <div className="flex flex-col gap-4">
      <Link to="/inventory/all" className="text-sm text-brand-700 hover:underline">
        ← All inventory
      </Link>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <RecordImage src={item.image} className="h-16 w-16" />
          <h2 className="text-lg font-semibold">{item.name}</h2>
        </div>
        <DetailList rows={details(item)} />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">Batches</h2>
        <DataTable
          caption="Batches"
          columns={BATCH_COLUMNS}
          rows={item.batches}
          rowKey={(batch) => batch.id}
        />
      </section>
      {can.write ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <RestockForm answer={answer} warehouses={warehouseOptions} />
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <TransferForm answer={answer} batches={batchOptions} warehouses={warehouseOptions} />
          </section>
        </div>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">Movements</h2>
        {item.movements.length ? (
          <DataTable
            caption="Movements"
            columns={MOVEMENT_COLUMNS}
            rows={item.movements}
            rowKey={(movement) => movement.id}
          />
        ) : (
          <EmptyState title="No data available" />
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
