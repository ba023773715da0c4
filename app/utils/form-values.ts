export const CONTROL_FIELDS = new Set(["intent", "redirectTo"]);

// `ui.…` fields steer a screen (a picker's search, its page); the shared schemas never see them.
export function isControlField(name: string) {
  return CONTROL_FIELDS.has(name) || name.startsWith("ui.");
}

type Segment = string | number;

// The server refuses these names (forms.server.ts).
const RESERVED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

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

// Shaped as the server's parser shapes them: steering fields (`intent`) set aside, empty
// inputs and empty files as missing, so 'required' messages apply.
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
