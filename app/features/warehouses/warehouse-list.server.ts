import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  WarehouseListQuerySchema,
  WarehouseListSchema,
  WarehouseRecordSchema,
} from "#backend/schemas/warehouses";
import { apiWrite } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { firstMessage } from "~/utils/error-catalogue";
import { errorToast, readFormData } from "~/utils/forms.server";
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

export const WAREHOUSE_FAILED = "An error occurred";

export async function warehouseListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("warehouses", tab);
  const page = await loadList(request, {
    path: "/v1/warehouses",
    query: WarehouseListQuerySchema,
    answer: WarehouseListSchema,
    fixed: filter ?? {},
    failureMessage: "Failed to fetch warehouses",
  });
  return {
    title,
    ...page,
    canWrite: can(user, "write:Warehouses"),
    canReadLogs: can(user, "read:Inventory"),
  };
}

export async function warehouseStatusAction({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  const id = String(formData.get("ui.warehouseId") ?? "");
  const status = formData.get("intent") === "activate" ? "active" : "inactive";
  const answer = await apiWrite(
    request,
    { method: "PATCH", path: `/v1/warehouses/${encodeURIComponent(id)}`, body: { status } },
    WarehouseRecordSchema,
  );
  if (!answer.ok) {
    const message = firstMessage(answer.failure.message) ?? WAREHOUSE_FAILED;
    const status = answer.failure.status === 0 ? 503 : answer.failure.status;
    return data({ refusal: { warehouseId: id, message }, toast: errorToast(message) }, { status });
  }
  const url = new URL(request.url);
  return redirectWithSuccess(
    `${url.pathname}${url.search}`,
    status === "active" ? "Warehouse activated successfully!" : "Warehouse deactivated successfully!",
  );
}
