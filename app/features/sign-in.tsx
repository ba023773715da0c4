import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { useLiveForm } from "~/utils/use-live-form";
import { AuthLayout } from "./auth-layout";
import type { action, loader } from "./sign-in.server";

const loadLoginSchema = () => import("#backend/schemas/auth").then((module) => module.LoginSchema);
const loadForgotPasswordSchema = () =>
  import("#backend/schemas/auth").then((module) => module.ForgotPasswordSchema);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.mode === "forgot" ? "Forgot password — SolarDesk" : "Sign in — SolarDesk" },
];

function modeHref(mode: "login" | "forgot", redirectTo: string) {
  const params = new URLSearchParams();
  if (mode === "forgot") params.set("mode", "forgot");
  if (redirectTo) params.set("redirect", redirectTo);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

function LoginForm({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadLoginSchema,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...form} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormInput label="Email" type="email" autoComplete="email" aria-required {...field("email")} />
      <FormInput
        label="Password"
        type="password"
        autoComplete="current-password"
        aria-required
        {...field("password")}
      />
      <ErrorBox errors={formErrors} />
      <div className="-mt-1 mb-2 text-right">
        <Link to={modeHref("forgot", redirectTo)} className="text-sm text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton pendingText="Signing in..." className="w-full">
        Sign In
      </SubmitButton>
    </Form>
  );
}

function ForgotPasswordForm({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadForgotPasswordSchema,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...form} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="forgot" />
      <FormInput label="Email" type="email" autoComplete="email" aria-required {...field("email")} />
      <ErrorBox errors={formErrors} />
      <SubmitButton pendingText="Sending..." className="w-full">
        Send Reset Link
      </SubmitButton>
      <Link
        to={modeHref("login", redirectTo)}
        className="mt-3 text-center text-sm text-brand-700 hover:underline"
      >
        Back to sign in
      </Link>
    </Form>
  );
}

export function SignInScreen() {
  const { mode, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title={mode === "forgot" ? "Forgot password" : "Sign in"}
      subtitle={
        mode === "forgot"
          ? "Enter your e-mail and we will send you a link to choose a new password."
          : "Welcome back. Sign in with your staff account."
      }
    >
      <ActionToast toast={actionData?.toast} />
      {mode === "forgot" ? (
        <ForgotPasswordForm redirectTo={redirectTo} />
      ) : (
        <LoginForm redirectTo={redirectTo} />
      )}
    </AuthLayout>
  );
}
