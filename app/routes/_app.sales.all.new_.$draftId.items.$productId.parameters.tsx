import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { FormEvent } from "react";
import { PAYMENT_MODE_LABELS } from "#backend/constants/products";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { Modal } from "~/components/modal";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { parametersComplete } from "~/features/sale-flow/draft-view";
import { DISCOUNT_INPUT, DURATION_INPUT, STARTING_PRICE_INPUT } from "~/features/sale-flow/field-props";
import { draftPath } from "~/features/sale-flow/paths";
import { useHydrated } from "~/utils/use-hydrated";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/parameters-step.server";

export { action, loader } from "~/features/sale-flow/parameters-step.server";

const loadParametersSchema = () =>
  import("#backend/schemas/sale-rules").then((module) => module.ParametersSchema);

export const meta: MetaFunction = () => [{ title: "Set Parameters — New Sale — SolarDesk" }];

/** A saved number shown back in its field; the 0 of a one-off sale's instalment values is left blank. */
const shown = (value: number | undefined) => (value ? String(value) : "");

function useCompleteness(initial: boolean) {
  const [complete, setComplete] = useState(initial);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const values = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = values.get(name);
      return typeof value === "string" ? value : null;
    };
    setComplete(
      parametersComplete({
        paymentMode: text("paymentMode"),
        installmentDuration: text("installmentDuration"),
        installmentStartingPrice: text("installmentStartingPrice"),
      }),
    );
  };
  return { complete, onChange };
}

export default function ParametersRoute() {
  const { draftId, productName, parameters, modes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadParametersSchema,
    lastResult: actionData?.result,
  });
  const paymentMode = field("paymentMode");
  const duration = field("installmentDuration");
  const starting = field("installmentStartingPrice");
  const discount = field("discount");
  const hydrated = useHydrated();
  const readiness = useCompleteness(
    parametersComplete({
      paymentMode: parameters?.paymentMode,
      installmentDuration: shown(parameters?.installmentDuration),
      installmentStartingPrice:
        parameters?.paymentMode === "INSTALLMENT" ? String(parameters.installmentStartingPrice ?? "") : "",
    }),
  );
  return (
    <Modal
      title="Set Parameters"
      hint="Please select parameters for this product."
      closeTo={draftPath(draftId)}
    >
      <ActionToast toast={actionData?.toast} />
      <p className="mb-3 text-sm font-medium text-slate-900">{productName}</p>
      <Form method="post" {...form} onChange={readiness.onChange} className="flex flex-col gap-1">
        <FormSelect
          label="Payment Mode"
          placeholder="Select a payment mode"
          options={modes.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
          {...paymentMode}
          defaultValue={paymentMode.defaultValue ?? parameters?.paymentMode ?? ""}
        />
        {modes.length === 1 ? (
          <p className="-mt-1 mb-2 text-xs text-slate-600">
            This product is sold by {modes[0] === "ONE_OFF" ? "single deposit" : "installment"} only.
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput
            {...DURATION_INPUT}
            {...duration}
            defaultValue={duration.defaultValue ?? shown(parameters?.installmentDuration)}
          />
          <FormInput
            {...STARTING_PRICE_INPUT}
            {...starting}
            defaultValue={starting.defaultValue ?? shown(parameters?.installmentStartingPrice)}
          />
        </div>
        <FormInput
          {...DISCOUNT_INPUT}
          {...discount}
          defaultValue={discount.defaultValue ?? shown(parameters?.discount)}
        />
        <ErrorBox errors={formErrors} />
        {/* Without JavaScript the button stays on and the server says what is missing. */}
        <SubmitButton
          pendingText="Saving..."
          className="mt-2 self-start"
          disabled={hydrated && !readiness.complete}
        >
          Save Parameters
        </SubmitButton>
      </Form>
    </Modal>
  );
}
