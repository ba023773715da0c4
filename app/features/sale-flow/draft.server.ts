import { data, redirect } from "@remix-run/node";
import { SaleDraftSchema } from "#backend/schemas/sale-drafts";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { apiRead, apiWrite } from "~/api.server";
import type { ApiCall } from "~/api.server";
import type { ToastData } from "~/components/toaster";
import type { ApiFailure } from "~/utils/error-catalogue";
import { applyCostIntent, costIntent, readCostRows } from "./cost-rows";
import type { CostRow } from "./cost-rows";
import { draftPath } from "./paths";

export const draftApi = (draftId: string, rest = "") =>
  `/v1/sales/drafts/${encodeURIComponent(draftId)}${rest}` as const satisfies ApiCall["path"];

/** Someone else's or an expired draft is the 404 panel. */
export async function loadDraft(request: Request, draftId: string | undefined): Promise<SaleDraft> {
  return apiRead(request, draftApi(draftId ?? ""), SaleDraftSchema);
}

export function changeDraft(
  request: Request,
  draftId: string,
  call: { method: "POST" | "PUT" | "PATCH" | "DELETE"; rest: string; body?: unknown },
) {
  return apiWrite(
    request,
    { method: call.method, path: draftApi(draftId, call.rest), body: call.body },
    SaleDraftSchema,
  );
}

export const productApi = (productId: string, part = "") =>
  `/products/${encodeURIComponent(productId)}${part ? `/${part}` : ""}`;

export function itemOf(draft: SaleDraft, productId: string | undefined) {
  const item = draft.items.find((candidate) => candidate.productId === productId);
  if (!item) throw data({ message: "This product is not in the sale" }, { status: 404 });
  return item;
}

export type FlowMessage = { message: string | null; toast: ToastData | null };

export async function savePart<Rejected>(
  request: Request,
  draftId: string,
  call: { method: "PUT" | "DELETE"; rest: string; body?: unknown },
  reject: (failure: ApiFailure) => Rejected,
) {
  const answer = await changeDraft(request, draftId, call);
  if (!answer.ok) return reject(answer.failure);
  return redirect(draftPath(draftId));
}

/** The cost rows a form sent, after its 'Add cost' or 'Remove' (without JavaScript each posts the form). */
export function costRowsOf(formData: FormData) {
  const intent = costIntent(String(formData.get("intent") ?? ""));
  return { intent, rows: applyCostIntent(readCostRows(formData), intent) };
}

/** An answer that carries the cost rows back, so they show as typed. */
export function withRows<Data extends object>(
  reply: { data: Data; init: ResponseInit | null },
  rows: CostRow[],
) {
  return data({ ...reply.data, rows }, reply.init ?? undefined);
}
