// Works without JavaScript: the picked items travel as the form's own fields, their names and the picker's
// search, category and page as `ui.…` fields; every button posts the whole form back.

export type PickedItem = { inventoryId: string; quantity: string; label: string };
export type PickerState = { picked: PickedItem[]; search: string; categoryId: string; page: number };
export type PickerIntent =
  | { kind: "add" | "remove"; inventoryId: string }
  | { kind: "search" }
  | { kind: "page"; page: number }
  | null;

export const LABEL_PREFIX = "ui.label.";
export const PICKER_FIELDS = { search: "ui.search", categoryId: "ui.categoryId", page: "ui.page" } as const;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export function pickerIntent(intent: string): PickerIntent {
  const [kind, value = ""] = intent.split(/:(.*)/s);
  if ((kind === "add" || kind === "remove") && value) return { kind, inventoryId: value };
  if (kind === "search") return { kind };
  const page = Number(value);
  if (kind === "page" && Number.isInteger(page) && page >= 1) return { kind, page };
  return null;
}

export function readPickerState(formData: FormData): PickerState {
  const labels = new Map<string, string>();
  for (const [name, value] of formData) {
    if (name.startsWith(LABEL_PREFIX) && !labels.has(name.slice(LABEL_PREFIX.length)))
      labels.set(name.slice(LABEL_PREFIX.length), text(value));
  }
  const picked: PickedItem[] = [];
  for (let index = 0; index < 100; index += 1) {
    const inventoryId = text(formData.get(`inventories[${index}].inventoryId`));
    if (!inventoryId) break;
    if (picked.some((item) => item.inventoryId === inventoryId)) continue;
    picked.push({
      inventoryId,
      quantity: text(formData.get(`inventories[${index}].quantity`)),
      label: labels.get(inventoryId) ?? inventoryId,
    });
  }
  const page = Number(text(formData.get(PICKER_FIELDS.page)));
  return {
    picked,
    search: text(formData.get(PICKER_FIELDS.search)).trim(),
    categoryId: text(formData.get(PICKER_FIELDS.categoryId)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** An added item starts at 1 unit per product unit (spec 001 §9). */
export function applyPickerIntent(state: PickerState, intent: PickerIntent, labelOf: (id: string) => string) {
  if (!intent) return state;
  switch (intent.kind) {
    case "add":
      if (state.picked.some((item) => item.inventoryId === intent.inventoryId)) return state;
      return {
        ...state,
        picked: [
          ...state.picked,
          { inventoryId: intent.inventoryId, quantity: "1", label: labelOf(intent.inventoryId) },
        ],
      };
    case "remove":
      return { ...state, picked: state.picked.filter((item) => item.inventoryId !== intent.inventoryId) };
    case "search":
      return { ...state, page: 1 };
    case "page":
      return { ...state, page: intent.page };
  }
}
