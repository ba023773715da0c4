import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action } from "~/features/products/new-category.server";

export { action, loader } from "~/features/products/new-category.server";

const loadCreateProductCategorySchema = () =>
  import("#backend/schemas/products").then((module) => module.CreateProductCategorySchema);

export const meta: MetaFunction = () => [{ title: "Create New Category — Products — SolarDesk" }];

export default function NewProductCategoryRoute() {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadCreateProductCategorySchema,
    lastResult: answer?.result,
  });
  return (
    <Drawer title="Create New Category" size="small" closeTo={listHref("/products/all", location.search)}>
      <ActionToast toast={answer?.toast} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <FormInput label="Product Category" {...field("name")} />
        <input type="hidden" name="type" value="PRODUCT" />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2 self-start">
          Create Category
        </SubmitButton>
      </Form>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
