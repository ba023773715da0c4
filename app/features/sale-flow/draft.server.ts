import { data, redirect } from "@remix-run/node";
import { SaleDraftSchema } from "#backend/schemas/sale-drafts";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { apiRead, apiWrite } from "~/api.server";
import type { ApiCall } from "~/api.server";
import type { ToastData } from "~/components/toaster";
import type { ApiFailure } from "~/utils/error-catalogue";
import { draftPath } from "./paths";

/** The drafts resource of the signed-in staff member (`/v1/sales/drafts`, docs/decisions/018). */

export const draftApi = (draftId: string, rest = "") =>
  `/v1/sales/drafts/${encodeURIComponent(draftId)}${rest}` as const satisfies ApiCall["path"];

/** The draft with its prices and problems; someone else's or an expired one is the 404 panel. */
export async function loadDraft(request: Request, draftId: string | undefined): Promise<SaleDraft> {
  return apiRead(request, draftApi(draftId ?? ""), SaleDraftSchema);
}

/** One change to the draft; the answer is the draft as it now stands, or why it was refused. */
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

/** A draft's product, or the 404 panel (a removed product's old link). */
export function itemOf(draft: SaleDraft, productId: string | undefined) {
  const item = draft.items.find((candidate) => candidate.productId === productId);
  if (!item) throw data({ message: "This product is not in the sale" }, { status: 404 });
  return item;
}

export type FlowMessage = { message: string | null; toast: ToastData | null };

/**
 * A modal's save: the change, then back to the form; a refusal comes back under the fields with what
 * was typed (`reject`).
 */
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
