import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { OptionSearch, SearchableSelect } from "~/components/option-search";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { listHref } from "~/utils/list-params";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/devices/new-device.server";

export { action, loader } from "~/features/devices/new-device.server";

const loadCreateDeviceSchema = () =>
  import("#backend/schemas/devices").then((module) => module.CreateDeviceSchema);

export const meta: MetaFunction = () => [{ title: "New Device — SolarDesk" }];

const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export default function NewDeviceRoute() {
  const { items, forItem, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadCreateDeviceSchema,
    lastResult: actionData?.result,
  });
  const restricted = field("restrictedDigitMode");
  const tokenable = field("isTokenable");
  const inventoryId = field("inventoryId");
  return (
    <Drawer title="New Device" size="medium" closeTo={returnTo ?? listHref("/devices/all", location.search)}>
      <ActionToast toast={actionData?.toast} />
      <OptionSearch name="itemSearch" label="Find an inventory item" choices={items} />
      <Form method="post" {...form} className="flex flex-col gap-1">
        <FormInput label="Serial Number" autoComplete="off" {...field("serialNumber")} />
        <FormInput
          label="Key"
          autoComplete="off"
          spellCheck={false}
          hint="Required for a tokenable device"
          {...field("key")}
        />
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <FormInput
            label="Starting Code"
            autoComplete="off"
            hint="Required for a tokenable device"
            {...field("startingCode")}
          />
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
          {...inventoryId}
          defaultValue={inventoryId.defaultValue ?? forItem ?? undefined}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Device
        </SubmitButton>
      </Form>
    </Drawer>
  );
}
