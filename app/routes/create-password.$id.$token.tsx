import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CreatePasswordSchema } from "#backend/schemas/auth";
import { callApi } from "~/api.server";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { ActionToast } from "~/components/toaster";
import { AuthLayout, primaryButton } from "~/features/auth-layout";
import { getSessionData } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { fieldProps, parseForm } from "~/utils/forms";
import { invalidSubmission, rejectedSubmission } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Create your password — SolarDesk" }];

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (await getSessionData(request)) throw redirect("/home");
  const submission = parseForm(await request.formData(), CreatePasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: HIDDEN });
  const answer = await callApi({
    method: "POST",
    path: `/v1/auth/create-user-password/${encodeURIComponent(params.id ?? "")}/${encodeURIComponent(params.token ?? "")}`,
    body: submission.value,
    from: request,
  });
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { hideFields: HIDDEN });
  return redirectWithSuccess("/", "Password succesfully created!");
}

export default function CreatePasswordRoute() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // The spec has these screens do no validation of their own: the server's rules answer.
  const [form, fields] = useForm({ id: "create-password", lastResult: actionData?.result });
  return (
    <AuthLayout title="Create your password" subtitle="Choose the password you will sign in with.">
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-2">
        <FormInput
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters, with a letter and a digit."
          {...fieldProps(fields.password)}
        />
        <FormInput label="Confirm Password" type="password" autoComplete="new-password" {...fieldProps(fields.confirmPassword)} />
        <ErrorBox id={form.errorId} errors={form.errors} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Saving..." : "Create Password"}
        </button>
      </Form>
    </AuthLayout>
  );
}
