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
import { loadListPage } from "~/utils/lists.server";

export const WAREHOUSE_FAILED = "An error occurred";

export async function warehouseListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadListPage(request, user, {
    section: "warehouses",
    tab,
    list: {
      path: "/v1/warehouses",
      query: WarehouseListQuerySchema,
      answer: WarehouseListSchema,
      failureMessage: "Failed to fetch warehouses",
    },
    can: { create: "write:Warehouses", write: "write:Warehouses", readLogs: "read:Inventory" },
  });
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
