import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InventoryCategoryListSchema } from "#backend/schemas/inventory";
import { apiReadOrFailure, throwFailure } from "~/api.server";
import { INVENTORY_SETTINGS_PAGE } from "~/features/inventory/inventory-settings";
import { saveInventoryCategory } from "~/features/inventory/category-forms.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const answer = await apiReadOrFailure(request, "/v1/inventory/categories/all", InventoryCategoryListSchema);
  // A refusal is the section's Access Denied panel with the catalogue's lines (spec 000 §6); any other
  // failure keeps the page and names what could not be read.
  if (!answer.ok && answer.failure.status === 403) return throwFailure(request, answer.failure);
  return {
    categories: answer.ok ? answer.data : null,
    can: canFlags(user, { write: "write:Inventory" }),
    renaming: new URL(request.url).searchParams.get("rename"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return saveInventoryCategory(request, await readFormData(request), INVENTORY_SETTINGS_PAGE);
}
