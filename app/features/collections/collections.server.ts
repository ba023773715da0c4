import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  AssignSchema,
  CollectionCaseSchema,
  CollectionCountsSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionOptionsSchema,
  ContactSchema,
  FollowUpSchema,
} from "#backend/schemas/collections";
import { z } from "zod";
import { apiRead, apiWrite } from "~/api.server";
import { requireUser } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { loadList } from "~/utils/lists.server";
import { canFlags } from "~/utils/permissions";

// The collections pages (issue 27). The API refuses anyone without read:Collections (the pages then show
// Access Denied) and every change without write:Collections; the forms are shown only to who may use them.

const casePath = (saleId: string | undefined) =>
  `/v1/collections/${encodeURIComponent(saleId ?? "")}` as const;

export async function worklistLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [page, counts, options] = await Promise.all([
    loadList(request, {
      path: "/v1/collections",
      query: CollectionListQuerySchema,
      answer: CollectionListSchema,
      failureMessage: "The worklist could not be read",
    }),
    apiRead(request, "/v1/collections/counts", CollectionCountsSchema),
    apiRead(request, "/v1/collections/options", CollectionOptionsSchema),
  ]);
  return {
    page,
    counts,
    options,
    can: canFlags(user, { write: "write:Collections", message: "write:Messages" }),
  };
}

const AssignedSchema = z.object({ assigned: z.number(), assignedTo: z.string().nullable() });

/** The worklist's bulk form: the ticked rows to one collector, back to the same page of the list. */
export async function worklistAction({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `${url.pathname}${url.search}`;
  const formData = await readFormData(request);
  const body = {
    saleIds: formData.getAll("saleIds").map(String),
    assignedTo: formData.get("assignedTo") ?? "",
  };
  const parsed = AssignSchema.safeParse(body);
  if (!parsed.success) return redirectWithError(back, parsed.error.issues[0]?.message ?? "Choose accounts");
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/collections/assign", body },
    AssignedSchema,
  );
  if (!answer.ok) return redirectWithError(back, [answer.failure.message].flat()[0] ?? "Assigning failed");
  const { assigned, assignedTo } = answer.data;
  const accounts = `${assigned} ${assigned === 1 ? "account" : "accounts"}`;
  return redirectWithSuccess(back, assignedTo ? `Assigned ${accounts}` : `Unassigned ${accounts}`);
}

export async function caseLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [collectionCase, options] = await Promise.all([
    apiRead(request, casePath(params.saleId), CollectionCaseSchema),
    apiRead(request, "/v1/collections/options", CollectionOptionsSchema),
  ]);
  return {
    collectionCase,
    collectors: options.collectors,
    can: canFlags(user, { write: "write:Collections", sales: "read:Sales" }),
  };
}

/** The case page's three forms, told apart by `intent`. */
export async function caseAction({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const page = `/collections/${encodeURIComponent(params.saleId ?? "")}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "assign") {
    const body = { saleIds: [params.saleId ?? ""], assignedTo: formData.get("assignedTo") ?? "" };
    const answer = await apiWrite(
      request,
      { method: "POST", path: "/v1/collections/assign", body },
      AssignedSchema,
    );
    if (!answer.ok) return redirectWithError(page, [answer.failure.message].flat()[0] ?? "Assigning failed");
    return redirectWithSuccess(page, answer.data.assignedTo ? "Collector assigned" : "Collector removed");
  }

  if (intent === "follow-up") {
    const submission = parseForm(formData, FollowUpSchema);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: "follow-up" });
    const answer = await apiWrite(
      request,
      {
        method: "PUT",
        path: `${casePath(params.saleId)}/follow-up`,
        body: { followUpOn: formData.get("followUpOn") ?? "" },
      },
      CollectionCaseSchema,
    );
    if (!answer.ok) return rejectedSubmission(submission, answer.failure, { intent: "follow-up" });
    return redirectWithSuccess(
      page,
      answer.data.account.followUpOn ? "Follow-up date saved" : "Follow-up date cleared",
    );
  }

  const submission = parseForm(formData, ContactSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: "contact" });
  // The API reads the amount as typed (naira, commas allowed), so the form's own words go to it.
  const typed = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const body = {
    channel: typed("channel"),
    outcome: typed("outcome"),
    note: typed("note"),
    promiseAmount: typed("promiseAmount"),
    promiseDate: typed("promiseDate"),
    followUpOn: typed("followUpOn"),
  };
  const answer = await apiWrite(
    request,
    { method: "POST", path: `${casePath(params.saleId)}/contacts`, body },
    CollectionCaseSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { intent: "contact" });
  return redirectWithSuccess(page, "Contact logged");
}
