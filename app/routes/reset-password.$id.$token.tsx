import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SetPasswordScreen } from "~/features/set-password";
import type { action } from "~/features/reset-password.server";

export { action, loader } from "~/features/reset-password.server";

export const meta: MetaFunction = () => [{ title: "Reset your password — SolarDesk" }];

export default function ResetPasswordRoute() {
  return (
    <SetPasswordScreen
      title="Reset your password"
      subtitle="Choose a new password for your account."
      fields={[
        { name: "newPassword", label: "New Password" },
        { name: "confirmNewPassword", label: "Confirm New Password" },
      ]}
      submitLabel="Reset Password"
      actionData={useActionData<typeof action>()}
    />
  );
}
