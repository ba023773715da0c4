import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { NewCategoryForm } from "~/features/inventory/category-forms";
import { saveInventoryCategory } from "~/features/inventory/category-forms.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";

export const meta: MetaFunction = () => [{ title: "Create New Category — Inventory — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const back = listHref("/inventory/all", new URL(request.url).search);
  return saveInventoryCategory(request, await readFormData(request), back);
}

export default function NewInventoryCategoryRoute() {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  return (
    <Drawer title="Create New Category" size="small" closeTo={listHref("/inventory/all", location.search)}>
      <NewCategoryForm answer={answer} />
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
