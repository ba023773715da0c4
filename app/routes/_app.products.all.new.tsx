import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ProductEditor } from "~/features/products/product-editor";
import { productEditorData, saveProduct } from "~/features/products/product-editor.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export const meta: MetaFunction = () => [{ title: "New Product — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return productEditorData(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return saveProduct(request, await readFormData(request), {
    redirectTo: listHref("/products/all", new URL(request.url).search),
  });
}

export default function NewProductRoute() {
  const { categories, inventoryCategories, pickerList } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  return (
    <Drawer title="New Product" size="large" closeTo={listHref("/products/all", location.search)}>
      <ProductEditor
        product={null}
        answer={answer}
        categories={categories}
        inventoryCategories={inventoryCategories}
        pickerList={pickerList}
        submitLabel="Create Product"
        pendingText="Creating..."
      />
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
