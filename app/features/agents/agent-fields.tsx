import { AddressField } from "~/components/address-field";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";

export const ADDRESS_TYPES = [
  { value: "HOME", label: "Home" },
  { value: "WORK", label: "Work" },
];

type AgentFieldName =
  "firstname" | "lastname" | "email" | "phoneNumber" | "addressType" | "location" | "longitude" | "latitude";

type FieldProps = { id: string; name: string; defaultValue?: string; errors?: string[]; errorId: string };

/**
 * The agent's fields, for the New Agents drawer and the agent page's edit form (spec 001 §3): the
 * address is the same field as a customer's. `record` fills an edit form until the server has answered
 * one of its submissions; from then on the form shows what was typed.
 */
export function AgentFields({
  field,
  mapsApiKey,
  record,
  answered,
}: {
  field: (name: AgentFieldName) => FieldProps;
  mapsApiKey: string | null;
  record?: Partial<Record<AgentFieldName, string>>;
  answered: boolean;
}) {
  const value = (name: AgentFieldName) => {
    const props = field(name);
    return { ...props, defaultValue: props.defaultValue ?? (answered ? undefined : record?.[name]) };
  };
  const addressType = value("addressType");
  return (
    <>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <FormInput label="First Name" {...value("firstname")} />
        <FormInput label="Last Name" {...value("lastname")} />
      </div>
      <FormInput label="Email" type="email" autoComplete="off" {...value("email")} />
      <FormInput label="Phone Number (optional)" type="tel" {...value("phoneNumber")} />
      <FormSelect
        label="Address Type"
        placeholder="Select an address type"
        options={ADDRESS_TYPES}
        {...addressType}
        defaultValue={addressType.defaultValue ?? "HOME"}
      />
      <AddressField
        label="Location"
        field={value("location")}
        longitude={value("longitude")}
        latitude={value("latitude")}
        mapsApiKey={mapsApiKey}
      />
    </>
  );
}
