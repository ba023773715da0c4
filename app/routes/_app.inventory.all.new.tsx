import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import {
  INVENTORY_IMAGE_FIELD,
  InventoryCategoryListSchema,
  InventoryDetailSchema,
  InventoryFormSchema,
  pricesInNaira,
} from "#backend/schemas/inventory";
import { WarehouseListSchema } from "#backend/schemas/warehouses";
import { apiReadOrFailure, apiWriteMultipart } from "~/api.server";
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
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  multipartBody,
  parseForm,
  readFormData,
  rejectedSubmission,
  steeringAnswer,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { useHydrated } from "~/utils/use-hydrated";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New Inventory — SolarDesk" }];

const INVENTORY_CREATION_FAILED = "Inventory Creation Failed: Internal Server Error";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [categories, warehouses] = await Promise.all([
    apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema),
    apiReadOrFailure(request, "/v1/warehouses", WarehouseListSchema, { status: "active", limit: 100 }),
  ]);
  return {
    categories: categories.ok ? categories.data : null,
    warehouses: warehouses.ok ? warehouses.data.warehouses : [],
    warehouseId: new URL(request.url).searchParams.get("warehouseId"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseForm(formData, InventoryFormSchema);
  // 'Choose' (without JavaScript): the form comes back with the category's sub-categories to pick from.
  if (formData.get("intent") === "choose") return steeringAnswer(submission, "choose");
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "create" });
  const answer = await apiWriteMultipart(
    request,
    {
      method: "POST",
      path: "/v1/inventory/create",
      formData: multipartBody(pricesInNaira(submission.value)),
    },
    InventoryDetailSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      intent: "create",
      toastFor: creationFailedToast(INVENTORY_CREATION_FAILED),
    });
  }
  return redirectWithSuccess(
    listHref("/inventory/all", new URL(request.url).search),
    "Inventory created successfully!",
  );
}

export default function NewInventoryRoute() {
  const { categories, warehouses, warehouseId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  const { form, field, formErrors } = useLiveForm({
    schema: InventoryFormSchema,
    lastResult: answer?.result,
  });
  const category = field("inventoryCategoryId");
  const warehouse = field("warehouseId");
  const [categoryId, setCategoryId] = useState(category.defaultValue ?? "");
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (seenAnswer !== answer) {
    setSeenAnswer(answer);
    setCategoryId(category.defaultValue ?? "");
  }
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
            onChange={(event) => setCategoryId(event.currentTarget.value)}
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
