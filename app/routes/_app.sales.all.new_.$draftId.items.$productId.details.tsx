import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PAYMENT_MODE_LABELS } from "#backend/constants/products";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { CostRowsFields } from "~/features/sale-flow/cost-fields";
import {
  DISCOUNT_INPUT,
  DURATION_INPUT,
  STARTING_PRICE_INPUT,
  fieldProps,
} from "~/features/sale-flow/field-props";
import { draftPath, itemPath } from "~/features/sale-flow/paths";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/details-step.server";

export { action, loader } from "~/features/sale-flow/details-step.server";

const loadProductDetailsSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.ProductDetailsFormSchema);

export const meta: MetaFunction = () => [{ title: "Product Details — New Sale — SolarDesk" }];

const sectionClass = "flex flex-col gap-1 rounded-xl border border-slate-200 p-3";
const legendClass = "px-1 text-sm font-semibold text-slate-900";

/** The deviceIds a refused form sent back, else the ones saved. */
function checkedDevices(initialValue: Record<string, unknown> | null | undefined, saved: string[]) {
  if (!initialValue) return new Set(saved);
  const sent = initialValue.deviceIds;
  return new Set(Array.isArray(sent) ? sent.map(String) : typeof sent === "string" ? [sent] : []);
}

/**
 * A product's parameters, costs, recipient and devices on one page and one Save (issue 25 #8), without
 * JavaScript as with it; the separate windows stay for one part at a time and for searching many units.
 */
export default function ProductDetailsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, errorsAt, formErrors } = useLiveForm({
    loadSchema: loadProductDetailsSchema,
    lastResult: actionData?.result,
  });
  const lastResult = actionData?.result;
  const rows = actionData?.rows ?? loaded.rows;
  const parameters = { formId: form.id, errorsAt, lastResult, saved: loaded.parameters };
  const recipient = { formId: form.id, errorsAt, lastResult, saved: loaded.recipient };
  const at = (name: string) => fieldProps(parameters, `parameters.${name}`, name);
  const mode = at("paymentMode");
  const onlyMode = loaded.modes.length === 1 ? loaded.modes[0] : "";
  // A one-off sale's saved 0 months and 0 % read as empty fields.
  const number = (name: string) => {
    const props = at(name);
    return { ...props, defaultValue: props.defaultValue === "0" && !lastResult ? "" : props.defaultValue };
  };
  const checked = checkedDevices(
    lastResult?.initialValue,
    loaded.devices.flatMap((offer) => offer.chosen.map((device) => device.id)),
  );
  const deviceErrors = errorsAt("deviceIds") ?? [];
  return (
    <Modal
      title="Product Details"
      hint="Parameters, costs, recipient and devices of this product, saved together."
      closeTo={draftPath(loaded.draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <p className="mb-3 text-sm font-medium text-slate-900">{loaded.productName}</p>
      <Form method="post" {...form} className="flex flex-col gap-3">
        {/* The default button: Enter in a field saves rather than removing the first cost. */}
        <button type="submit" name="intent" value="save" hidden />
        <fieldset className={sectionClass}>
          <legend className={legendClass}>Parameters</legend>
          <FormSelect
            label="Payment Mode"
            placeholder="Select a payment mode"
            options={loaded.modes.map((value) => ({ value, label: PAYMENT_MODE_LABELS[value] }))}
            {...mode}
            defaultValue={mode.defaultValue || onlyMode}
          />
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
            <FormInput {...DURATION_INPUT} {...number("installmentDuration")} />
            <FormInput {...STARTING_PRICE_INPUT} {...number("installmentStartingPrice")} />
            <FormInput {...DISCOUNT_INPUT} {...number("discount")} />
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Miscellaneous Costs (optional)</legend>
          <CostRowsFields rows={rows} formId={form.id} errorsAt={errorsAt} />
          <ErrorBox errors={errorsAt("costs") ?? []} />
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Sale Recipient</legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            <FormInput
              label="First Name"
              autoComplete="off"
              {...fieldProps(recipient, "recipient.firstname", "firstname")}
            />
            <FormInput
              label="Last Name"
              autoComplete="off"
              {...fieldProps(recipient, "recipient.lastname", "lastname")}
            />
            <FormInput
              label="Phone Number"
              type="tel"
              autoComplete="off"
              {...fieldProps(recipient, "recipient.phone", "phone")}
            />
            <FormInput
              label="Email"
              type="email"
              autoComplete="off"
              {...fieldProps(recipient, "recipient.email", "email")}
            />
          </div>
          <FormInput
            label="Address"
            autoComplete="off"
            {...fieldProps(recipient, "recipient.address", "address")}
          />
        </fieldset>

        <fieldset className={sectionClass} aria-describedby={`${form.id}-devices-error`}>
          <legend className={legendClass}>Devices</legend>
          {loaded.devices.length === 0 ? (
            <p className="text-sm text-slate-600">
              None of this product&apos;s inventory items has devices registered yet.
            </p>
          ) : null}
          {loaded.devices.map((offer) => {
            const units = [
              ...offer.chosen.map((device) => ({ ...device, withoutItem: false })),
              ...(offer.offered ?? []),
            ];
            return (
              <div key={offer.inventoryId} className="flex flex-col gap-1">
                <p className="text-sm text-slate-700">
                  Tick {offer.required} of {offer.name}
                </p>
                {units.length === 0 ? (
                  <p className="text-sm text-slate-600">No free unit of this item.</p>
                ) : (
                  <ul aria-label={`Units of ${offer.name}`} className="flex flex-col gap-1">
                    {units.map((device) => (
                      <li key={device.id}>
                        <label className="flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            name="deviceIds"
                            value={device.id}
                            defaultChecked={checked.has(device.id)}
                            className="focus:ring-2 focus:ring-brand-500"
                          />
                          <span className="font-mono">{device.serialNumber}</span>
                          {device.withoutItem ? (
                            <span className="text-xs text-slate-600">(no item yet)</span>
                          ) : null}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
          <div id={`${form.id}-devices-error`} className="min-h-[1rem] text-xs text-red-700">
            {deviceErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
          <Link
            to={itemPath(loaded.draftId, loaded.productId, "devices")}
            className="self-start text-sm text-brand-700 hover:underline"
          >
            Search all units in Link Device(s)
          </Link>
        </fieldset>

        <ErrorBox errors={formErrors} />
        <SubmitButton intent="save" pendingText="Saving..." className="self-start">
          Save Product Details
        </SubmitButton>
      </Form>
    </Modal>
  );
}
