// Works without JavaScript: the chosen devices travel as hidden `deviceIds`, the searches and edits as
// `ui.…` fields, and every button posts the form back.

export type PickedDevice = { id: string; inventoryId: string; serialNumber: string };
export type DevicePickerState = { chosen: PickedDevice[]; search: Record<string, string>; editing: string[] };
export type DeviceIntent =
  | { kind: "link" | "unlink"; deviceId: string }
  | { kind: "search" | "edit"; inventoryId: string }
  | { kind: "save" | "refresh" };

export const DEVICE_META = "ui.device.";
export const DEVICE_SEARCH = "ui.search.";
export const DEVICE_EDITING = "ui.editing";

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export const deviceMeta = (device: Omit<PickedDevice, "id">) =>
  `${device.inventoryId}|${device.serialNumber}`;

function metaOf(formData: FormData, id: string): PickedDevice | null {
  const value = text(formData.get(`${DEVICE_META}${id}`));
  const split = value.indexOf("|");
  if (split <= 0) return null;
  return { id, inventoryId: value.slice(0, split), serialNumber: value.slice(split + 1) };
}

export function readDevicePicker(formData: FormData): DevicePickerState {
  const chosen: PickedDevice[] = [];
  for (const id of formData.getAll("deviceIds").map(text)) {
    const device = metaOf(formData, id);
    if (device && !chosen.some((entry) => entry.id === id)) chosen.push(device);
  }
  const search: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name.startsWith(DEVICE_SEARCH))
      search[name.slice(DEVICE_SEARCH.length)] = text(value).trim().slice(0, 100);
  }
  const editing = [...new Set(formData.getAll(DEVICE_EDITING).map(text).filter(Boolean))];
  return { chosen, search, editing };
}

export function deviceIntent(intent: string): DeviceIntent {
  const [kind = "", value = ""] = intent.split(/:(.*)/s);
  if ((kind === "link" || kind === "unlink") && value) return { kind, deviceId: value };
  if ((kind === "search" || kind === "edit") && value) return { kind, inventoryId: value };
  // Enter in a search box sends the form's first button, a plain refresh (the searches go with it).
  return { kind: intent === "save" ? "save" : "refresh" };
}

/** A device is added only while its item has fewer than it needs, and never twice. */
export function applyDeviceIntent(
  state: DevicePickerState,
  intent: DeviceIntent,
  formData: FormData,
  required: Record<string, number>,
): DevicePickerState {
  switch (intent.kind) {
    case "link": {
      const device = metaOf(formData, intent.deviceId);
      if (!device || state.chosen.some((entry) => entry.id === device.id)) return state;
      const linked = state.chosen.filter((entry) => entry.inventoryId === device.inventoryId).length;
      if (linked >= (required[device.inventoryId] ?? 0)) return state;
      return { ...state, chosen: [...state.chosen, device] };
    }
    case "unlink":
      return { ...state, chosen: state.chosen.filter((entry) => entry.id !== intent.deviceId) };
    case "edit":
      return {
        ...state,
        editing: state.editing.includes(intent.inventoryId)
          ? state.editing.filter((id) => id !== intent.inventoryId)
          : [...state.editing, intent.inventoryId],
      };
    default:
      return state;
  }
}
