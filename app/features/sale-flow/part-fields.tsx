import { ID_TYPES } from "#backend/constants/sale-rules";
import { lagosDate } from "#backend/schemas/dates";
import { FormInput } from "~/components/form-input";
import { FormSelect } from "~/components/form-select";
import { fieldProps } from "./field-props";
import type { FieldSource } from "./field-props";

/** Today in Lagos, the date pickers' limit (the schemas check the same day). */
const today = () => lagosDate(new Date());

/** Offered as the Issuing Country is typed; most IDs seen at the counter are Nigerian. */
const COUNTRIES = ["Nigeria", "Ghana", "Benin", "Cameroon", "Niger", "Chad", "Togo", "United Kingdom"];

/** `fullName`: the customer's own name, for their own ID (a guarantor's ID names someone else). */
export function IdentificationFields({
  source,
  prefix = "",
  fullName,
}: {
  source: FieldSource;
  prefix?: string;
  fullName?: string;
}) {
  const at = (name: string) => fieldProps(source, `${prefix}${name}`);
  const country = at("issuingCountry");
  const named = at("fullNameAsOnID");
  const listId = `${source.formId}-countries`;
  // Suggested only on a fresh form: after a refused one, what was typed (even nothing) stays.
  return (
    <>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <FormSelect
          label="ID Type"
          placeholder="Select an ID type"
          // The spec names the options as they are sent (Nin, Driver_License…); QA looks for those words.
          options={ID_TYPES.map((type) => ({ value: type, label: type }))}
          {...at("idType")}
        />
        <FormInput label="ID Number" autoComplete="off" {...at("idNumber")} />
        <FormInput
          label="Issuing Country"
          autoComplete="off"
          list={listId}
          {...country}
          defaultValue={source.lastResult ? country.defaultValue : country.defaultValue || "Nigeria"}
        />
        <datalist id={listId}>
          {COUNTRIES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <FormInput
          label="Full Name as on ID"
          autoComplete="off"
          {...named}
          defaultValue={source.lastResult ? named.defaultValue : named.defaultValue || fullName || ""}
        />
        <FormInput label="Issue Date" type="date" max={today()} {...at("issueDate")} />
        <FormInput label="Expiration Date" type="date" min={today()} {...at("expirationDate")} />
      </div>
      <FormInput label="Address as on ID (optional)" autoComplete="off" {...at("addressAsOnID")} />
    </>
  );
}

export function PersonFields({
  source,
  relationship,
  prefix = "",
}: {
  source: FieldSource;
  relationship: boolean;
  prefix?: string;
}) {
  const at = (name: string) => fieldProps(source, `${prefix}${name}`);
  return (
    <>
      <FormInput label="Full Name" autoComplete="off" {...at("fullName")} />
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {relationship ? <FormInput label="Relationship" autoComplete="off" {...at("relationship")} /> : null}
        <FormInput label="Phone Number" type="tel" autoComplete="off" {...at("phoneNumber")} />
        <FormInput label="Email (optional)" type="email" autoComplete="off" {...at("email")} />
        <FormInput label="Date of Birth" type="date" max={today()} {...at("dateOfBirth")} />
        <FormInput label="Nationality (optional)" autoComplete="off" {...at("nationality")} />
      </div>
      <FormInput
        label={relationship ? "Home Address (optional)" : "Home Address"}
        autoComplete="off"
        {...at("homeAddress")}
      />
    </>
  );
}
