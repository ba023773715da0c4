import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { PAYMENT_MODE_LABELS } from "#backend/constants/products";
import { pricedBy } from "#backend/constants/pricing";
import { INSTALMENT_ROUNDING_RULE, PAYMENT_METHODS } from "#backend/constants/sale-rules";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { ActionToast } from "~/components/toaster";
import type { DraftItem } from "~/features/sale-flow/draft-view";
import { PAYMENT_METHOD_NAMES, isInstallment, saleProblems, textAt } from "~/features/sale-flow/draft-view";
import { SALES_LIST_PATH, draftPath } from "~/features/sale-flow/paths";
import { emailShown, formatDate, formatNaira, formatNumber } from "~/utils/format";
import { useIsPending } from "~/utils/use-is-pending";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/summary.server";

export { action, loader } from "~/features/sale-flow/summary.server";

const loadSubmitSaleSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.SubmitSaleSchema);

export const meta: MetaFunction = () => [{ title: "Sale Summary — SolarDesk" }];

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-slate-200 font-semibold" : ""}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Schedule({ item }: { item: DraftItem }) {
  const schedule = item.price?.schedule ?? [];
  if (!schedule.length) return null;
  const total = schedule.reduce((sum, entry) => sum + entry.amount, 0);
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="mb-1 text-left font-medium text-slate-800">
        Installment schedule of {item.product.name}
      </caption>
      <thead className="bg-slate-50 text-xs uppercase text-slate-600">
        <tr>
          <th scope="col" className="px-2 py-1">
            Payment
          </th>
          <th scope="col" className="px-2 py-1">
            Due date
          </th>
          <th scope="col" className="px-2 py-1 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((entry) => (
          <tr key={entry.number} className="border-b border-slate-100">
            <th scope="row" className="px-2 py-1 font-normal">
              {entry.number === 0 ? "Deposit (due now)" : `Month ${entry.number}`}
            </th>
            <td className="px-2 py-1">{formatDate(`${entry.dueDate}T12:00:00Z`)}</td>
            <td className="px-2 py-1 text-right">{formatNaira(entry.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" colSpan={2} className="px-2 py-1 text-left">
            Total payable
          </th>
          <td className="px-2 py-1 text-right">{formatNaira(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function ProductBlock({ item, index }: { item: DraftItem; index: number }) {
  const headingId = `summary-product-${index + 1}`;
  const parameters = item.parameters;
  const price = item.price;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Product {index + 1}
      </h3>
      <p className="text-sm text-slate-700">
        {item.product.name} · {item.product.category} · {formatNumber(item.units)} unit
        {item.units === 1 ? "" : "s"}
      </p>
      <p className="text-sm text-slate-600">
        {PAYMENT_MODE_LABELS[parameters?.paymentMode ?? "ONE_OFF"]}
        {parameters?.paymentMode === "INSTALLMENT"
          ? ` · ${parameters.installmentDuration} months · ${parameters.installmentStartingPrice}% deposit`
          : ""}
        {parameters?.discount ? ` · ${parameters.discount}% discount` : ""}
      </p>
      {price ? (
        <dl aria-label={`Price of ${item.product.name}`} className="mt-2 text-sm">
          <Line label="Base price" value={formatNaira(price.basePrice)} />
          <Line
            label="Discount"
            value={price.discountAmount ? `-${formatNaira(price.discountAmount)}` : formatNaira(0)}
          />
          <Line label="Miscellaneous costs" value={formatNaira(price.miscellaneousTotal)} />
          <Line label="Interest" value={formatNaira(price.interest)} />
          {price.margin ? <Line label="Margin" value={formatNaira(price.margin)} /> : null}
          <Line label="Total" value={formatNaira(price.totalPrice)} strong />
        </dl>
      ) : (
        <p className="mt-2 text-sm text-red-700">This product cannot be priced now.</p>
      )}
      {item.miscellaneous?.length ? (
        <p className="mt-1 text-xs text-slate-600">
          {item.miscellaneous.map((cost) => `${cost.name} ${formatNaira(cost.cost)}`).join(", ")}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">
        Devices:{" "}
        {item.devices?.length ? item.devices.map((device) => device.serialNumber).join(", ") : "none"}
      </p>
      <p className="text-xs text-slate-600">
        Recipient:{" "}
        {item.recipient
          ? `${item.recipient.firstname} ${item.recipient.lastname}, ${item.recipient.phone}, ${item.recipient.address}`
          : "none"}
      </p>
      {isInstallment(item) ? <Schedule item={item} /> : null}
    </section>
  );
}

function GeneralDetails({ draft }: { draft: SaleDraft }) {
  return (
    <section aria-labelledby="summary-general" className="rounded-xl border border-slate-200 p-4">
      <h3 id="summary-general" className="text-base font-semibold text-slate-900">
        General Details
      </h3>
      <dl className="mt-2 text-sm">
        <Line label="Customer" value={draft.customer?.name ?? "Not selected"} />
        {draft.customer ? (
          <>
            <Line label="Email" value={emailShown(draft.customer.email)} />
            <Line label="Phone" value={draft.customer.phone} />
            <Line label="Location" value={draft.customer.location} />
          </>
        ) : null}
        <Line label="Agent" value={draft.agent?.name ?? "None"} />
        <Line label="Products" value={formatNumber(draft.items.length)} />
        {draft.needsContract ? (
          <>
            <Line label="BVN" value={draft.bvn ? `•••••••${draft.bvn.slice(-4)}` : "Not given"} />
            <Line
              label="Identification"
              value={
                draft.identification
                  ? `${textAt(draft.identification, "idType")} ${textAt(draft.identification, "idNumber")}`
                  : "Not given"
              }
            />
            <Line label="Next of kin" value={textAt(draft.nextOfKin, "fullName") ?? "Not given"} />
            <Line label="Guarantor" value={textAt(draft.guarantor, "fullName") ?? "Not given"} />
          </>
        ) : null}
        {draft.totals ? (
          <>
            <Line label="Total price" value={formatNaira(draft.totals.totalPrice)} strong />
            <Line label="Amount due now" value={formatNaira(draft.totals.amountDueNow)} />
            {draft.totals.totalMonthlyPayment ? (
              <Line label="Monthly payments" value={formatNaira(draft.totals.totalMonthlyPayment)} />
            ) : null}
          </>
        ) : null}
      </dl>
      {draft.totals ? <p className="mt-3 text-sm text-slate-600">{pricedBy(draft.applyMargin)}</p> : null}
      {draft.totals?.totalMonthlyPayment ? (
        <p className="mt-3 text-sm text-slate-600">{INSTALMENT_ROUNDING_RULE}</p>
      ) : null}
    </section>
  );
}

export default function SaleSummaryRoute() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSubmitSaleSchema,
    lastResult: actionData?.result,
  });
  const method = field("paymentMethod");
  const [chosen, setChosen] = useState<string | null>(null);
  const pending = useIsPending();
  const current =
    chosen ?? (typeof method.defaultValue === "string" ? method.defaultValue : draft.paymentMethod);
  const problems = actionData && "problems" in actionData ? actionData.problems : saleProblems(draft);
  // Grey until the sale can be made (a payment method chosen, nothing else missing), then gradient.
  const otherProblems = Object.keys(draft.problems).filter((name) => name !== "paymentMethod").length;
  const valid = otherProblems === 0 && Boolean(current);
  return (
    <Drawer title="Sale Summary" size="large" closeTo={SALES_LIST_PATH}>
      <ActionToast toast={actionData?.toast} />
      <Link
        to={draftPath(draft.id)}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
      >
        <span aria-hidden="true">←</span> Back to form
      </Link>
      <div className="mt-4 flex flex-col gap-4">
        <GeneralDetails draft={draft} />
        {draft.items.map((item, index) => (
          <ProductBlock key={item.productId} item={item} index={index} />
        ))}
        {problems.length ? (
          <section aria-labelledby="summary-problems">
            <h3 id="summary-problems" className="text-sm font-semibold text-red-800">
              Before this sale can be made
            </h3>
            <ErrorBox errors={problems} />
          </section>
        ) : null}
        <Form method="post" {...form} className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          <fieldset aria-describedby={method.errors?.length ? method.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-700">Payment Method</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {PAYMENT_METHODS.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={value}
                    defaultChecked={current === value}
                    onChange={() => setChosen(value)}
                    className="h-4 w-4"
                  />
                  {PAYMENT_METHOD_NAMES[value]}
                </label>
              ))}
            </div>
            <div id={method.errorId} className="min-h-[1rem] text-xs text-red-700">
              {method.errors?.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          </fieldset>
          <ErrorBox errors={formErrors} />
          <button
            type="submit"
            disabled={pending}
            className={`self-start rounded-full px-6 py-2.5 text-sm font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              valid ? "bg-gradient-to-r from-brand-600 to-brand-900 hover:from-brand-700" : "bg-slate-500"
            }`}
          >
            {pending ? "Creating..." : "Create Sale"}
          </button>
        </Form>
      </div>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
