import { AddressField } from "./address-field";
import { FormInput } from "./form-input";
import { FormSelect } from "./form-select";

const ADDRESS_TYPES = [
  { value: "HOME", label: "Home" },
  { value: "WORK", label: "Work" },
];

type PersonFieldName =
  "firstname" | "lastname" | "email" | "addressType" | "location" | "longitude" | "latitude";

export type FieldProps = {
  id: string;
  name: string;
  defaultValue?: string;
  errors?: string[];
  errorId: string;
};

/** The phone is given whole: the agent and customer APIs name it differently. */
export function PersonFields({
  field,
  phone,
  addressLabel,
  mapsApiKey,
  emailHint,
}: {
  field: (name: PersonFieldName) => FieldProps;
  phone: FieldProps & { label: string };
  addressLabel: string;
  mapsApiKey: string | null;
  emailHint?: string;
}) {
  const addressType = field("addressType");
  return (
    <>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <FormInput label="First Name" {...field("firstname")} />
        <FormInput label="Last Name" {...field("lastname")} />
      </div>
      <FormInput label="Email" type="email" autoComplete="off" hint={emailHint} {...field("email")} />
      <FormInput type="tel" {...phone} />
      <FormSelect
        label="Address Type"
        placeholder="Select an address type"
        options={ADDRESS_TYPES}
        {...addressType}
        defaultValue={addressType.defaultValue ?? "HOME"}
      />
      <AddressField
        label={addressLabel}
        field={field("location")}
        longitude={field("longitude")}
        latitude={field("latitude")}
        mapsApiKey={mapsApiKey}
      />
    </>
  );
}
