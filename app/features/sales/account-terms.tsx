import {
  RESTRUCTURE_FIRST_DUE_DAYS,
  RESTRUCTURE_MAX_INSTALLMENTS,
  SWAP_DESTINATION_LABELS,
  SWAP_DESTINATIONS,
} from "#backend/constants/account-actions";
import type { RestructurePreview } from "#backend/schemas/account-actions";
import type { SaleRecord } from "#backend/schemas/sales";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { formatDate, formatNaira } from "~/utils/format";
import { ScheduleTable } from "./schedule-table";

// The restructure and swap forms of the sale page (issue 27 §2, decision 041): their fields, and the
// schedule a restructure would give, shown before it is saved.

type FieldProps = {
  id: string;
  name: string;
  defaultValue: string | undefined;
  errors: string[] | undefined;
  errorId: string;
};
type Field = (name: string) => FieldProps;

export type ShownPreview = RestructurePreview & { terms: string };

export function RestructureFields({ field, preview }: { field: Field; preview: ShownPreview | null }) {
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">New terms: one of the two</legend>
        <FormInput
          label="Number of installments"
          inputMode="numeric"
          hint={`1 to ${RESTRUCTURE_MAX_INSTALLMENTS}, of equal whole-naira amounts (the last takes what is left)`}
          {...field("installments")}
        />
        <FormInput
          label="Monthly amount (₦)"
          inputMode="decimal"
          hint="As many installments of it as the balance needs (the last one smaller)"
          {...field("monthlyAmount")}
        />
      </fieldset>
      <FormInput
        label="First due date"
        type="date"
        hint={`From today to ${RESTRUCTURE_FIRST_DUE_DAYS} days ahead; then monthly`}
        {...field("firstDueDate")}
      />
      {preview ? <SchedulePreview preview={preview} /> : null}
    </>
  );
}

/** The schedule the terms give, with what is sent back so a changed balance or changed terms are caught. */
function SchedulePreview({ preview }: { preview: ShownPreview }) {
  const count = preview.schedule.length;
  return (
    <section
      aria-labelledby="preview-title"
      className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3"
    >
      <h3 id="preview-title" className="font-semibold text-slate-900">
        The new schedule (not saved yet)
      </h3>
      <p className="text-sm text-slate-700">
        {formatNaira(preview.unpaid)} unpaid in {count} {count === 1 ? "installment" : "installments"} of{" "}
        {formatNaira(preview.monthly)}
        {count > 1 && preview.schedule.at(-1)!.amount !== preview.monthly
          ? ` (the last ${formatNaira(preview.schedule.at(-1)!.amount)})`
          : ""}
        . Tokenable devices get a token setting their credit to {formatDate(preview.creditUntil)}.
      </p>
      <ScheduleTable caption="New installments" lines={preview.schedule} />
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">What stays and what it replaces</summary>
        <div className="mt-2 flex flex-col gap-3">
          <ScheduleTable caption="Kept (paid)" lines={preview.kept} />
          <ScheduleTable caption="Replaced" lines={preview.replaced} />
        </div>
      </details>
      <input type="hidden" name="unpaid" value={String(preview.unpaid)} />
      <input type="hidden" name="ui.previewed" value={preview.terms} />
    </section>
  );
}

type SaleDevice = SaleRecord["items"][number]["devices"][number];

export function SwapFields({
  field,
  devices,
  returnedItems,
}: {
  field: Field;
  devices: readonly SaleDevice[];
  returnedItems: readonly { id: string; name: string }[];
}) {
  const old = field("oldDeviceId");
  return (
    <>
      <FormSelect
        label="Device to replace"
        placeholder="Choose a device"
        options={devices.map((device) => ({ value: device.id, label: device.serialNumber }))}
        {...old}
        defaultValue={old.defaultValue ?? (devices.length === 1 ? devices[0].id : "")}
      />
      <FormInput
        label="Serial number of the new device"
        hint="A device in stock: not linked to a sale, not faulty"
        maxLength={100}
        autoComplete="off"
        {...field("newSerialNumber")}
      />
      <FormSelect
        label="The old device goes"
        placeholder="Choose where it goes"
        options={SWAP_DESTINATIONS.map((value) => ({ value, label: SWAP_DESTINATION_LABELS[value] }))}
        {...field("destination")}
      />
      <ReturnedStockFields
        legend={`With “${SWAP_DESTINATION_LABELS.RETURNED}”`}
        field={field}
        returnedItems={returnedItems}
      />
    </>
  );
}

/** A unit back in stock: the returned-class item it goes under, its value and resale price. */
export function ReturnedStockFields({
  legend,
  field,
  returnedItems,
}: {
  legend: string;
  field: Field;
  returnedItems: readonly { id: string; name: string }[];
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      <FormSelect
        label="Back in stock as"
        placeholder="Choose a returned stock item"
        options={returnedItems.map((item) => ({ value: item.id, label: item.name }))}
        unavailable={
          returnedItems.length
            ? undefined
            : "No returned-class stock item yet: add one under Inventory, Returned."
        }
        {...field("returnedItemId")}
      />
      <FormInput label="Value of the returned unit (₦)" inputMode="decimal" {...field("unitCost")} />
      <FormInput label="Resale price (₦)" inputMode="decimal" {...field("resalePrice")} />
    </fieldset>
  );
}
