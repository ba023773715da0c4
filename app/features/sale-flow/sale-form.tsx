import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { PAYMENT_MODE_LABELS } from "#backend/constants/products";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { RecordImage } from "~/components/record-image";
import { SubmitButton } from "~/components/submit-button";
import type { ToastData } from "~/components/toaster";
import { ActionToast } from "~/components/toaster";
import { formatNaira, formatNumber, formatPriceRange } from "~/utils/format";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";
import type { DraftItem } from "./draft-view";
import { itemErrors } from "./draft-view";
import type { ItemPart, KycPart } from "./paths";
import { formIntent } from "./paths";

const loadSaleFormSchema = () => import("./schemas").then((module) => module.SaleFormSchema);

export type SaleFormAnswer = { result: FormResult; toast: ToastData | null } | undefined;

export const chipClass =
  "inline-flex items-center gap-1 rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
const clearClass =
  "rounded-full px-2 py-0.5 text-xs font-medium text-red-700 underline hover:bg-red-50 disabled:opacity-60";

function IntentButton({
  intent,
  className = chipClass,
  label,
  children,
}: {
  intent: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} aria-label={label} className={className}>
      {children}
    </button>
  );
}

function SavedBadge() {
  return (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Saved</span>
  );
}

function PartRow({
  title,
  chip,
  saved,
  summary,
  openIntent,
  clearIntent,
  owner,
}: {
  title: string;
  chip: string;
  saved: boolean;
  summary?: string;
  openIntent: string;
  clearIntent: string;
  /** Whose part this is, for the buttons' accessible names when several products show the same chips. */
  owner?: string;
}) {
  return (
    <div className="flex items-start gap-2 py-1 text-sm">
      <span className="w-36 shrink-0 pt-1 font-medium text-slate-700">{title}</span>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <IntentButton intent={openIntent} label={owner ? `${chip} for ${owner}` : undefined}>
          {chip}
        </IntentButton>
        {saved ? (
          <>
            <SavedBadge />
            {summary ? <span className="text-xs text-slate-600">{summary}</span> : null}
            <IntentButton
              intent={clearIntent}
              className={clearClass}
              label={owner ? `Clear ${title} of ${owner}` : `Clear ${title}`}
            >
              Clear
            </IntentButton>
          </>
        ) : null}
      </div>
    </div>
  );
}

function parametersSummary(item: DraftItem) {
  const parameters = item.parameters;
  if (!parameters) return undefined;
  const parts: string[] = [PAYMENT_MODE_LABELS[parameters.paymentMode]];
  if (parameters.paymentMode === "INSTALLMENT") {
    parts.push(`${parameters.installmentDuration} months`, `${parameters.installmentStartingPrice}% deposit`);
  }
  if (parameters.discount) parts.push(`${parameters.discount}% discount`);
  return parts.join(" · ");
}

const ITEM_PARTS: { part: ItemPart; title: string; chip: string }[] = [
  { part: "parameters", title: "Parameters", chip: "Set Parameters" },
  { part: "costs", title: "Miscellaneous Costs", chip: "Set Miscellaneous Costs" },
  { part: "devices", title: "Devices", chip: "Link Device" },
  { part: "recipient", title: "Recipient", chip: "Set Recipient" },
];

function partSaved(item: DraftItem, part: ItemPart) {
  if (part === "parameters") return Boolean(item.parameters);
  if (part === "costs") return Boolean(item.miscellaneous);
  if (part === "devices") return Boolean(item.devices);
  return Boolean(item.recipient);
}

function partSummary(item: DraftItem, part: ItemPart) {
  if (part === "parameters") return parametersSummary(item);
  if (part === "costs")
    return item.miscellaneous?.map((cost) => `${cost.name} ${formatNaira(cost.cost)}`).join(", ");
  if (part === "devices") return item.devices?.map((device) => device.serialNumber).join(", ");
  return item.recipient ? `${item.recipient.firstname} ${item.recipient.lastname}` : undefined;
}

function ItemCard({ item, errors }: { item: DraftItem; errors: string[] }) {
  const headingId = `sale-item-${item.productId}`;
  const errorsId = `${headingId}-errors`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        aria-describedby={errors.length ? errorsId : undefined}
        className="rounded-xl border border-slate-200 p-3"
      >
        <div className="flex items-start gap-3">
          <RecordImage src={item.product.image} className="h-12 w-12" />
          <h4 id={headingId} className="min-w-0 flex-1 font-semibold text-slate-900">
            {item.product.name}
          </h4>
          <IntentButton
            intent={formIntent.remove(item.productId)}
            label={`Remove ${item.product.name}`}
            className="rounded-full p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </svg>
          </IntentButton>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">Product Category</dt>
            <dd>{item.product.category}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Name</dt>
            <dd>{item.product.name}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Units</dt>
            <dd>{formatNumber(item.units)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Price</dt>
            <dd>
              {item.price
                ? formatNaira(item.price.totalPrice)
                : formatPriceRange(
                    item.product.priceRange.minimumInventoryBatchPrice,
                    item.product.priceRange.maximumInventoryBatchPrice,
                  ) || "—"}
            </dd>
          </div>
        </dl>
        <div className="mt-2 border-t border-slate-100 pt-1">
          {ITEM_PARTS.map(({ part, title, chip }) => (
            <PartRow
              key={part}
              title={title}
              chip={chip}
              owner={item.product.name}
              saved={partSaved(item, part)}
              summary={partSummary(item, part)}
              openIntent={formIntent.openItem(part, item.productId)}
              clearIntent={formIntent.clearItem(part, item.productId)}
            />
          ))}
          <div className="pt-2">
            <IntentButton
              intent={formIntent.openDetails(item.productId)}
              label={`All details on one page: ${item.product.name}`}
            >
              All details on one page
            </IntentButton>
          </div>
        </div>
        {errors.length ? (
          <ul
            id={errorsId}
            aria-label={`Problems with ${item.product.name}`}
            className="mt-2 list-disc pl-5 text-xs text-red-700"
          >
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

const KYC: {
  part: KycPart;
  title: string;
  chip: string;
  key: "identification" | "nextOfKin" | "guarantor";
}[] = [
  { part: "identification", title: "Identification", chip: "Set Identification", key: "identification" },
  { part: "next-of-kin", title: "Next of Kin", chip: "Set Next of Kin", key: "nextOfKin" },
  { part: "guarantor", title: "Guarantor", chip: "Set Guarantor", key: "guarantor" },
];

export function SaleForm({
  draft,
  agents,
  answer,
}: {
  draft: SaleDraft;
  agents: { value: string; label: string }[] | null;
  answer: SaleFormAnswer;
}) {
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSaleFormSchema,
    lastResult: answer?.result,
  });
  const agent = field("agentId");
  const bvn = field("bvn");
  return (
    <Form method="post" {...form} className="flex flex-col gap-5">
      {/* The default button: Enter in a field saves rather than pressing the first chip. */}
      <button type="submit" name="intent" value="save" hidden />
      <ActionToast toast={answer?.toast} />
      <section aria-labelledby="sale-customer-title" className="flex flex-col gap-2">
        <h3 id="sale-customer-title" className="text-base font-semibold text-slate-900">
          Customer
        </h3>
        {draft.customer ? (
          <div className="rounded-xl border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">{draft.customer.name}</p>
            <p className="text-slate-600">
              {draft.customer.email ? `${draft.customer.email} · ` : ""}
              {draft.customer.phone}
            </p>
            <p className="text-slate-600">{draft.customer.location}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No customer selected yet.</p>
        )}
        <div>
          <IntentButton intent={formIntent.open("customer")}>
            {draft.customer ? "Change Customer" : "Select Customer"}
          </IntentButton>
        </div>
      </section>

      {agents ? (
        <>
          <input type="hidden" name="ui.savedAgent" value={draft.agent?.id ?? ""} />
          <FormSelect
            label="Agent (optional)"
            placeholder="No agent"
            options={agents}
            {...agent}
            defaultValue={agent.defaultValue ?? draft.agent?.id ?? ""}
          />
        </>
      ) : null}

      <section aria-labelledby="sale-products-title" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id="sale-products-title" className="text-base font-semibold text-slate-900">
            Products
          </h3>
          <IntentButton intent={formIntent.open("products")}>Select Product</IntentButton>
        </div>
        {draft.items.length === 0 ? (
          <p className="text-sm text-slate-600">No product selected yet.</p>
        ) : (
          <ul aria-label="Products in this sale" className="flex flex-col gap-3">
            {draft.items.map((item, index) => (
              <ItemCard key={item.productId} item={item} errors={itemErrors(draft, index)} />
            ))}
          </ul>
        )}
      </section>

      {draft.needsContract ? (
        <section aria-labelledby="sale-contract-title" className="flex flex-col gap-1">
          <h3 id="sale-contract-title" className="text-base font-semibold text-slate-900">
            Installment details
          </h3>
          <p className="text-xs text-slate-600">An installment sale needs these before it can be made.</p>
          {KYC.map(({ part, title, chip, key }) => (
            <PartRow
              key={part}
              title={title}
              chip={chip}
              saved={Boolean(draft[key])}
              openIntent={formIntent.open(part)}
              clearIntent={formIntent.clear(part)}
            />
          ))}
          <div className="pt-2">
            <IntentButton intent={formIntent.open("contract")}>All three on one page</IntentButton>
          </div>
          <input type="hidden" name="ui.savedBvn" value={draft.bvn ?? ""} />
          <FormInput
            label="BVN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            pattern="[0-9]*"
            hint="11 digits"
            onInput={(event) => {
              // Digits only (spec §2): whatever else is typed or pasted is dropped as it comes.
              const digits = event.currentTarget.value.replace(/\D/g, "").slice(0, 11);
              if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
            }}
            {...bvn}
            defaultValue={bvn.defaultValue ?? draft.bvn ?? ""}
            className="mt-2 max-w-xs"
          />
        </section>
      ) : null}

      <ErrorBox errors={formErrors} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <SubmitButton intent="summary" pendingText="Opening...">
          Continue to Sale Summary
        </SubmitButton>
        <SubmitButton
          intent="save"
          pendingText="Saving..."
          className="!bg-white !text-slate-900 ring-1 ring-slate-300 hover:!bg-slate-100"
        >
          Save draft
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Disabled and hidden from assistive technology behind an open modal: the modal is the one dialog. */
export function PanelBehind({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div aria-hidden="true" className="fixed inset-0 z-40">
      <div className="absolute inset-y-0 right-0 flex w-full max-w-[660px] flex-col overflow-hidden bg-white shadow-2xl">
        <p className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">{title}</p>
        <fieldset disabled className="min-w-0 flex-1 px-5 py-4">
          {children}
        </fieldset>
      </div>
    </div>
  );
}
