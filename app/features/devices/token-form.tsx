import { Form } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import type { FormResult } from "~/utils/use-live-form";
import { useLiveForm } from "~/utils/use-live-form";

const loadGenerateTokenSchema = () =>
  import("#backend/schemas/payments").then((module) => module.GenerateTokenSchema);

/** For a device whose payments issued none, or a goodwill extension (docs/decisions/020). */
export function TokenForm({ answer }: { answer?: { result: FormResult; intent: string | null } }) {
  const lastResult = answer?.intent === "generate-token" ? answer.result : undefined;
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadGenerateTokenSchema, lastResult });
  const unlockWasTicked = lastResult?.initialValue?.unlock === "on";
  return (
    <Form
      method="post"
      {...form}
      aria-labelledby="generate-token"
      className="mt-5 flex max-w-sm flex-col gap-1 border-t border-slate-200 pt-4"
    >
      <h3 id="generate-token" className="font-semibold text-slate-900">
        Generate a token
      </h3>
      <FormInput label="Days" inputMode="numeric" hint="1 to 995 days of use" {...field("days")} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="unlock" defaultChecked={unlockWasTicked} className="h-4 w-4" />
        Unlock for good instead
      </label>
      <ErrorBox errors={formErrors} />
      <SubmitButton intent="generate-token" pendingText="Generating..." className="mt-2 self-start">
        Generate token
      </SubmitButton>
    </Form>
  );
}
