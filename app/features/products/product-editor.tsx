import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { InventoryCategoryRecord, InventoryList } from "#backend/schemas/inventory";
import type { ProductCategoryRecord, ProductRecord } from "#backend/schemas/products";
import {
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  PRODUCT_IMAGE_FIELD,
  paymentModeList,
} from "#backend/constants/products";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { ImageField } from "~/components/image-field";
import { RecordImage } from "~/components/record-image";
import { SubmitButton } from "~/components/submit-button";
import type { ToastData } from "~/components/toaster";
import { ActionToast } from "~/components/toaster";
import { formatNumber, formatPriceRange } from "~/utils/format";
import { listFailure } from "~/utils/list-messages";
import { useHydrated } from "~/utils/use-hydrated";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import type { PickedItem, PickerState } from "./picker-state";
import { LABEL_PREFIX, PICKER_FIELDS } from "./picker-state";

const loadProductFormSchema = () =>
  import("#backend/schemas/products").then((module) => module.ProductFormSchema);

export type ProductEditorAnswer =
  | {
      result: FormResult;
      toast: ToastData | null;
      intent: string | null;
      picker: PickerState & { list: InventoryList | null };
    }
  | undefined;

/** A repeated field comes back from a refused submission as one string or a list. */
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];

const itemLabel = (item: { name: string; sku: string }) => `${item.name} (${item.sku})`;

const smallButton =
  "rounded-full border border-slate-300 px-3 py-1 text-xs font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";

// formNoValidate on every button: the product need not be complete to pick its items.
function InventoryPicker({
  state,
  list,
  inventoryCategories,
  errorsAt,
  formId,
}: {
  state: PickerState;
  list: InventoryList | null;
  inventoryCategories: InventoryCategoryRecord[] | null;
  errorsAt: (name: string) => string[] | undefined;
  formId: string;
}) {
  const picked = new Set(state.picked.map((item) => item.inventoryId));
  const listErrors = errorsAt("inventories");
  const first = list && list.total > 0 ? (list.page - 1) * list.limit + 1 : 0;
  const last = list ? Math.min(list.page * list.limit, list.total) : 0;
  return (
    <fieldset
      className="mt-2 rounded-xl border border-slate-200 p-3"
      aria-describedby={listErrors?.length ? `${formId}-inventories-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-700">Inventory Items</legend>
      <input type="hidden" name={PICKER_FIELDS.page} value={list?.page ?? state.page} />
      <div role="search" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
          Search inventory
          <input
            type="search"
            name={PICKER_FIELDS.search}
            defaultValue={state.search}
            placeholder="Search inventory here"
            className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          Inventory category
          <select
            name={PICKER_FIELDS.categoryId}
            defaultValue={state.categoryId}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal"
          >
            <option value="">All categories</option>
            {(inventoryCategories ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" name="intent" value="search" formNoValidate className={smallButton}>
          Search inventory
        </button>
      </div>
      {list === null ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {listFailure.inventoryOf(
            inventoryCategories?.find((category) => category.id === state.categoryId)?.name ?? "All",
          )}
        </p>
      ) : list.total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {state.search || state.categoryId ? "No results for these filters" : "No data available"}
        </p>
      ) : (
        <>
          <ul aria-label="Inventory to pick from" className="mt-2 divide-y divide-slate-100">
            {list.inventories.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-1.5 text-sm">
                <input type="hidden" name={`${LABEL_PREFIX}${item.id}`} value={itemLabel(item)} />
                <RecordImage src={item.image} className="h-8 w-8" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{item.name}</span>
                  <span className="block text-xs text-slate-600">
                    {item.sku} · {formatNumber(item.totalRemainingQuantities)} left ·{" "}
                    {formatPriceRange(
                      item.salePrice.minimumInventoryBatchPrice,
                      item.salePrice.maximumInventoryBatchPrice,
                    ) || "No stock"}
                  </span>
                </span>
                <button
                  type="submit"
                  name="intent"
                  value={`add:${item.id}`}
                  formNoValidate
                  disabled={picked.has(item.id)}
                  aria-label={picked.has(item.id) ? `${item.name} added` : `Add ${item.name}`}
                  className={smallButton}
                >
                  {picked.has(item.id) ? "Added" : "Add"}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
            <span>
              {first} - {last} of {list.total} items
            </span>
            <span className="flex gap-2">
              {list.page > 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`page:${list.page - 1}`}
                  formNoValidate
                  className={smallButton}
                >
                  Previous items
                </button>
              ) : null}
              {list.page < list.totalPages ? (
                <button
                  type="submit"
                  name="intent"
                  value={`page:${list.page + 1}`}
                  formNoValidate
                  className={smallButton}
                >
                  Next items
                </button>
              ) : null}
            </span>
          </div>
        </>
      )}
      <PickedItems picked={state.picked} errorsAt={errorsAt} formId={formId} />
      <div id={`${formId}-inventories-error`} className="min-h-[1rem] text-xs text-red-700">
        {listErrors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}

function PickedItems({
  picked,
  errorsAt,
  formId,
}: {
  picked: PickedItem[];
  errorsAt: (name: string) => string[] | undefined;
  formId: string;
}) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-2">
      <h3 className="text-sm font-medium text-slate-700">{picked.length} Item(s) Selected</h3>
      <ul aria-label="Picked inventory" className="mt-1 flex flex-col gap-1">
        {picked.map((item, index) => {
          const name = `inventories[${index}].quantity`;
          const inputId = `${formId}-quantity-${item.inventoryId}`;
          const errors = errorsAt(name);
          return (
            <li key={item.inventoryId} className="flex flex-wrap items-start gap-2 text-sm">
              <input type="hidden" name={`inventories[${index}].inventoryId`} value={item.inventoryId} />
              <input type="hidden" name={`${LABEL_PREFIX}${item.inventoryId}`} value={item.label} />
              <label htmlFor={inputId} className="min-w-0 flex-1 py-1.5">
                <span className="sr-only">Quantity of </span>
                {item.label}
              </label>
              <div className="flex flex-col">
                <input
                  id={inputId}
                  name={name}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  defaultValue={item.quantity}
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? `${inputId}-error` : undefined}
                  className="w-20 rounded-lg border border-slate-300 px-2 py-1 text-sm"
                />
                <div id={`${inputId}-error`} className="text-xs text-red-700">
                  {errors?.map((message) => (
                    <p key={message}>{message}</p>
                  ))}
                </div>
              </div>
              <button
                type="submit"
                name="intent"
                value={`remove:${item.inventoryId}`}
                formNoValidate
                aria-label={`Remove ${item.label}`}
                className={smallButton}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ProductEditor({
  product,
  answer,
  categories,
  inventoryCategories,
  pickerList,
  submitLabel,
  pendingText,
  footer,
}: {
  product: ProductRecord | null;
  answer: ProductEditorAnswer;
  categories: ProductCategoryRecord[] | null;
  inventoryCategories: InventoryCategoryRecord[] | null;
  pickerList: InventoryList | null;
  submitLabel: string;
  pendingText: string;
  footer?: ReactNode;
}) {
  const hydrated = useHydrated();
  const { form, field, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadProductFormSchema,
    lastResult: answer?.result,
  });
  const state: PickerState = answer?.picker ?? {
    picked: (product?.inventories ?? []).map((item) => ({
      inventoryId: item.id,
      quantity: String(item.productInventoryQuantity),
      label: itemLabel(item),
    })),
    search: "",
    categoryId: "",
    page: 1,
  };
  const list = answer ? answer.picker.list : pickerList;
  const modes = new Set(
    answer
      ? asList(answer.result.initialValue?.paymentModes)
      : product
        ? paymentModeList(product.paymentModes)
        : [],
  );
  const category = field("categoryId");
  const name = field("name");
  const paymentModes = field("paymentModes");
  return (
    <Form method="post" encType="multipart/form-data" {...form} className="flex flex-col gap-1">
      <ActionToast toast={answer?.toast} />
      <FormSelect
        label="Product Category"
        placeholder="Select a category"
        options={(categories ?? []).map((item) => ({ value: item.id, label: item.name }))}
        unavailable={categories ? undefined : "Failed to fetch product categories"}
        {...category}
        defaultValue={category.defaultValue ?? product?.category.id}
      />
      <FormInput label="Product Name" {...name} defaultValue={name.defaultValue ?? product?.name} />
      {product?.image ? (
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <RecordImage src={product.image} className="h-12 w-12" />
          Current image
        </div>
      ) : null}
      <ImageField
        label={product ? "Replace Product Image (optional)" : "Product Image (optional)"}
        field={field(PRODUCT_IMAGE_FIELD)}
        chooseAgain={Boolean(answer) && !hydrated}
      />
      <fieldset aria-describedby={paymentModes.errors?.length ? paymentModes.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-700">Payment Modes</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {PAYMENT_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="paymentModes"
                value={mode}
                defaultChecked={modes.has(mode)}
                className="h-4 w-4 rounded border-slate-300"
              />
              {PAYMENT_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
        <div id={paymentModes.errorId} className="min-h-[1rem] text-xs text-red-700">
          {paymentModes.errors?.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      </fieldset>
      <InventoryPicker
        state={state}
        list={list}
        inventoryCategories={inventoryCategories}
        errorsAt={errorsAt}
        formId={form.id}
      />
      <ErrorBox errors={formErrors} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <SubmitButton intent="save" pendingText={pendingText}>
          {submitLabel}
        </SubmitButton>
        {footer}
      </div>
    </Form>
  );
}
