import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { CreateProductCategorySchema, ProductCategoryRecordSchema } from "#backend/schemas/products";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { requireUser } from "~/session.server";
import { createAction } from "~/utils/create-actions.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Create New Category — Products — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createAction(request, {
    form: CreateProductCategorySchema,
    path: "/v1/products/create-category",
    answer: ProductCategoryRecordSchema,
    failureToast: "Product Category Creation Failed: Internal Server Error",
    done: {
      list: "/products/all",
      message: "Product category created successfully!",
      // The list opens on the new category, from its first page.
      listParams: (category) => ({ categoryId: category.id, page: null }),
    },
  });
}

export default function NewProductCategoryRoute() {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: CreateProductCategorySchema,
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
