import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { BatchRecord, InventoryDetail, MovementRecord } from "#backend/schemas/inventory";
import { InventoryDetailSchema, RestockSchema, TransferSchema } from "#backend/schemas/inventory";
import { WarehouseListSchema } from "#backend/schemas/warehouses";
import { apiRead, apiReadOrFailure } from "~/api.server";
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
import { saveStockChange } from "~/features/inventory/stock-forms.server";
import { requireUser } from "~/session.server";
import { formatDate, formatNaira, formatNumber, formatPriceRange, formatTime } from "~/utils/format";
import { readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.item.name} — Inventory — SolarDesk` : "Inventory — SolarDesk" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = encodeURIComponent(params.inventoryId ?? "");
  const flags = canFlags(user, { write: "write:Inventory" });
  const [item, warehouses] = await Promise.all([
    apiRead(request, `/v1/inventory/${id}`, InventoryDetailSchema),
    flags.write
      ? apiReadOrFailure(request, "/v1/warehouses", WarehouseListSchema, { status: "active", limit: 100 })
      : null,
  ]);
  return { item, can: flags, warehouses: warehouses?.ok ? warehouses.data.warehouses : [] };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  return saveStockChange(request, await readFormData(request), params.inventoryId ?? "");
}

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
  const { form, field, formErrors } = useLiveForm({ schema: RestockSchema, lastResult: mine?.result });
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
  const { form, field, formErrors } = useLiveForm({ schema: TransferSchema, lastResult: mine?.result });
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
