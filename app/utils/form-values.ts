/** Fields that steer a form (which action, where to go next) rather than carry the record. */
export const CONTROL_FIELDS = new Set(["intent", "redirectTo"]);

/**
 * Fields named `ui.…` steer a screen without being part of the record (a picker's search box, its page):
 * the action reads them itself; the shared schemas never see them.
 */
export function isControlField(name: string) {
  return CONTROL_FIELDS.has(name) || name.startsWith("ui.");
}

type Segment = string | number;

/** Names that would reach an object's machinery; the server refuses them (forms.server.ts). */
const RESERVED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** `inventories[0].quantity` → ["inventories", 0, "quantity"], as Conform reads names on the server. */
export function namePath(name: string): Segment[] {
  const path: Segment[] = [];
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    path.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  }
  return path;
}

/** A file input left empty: the browser still sends a nameless, empty file. */
function isEmptyFile(value: FormDataEntryValue) {
  return typeof value !== "string" && value.size === 0 && value.name === "";
}

type Values = Record<string, unknown>;

function place(target: Values, path: Segment[], value: unknown) {
  let node: Record<string | number, unknown> = target;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    if (last) {
      const current = node[segment];
      // A repeated name (ticked checkboxes) becomes a list, as on the server.
      node[segment] =
        current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
      return;
    }
    if (typeof node[segment] !== "object" || node[segment] === null) {
      node[segment] = typeof path[index + 1] === "number" ? [] : {};
    }
    node = node[segment] as Record<string | number, unknown>;
  });
}

/**
 * A form's values as the shared schemas expect them, shaped as the server's parser shapes them: steering
 * fields set aside (the schemas are strict, as the API refuses unknown fields), empty inputs and empty
 * file inputs as missing, so 'required' messages apply; repeated names as lists and `a[0].b` names as
 * nested lists and objects.
 */
export function formValues(formData: FormData): Values {
  const values: Values = {};
  for (const [name, value] of formData) {
    if (isControlField(name) || value === "" || isEmptyFile(value)) continue;
    const path = namePath(name);
    if (path.length === 0 || path.some((segment) => RESERVED_SEGMENTS.has(String(segment)))) continue;
    place(values, path, value);
  }
  return values;
}
