import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { NEW_SALE_PATH, SALES_LIST_PATH, draftPath } from "~/features/sale-flow/paths";
import { formatDate, formatTime } from "~/utils/format";
import type { action, loader } from "~/features/sale-flow/new-sale.server";

export { action, loader } from "~/features/sale-flow/new-sale.server";

export const meta: MetaFunction = () => [{ title: "New Sale — SolarDesk" }];

export default function NewSaleRoute() {
  const { drafts, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Drawer title="New Sale" size="large" closeTo={SALES_LIST_PATH}>
      <ActionToast toast={actionData?.toast} />
      <p className="text-sm text-slate-600">
        Start a sale for a customer, or carry on with one you left part-way. Drafts are kept for 14 days.
      </p>
      <Form method="post" className="mt-4">
        <SubmitButton pendingText="Starting..." intent="start">
          Start a new sale
        </SubmitButton>
      </Form>
      <section aria-labelledby="my-drafts" className="mt-6">
        <h3 id="my-drafts" className="text-base font-semibold text-slate-900">
          My drafts
        </h3>
        {drafts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No drafts yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {drafts.map((draft) => {
              const who = draft.customerName ?? "No customer yet";
              const what = draft.products.length ? draft.products.join(", ") : "No products yet";
              return (
                <li key={draft.id} className="flex flex-col gap-2 p-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{who}</p>
                      <p className="text-slate-600">{what}</p>
                      <p className="text-xs text-slate-500">
                        Last changed {formatDate(draft.updatedAt)} {formatTime(draft.updatedAt)} · kept until{" "}
                        {formatDate(draft.expiresAt)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Link
                        to={draftPath(draft.id)}
                        aria-label={`Resume draft: ${who}, ${what}`}
                        className="rounded-full bg-slate-900 px-4 py-1.5 text-xs font-semibold text-white hover:bg-slate-700"
                      >
                        Resume
                      </Link>
                      <Link
                        to={`?confirm=${encodeURIComponent(draft.id)}`}
                        preventScrollReset
                        aria-label={`Delete draft: ${who}, ${what}`}
                        className="rounded-full border border-slate-300 px-4 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
                      >
                        Delete
                      </Link>
                    </div>
                  </div>
                  {confirm === draft.id ? (
                    <Form
                      method="post"
                      className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2"
                      aria-label="Confirm deleting the draft"
                    >
                      <input type="hidden" name="draftId" value={draft.id} />
                      <p className="text-red-800">Delete this draft? This cannot be undone.</p>
                      <SubmitButton intent="delete" tone="danger" pendingText="Deleting...">
                        Delete draft
                      </SubmitButton>
                      <Link to={NEW_SALE_PATH} preventScrollReset className="text-sm underline">
                        Keep it
                      </Link>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ErrorBox errors={actionData?.result.error?.[""] ?? []} />
    </Drawer>
  );
}
