import { PersonFields } from "~/components/person-fields";
import type { FieldProps } from "~/components/person-fields";

type AgentFieldName =
  "firstname" | "lastname" | "email" | "phoneNumber" | "addressType" | "location" | "longitude" | "latitude";

/** `record` fills an edit form until the server answers a submission; then it shows what was typed. */
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
  return (
    <PersonFields
      field={value}
      phone={{ label: "Phone Number (optional)", ...value("phoneNumber") }}
      addressLabel="Location"
      mapsApiKey={mapsApiKey}
    />
  );
}
