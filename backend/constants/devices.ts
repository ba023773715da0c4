// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const SERIAL_NUMBER_REQUIRED = "Serial number is required";
export const KEY_REQUIRED = "Key is required";
export const STARTING_CODE_REQUIRED = "Starting code is required for a tokenable device";
export const COUNT_INVALID = "Device Count must be a valid integer";
export const TIME_DIVIDER_INVALID = "Time Divider must be a valid integer";
export const RESTRICTED_DIGIT_MODE_INVALID = "Restricted Digit Mode must be true or false";
export const SERIAL_NUMBER_TAKEN = "A device with this serial number already exists";

export const DEVICE_FILE_KINDS = ["csv", "xlsx"] as const;
export const DEVICE_FILE_REQUIRED = "Devices file is required";
export const DEVICE_FILE_TYPE_MESSAGE = "Only CSV/Excel files (.csv, .xlsx) allowed";
export const MAX_DEVICE_ROWS = 20_000;
export const DEVICES_UPLOADED = "Devices uploaded successfully!";

export const DEVICE_FILE_COLUMNS = [
  { header: "Serial Number", field: "serialNumber", required: true },
  { header: "Key", field: "key", required: true },
  { header: "Starting Code", field: "startingCode", required: false },
  { header: "Count", field: "count", required: false },
  { header: "Time Divider", field: "timeDivider", required: false },
  { header: "Restricted Digit Mode", field: "restrictedDigitMode", required: false },
  { header: "Hardware Model", field: "hardwareModel", required: false },
  { header: "Firmware Version", field: "firmwareVersion", required: false },
  { header: "Inventory", field: "inventory", required: false },
  { header: "Tokenable", field: "isTokenable", required: false },
] as const;
export type DeviceFileColumn = (typeof DEVICE_FILE_COLUMNS)[number];

/** `inventoryId=none` in a device list: units registered without an inventory item. */
export const UNASSIGNED = "none";

/** A device's history after it was sold (issue 27 §2): what the device page lists under "History". */
export const DEVICE_EVENT_KINDS = ["SWAPPED_IN", "SWAPPED_OUT", "REPOSSESSED"] as const;
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number];
export const DEVICE_EVENT_LABELS: Record<DeviceEventKind, string> = {
  SWAPPED_IN: "Swapped in",
  SWAPPED_OUT: "Swapped out",
  REPOSSESSED: "Repossessed",
};
