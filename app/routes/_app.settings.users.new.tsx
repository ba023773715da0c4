import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/staff/new-staff.server";

export { action, loader } from "~/features/staff/new-staff.server";

const loadAddUserSchema = () => import("#backend/schemas/users").then((module) => module.AddUserSchema);

export const meta: MetaFunction = () => [{ title: "New User — SolarDesk" }];

export default function NewUserRoute() {
  const { roles, rolesProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadAddUserSchema,
    lastResult: actionData?.result,
  });
  const role = field("role");
  return (
    <Drawer title="New User" size="medium" closeTo={listHref("/settings/users", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <p className="mb-4 text-sm text-slate-600">
        They will receive an e-mail with a link to create their password.
      </p>
      <Form method="post" {...form} className="flex flex-col gap-1">
        <FormInput label="Email" type="email" autoComplete="off" {...field("email")} />
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="First Name" {...field("firstname")} />
          <FormInput label="Last Name" {...field("lastname")} />
        </div>
        <FormInput label="Phone Number" type="tel" {...field("phone")} />
        <FormSelect
          label="Role"
          placeholder="Select a role"
          options={roles}
          unavailable={rolesProblem ?? undefined}
          {...role}
        />
        <FormInput label="Location" {...field("location")} />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." disabled={Boolean(rolesProblem)} className="mt-2">
          Create User
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
