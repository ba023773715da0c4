import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CreateDeviceSchema, DeviceRecordSchema } from "#backend/schemas/devices";
import { apiWrite } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { deviceCreationFailed } from "~/features/devices/device-filters";
import { inventoryItemOptions } from "~/features/devices/inventory-options.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "New Device — SolarDesk" }];

const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { items: await inventoryItemOptions(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), CreateDeviceSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: "/v1/device", body: submission.value },
    DeviceRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      // Spec 001 §8: the server's words in the device's own sentence; no answer at all stays the catalogue's.
      toastFor: (message, failure) => (failure.status === 0 ? undefined : deviceCreationFailed(message)),
    });
  }
  return redirectWithSuccess(
    listHref("/devices/all", new URL(request.url).search),
    "Device created successfully!",
  );
}

export default function NewDeviceRoute() {
  const { items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    schema: CreateDeviceSchema,
    lastResult: actionData?.result,
  });
  const restricted = field("restrictedDigitMode");
  const tokenable = field("isTokenable");
  return (
    <Drawer title="New Device" size="medium" closeTo={listHref("/devices/all", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <OptionSearch name="itemSearch" label="Find an inventory item" choices={items} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <FormInput label="Serial Number" autoComplete="off" {...field("serialNumber")} />
        <FormInput label="Key" autoComplete="off" spellCheck={false} {...field("key")} />
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput label="Starting Code" autoComplete="off" {...field("startingCode")} />
          <FormInput label="Count" inputMode="numeric" {...field("count")} />
          <FormInput label="Time Divider" inputMode="numeric" {...field("timeDivider")} />
          <FormSelect
            label="Restricted Digit Mode"
            placeholder="Select"
            options={YES_NO}
            {...restricted}
            defaultValue={restricted.defaultValue ?? "false"}
          />
          <FormInput label="Hardware Model" {...field("hardwareModel")} />
          <FormInput label="Firmware Version" {...field("firmwareVersion")} />
        </div>
        <FormSelect
          label="Tokenable"
          placeholder="Select"
          options={YES_NO}
          {...tokenable}
          defaultValue={tokenable.defaultValue ?? "true"}
        />
        <SearchableSelect
          label="Inventory Item"
          placeholder="Not a unit of a listed item"
          choices={items}
          {...field("inventoryId")}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Device
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
