import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SetPasswordScreen } from "~/features/set-password";
import type { action } from "~/features/create-password.server";

export { action, loader } from "~/features/create-password.server";

export const meta: MetaFunction = () => [{ title: "Create your password — SolarDesk" }];

export default function CreatePasswordRoute() {
  return (
    <SetPasswordScreen
      title="Create your password"
      subtitle="Choose the password you will sign in with."
      fields={[
        { name: "password", label: "Password" },
        { name: "confirmPassword", label: "Confirm Password" },
      ]}
      submitLabel="Create Password"
      actionData={useActionData<typeof action>()}
    />
  );
}
