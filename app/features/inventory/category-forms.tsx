import { Form } from "@remix-run/react";
import type { InventoryCategoryRecord } from "#backend/schemas/inventory";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import type { ToastData } from "~/components/toaster";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

const loadCategoryFormSchema = () =>
  import("#backend/schemas/inventory").then((module) => module.CategoryFormSchema);
const loadSubCategoryFormSchema = () =>
  import("#backend/schemas/inventory").then((module) => module.SubCategoryFormSchema);
const loadRenameInventoryCategorySchema = () =>
  import("#backend/schemas/inventory").then((module) => module.RenameInventoryCategorySchema);

export type CategoryIntent = "create-category" | "create-sub-category" | "rename";

export type CategoryAnswer =
  { result: FormResult; toast: ToastData | null; intent: string | null } | undefined;

export const FAILED_TO_FETCH_CATEGORIES = "Failed to fetch inventory categories";

const own = (answer: CategoryAnswer, intent: CategoryIntent) =>
  answer && answer.intent === intent ? answer : undefined;

function typedSubCategory(result: FormResult | undefined) {
  const list = result?.initialValue?.subCategories;
  const first = Array.isArray(list) ? (list[0] as { name?: unknown } | undefined) : undefined;
  return typeof first?.name === "string" ? first.name : undefined;
}

export function NewCategoryForm({ answer, action }: { answer: CategoryAnswer; action?: string }) {
  const mine = own(answer, "create-category");
  const { form, field, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadCategoryFormSchema,
    lastResult: mine?.result,
  });
  return (
    <Form method="post" action={action} {...form} className="flex flex-col gap-1">
      <ActionToast toast={mine?.toast} />
      <FormInput label="Category Name" {...field("name")} />
      <FormInput
        label="Sub-Category Name (optional)"
        id={`${form.id}-sub-category`}
        name="subCategories[0].name"
        defaultValue={typedSubCategory(mine?.result)}
        errors={errorsAt("subCategories[0].name")}
        errorId={`${form.id}-sub-category-error`}
      />
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="create-category" pendingText="Creating..." className="mt-2 self-start">
        Create Category
      </SubmitButton>
    </Form>
  );
}

export function NewSubCategoryForm({
  answer,
  categories,
  action,
  categoriesFailed,
}: {
  answer: CategoryAnswer;
  categories: InventoryCategoryRecord[];
  action?: string;
  categoriesFailed?: boolean;
}) {
  const mine = own(answer, "create-sub-category");
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSubCategoryFormSchema,
    lastResult: mine?.result,
  });
  return (
    <Form method="post" action={action} {...form} className="flex flex-col gap-1">
      <ActionToast toast={mine?.toast} />
      <FormSelect
        label="Parent Category"
        placeholder="Select a category"
        options={categories.map((category) => ({ value: category.id, label: category.name }))}
        unavailable={categoriesFailed ? FAILED_TO_FETCH_CATEGORIES : undefined}
        {...field("parentId")}
      />
      <FormInput label="Sub-Category Name" {...field("name")} />
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="create-sub-category" pendingText="Creating..." className="mt-2 self-start">
        Create Sub-Category
      </SubmitButton>
    </Form>
  );
}

export function RenameCategoryForm({
  answer,
  category,
  action,
}: {
  answer: CategoryAnswer;
  category: { id: string; name: string };
  action?: string;
}) {
  const mine = own(answer, "rename");
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadRenameInventoryCategorySchema,
    lastResult: mine?.result,
  });
  const name = field("name");
  return (
    <Form method="post" action={action} {...form} className="flex flex-wrap items-start gap-2">
      <ActionToast toast={mine?.toast} />
      <input type="hidden" name="ui.categoryId" value={category.id} />
      <FormInput
        label={`New name for ${category.name}`}
        {...name}
        defaultValue={name.defaultValue ?? category.name}
        className="min-w-0 flex-1"
      />
      <SubmitButton intent="rename" pendingText="Saving..." className="mt-6">
        Save Name
      </SubmitButton>
      <ErrorBox errors={formErrors} />
    </Form>
  );
}
