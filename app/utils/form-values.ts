/** Fields that steer a form (which action, where to go next) rather than carry the record. */
export const CONTROL_FIELDS = new Set(["intent", "redirectTo"]);

/**
 * A form's values as the shared schemas expect them: steering fields set aside (the schemas are
 * strict, as the API refuses unknown fields) and empty inputs as missing, so 'required' messages apply.
 */
export function formValues(formData: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of formData) {
    if (CONTROL_FIELDS.has(name) || value === "") continue;
    values[name] = value;
  }
  return values;
}
