import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { INVENTORY_IMAGE_FIELD } from "#backend/constants/inventory";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { ImageField } from "~/components/image-field";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { FAILED_TO_FETCH_CATEGORIES } from "~/features/inventory/category-forms";
import { CLASS_OPTIONS } from "~/features/inventory/inventory-classes";
import { listHref } from "~/utils/list-params";
import { useHydrated } from "~/utils/use-hydrated";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/inventory/new-inventory.server";

export { action, loader } from "~/features/inventory/new-inventory.server";

const loadInventoryFormSchema = () =>
  import("#backend/schemas/inventory").then((module) => module.InventoryFormSchema);

export const meta: MetaFunction = () => [{ title: "New Inventory — SolarDesk" }];

export default function NewInventoryRoute() {
  const { categories, warehouses, warehouseId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadInventoryFormSchema,
    lastResult: answer?.result,
  });
  const category = field("inventoryCategoryId");
  const warehouse = field("warehouseId");
  // The category picked here holds until the server answers; its answer's category replaces it.
  const [picked, setPicked] = useState({ answer, id: category.defaultValue ?? "" });
  const categoryId = picked.answer === answer ? picked.id : (category.defaultValue ?? "");
  const subCategories = categories?.find((item) => item.id === categoryId)?.children ?? [];
  const sentBack = Boolean(answer) && !hydrated;
  return (
    <Drawer title="New Inventory" size="medium" closeTo={listHref("/inventory/all", location.search)}>
      <ActionToast toast={answer?.toast} />
      <Form method="post" encType="multipart/form-data" {...form} className="flex flex-col gap-1">
        <FormSelect
          label="Inventory Class"
          placeholder="Select a class"
          options={CLASS_OPTIONS}
          {...field("class")}
        />
        <div className="flex items-end gap-2">
          <FormSelect
            label="Inventory Category"
            placeholder="Select a category"
            options={(categories ?? []).map((item) => ({ value: item.id, label: item.name }))}
            unavailable={categories ? undefined : FAILED_TO_FETCH_CATEGORIES}
            {...category}
            onChange={(event) => setPicked({ answer, id: event.currentTarget.value })}
            className="min-w-0 flex-1"
          />
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value="choose"
              formNoValidate
              className="mb-5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100"
            >
              Choose
            </button>
          )}
        </div>
        <FormSelect
          // A new category's options replace the old ones, and the old choice with them.
          key={categoryId}
          label="Inventory Sub-Category"
          placeholder={categoryId ? "Select a sub-category" : "Choose a category first"}
          options={subCategories.map((item) => ({ value: item.id, label: item.name }))}
          {...field("inventorySubCategoryId")}
        />
        <FormInput label="Inventory Name" {...field("name")} />
        <FormInput label="Manufacturer Name" {...field("manufacturerName")} />
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="Date of Manufacture" type="date" {...field("dateOfManufacture")} />
          <FormInput label="SKU" hint="Letters, numbers and dashes" {...field("sku")} />
        </div>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
          <FormInput label="Number of Stock" inputMode="numeric" {...field("numberOfStock")} />
          <FormInput label="Cost of Item (₦)" inputMode="decimal" {...field("costOfItem")} />
          <FormInput label="Sale Price (₦)" inputMode="decimal" {...field("price")} />
        </div>
        <FormSelect
          label="Warehouse"
          placeholder="Default: the first active warehouse taking the class"
          options={warehouses.map((item) => ({ value: item.id, label: item.name }))}
          {...warehouse}
          defaultValue={warehouse.defaultValue ?? warehouseId ?? undefined}
        />
        <ImageField label="Inventory Image" field={field(INVENTORY_IMAGE_FIELD)} chooseAgain={sentBack} />
        <ErrorBox errors={formErrors} />
        <SubmitButton intent="create" pendingText="Creating..." className="mt-2">
          Create Inventory
        </SubmitButton>
      </Form>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
