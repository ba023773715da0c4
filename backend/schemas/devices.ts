import { z } from "zod";
import { TokenRecordSchema } from "./token-records";
import { optionalId, optionalText, requiredText } from "./fields";
import { flagField } from "./form-values";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "./files";
import { PaginationSchema, booleanFilter, listSchema } from "./list";
export * from "../constants/devices";
import {
  COUNT_INVALID,
  DEVICE_EVENT_KINDS,
  DEVICE_FILE_REQUIRED,
  DEVICE_FILE_TYPE_MESSAGE,
  KEY_REQUIRED,
  RESTRICTED_DIGIT_MODE_INVALID,
  SERIAL_NUMBER_REQUIRED,
  STARTING_CODE_REQUIRED,
  TIME_DIVIDER_INVALID,
} from "../constants/devices";

// Anything that is not a whole number reads as -1, which the range check refuses with the same message: a
// wrong type would stop zod before the checks across fields (a tokenable device's key), hiding their messages.
const NOT_A_WHOLE_NUMBER = -1;

function optionalInteger(message: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value === "string") {
        const text = value.trim();
        if (text === "") return undefined;
        return /^[+-]?\d{1,15}$/.test(text) ? Number(text) : NOT_A_WHOLE_NUMBER;
      }
      return typeof value === "number" && Number.isFinite(value) ? value : NOT_A_WHOLE_NUMBER;
    },
    z
      .number({ invalid_type_error: message })
      .int(message)
      .min(0, message)
      .max(2_147_483_647, message)
      .optional(),
  );
}

// People type TRUE, yes, Y or 1 in a sheet, or leave the cell empty for the default; JSON and form fields
// take only what a form sends (flagField).
export function cellFlagSchema(message: string, fallback: boolean) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value !== "string") return value;
      const text = value.trim().toLowerCase();
      if (["true", "1", "yes", "y", "on"].includes(text)) return true;
      if (["false", "0", "no", "n", "off"].includes(text)) return false;
      return text === "" ? fallback : value;
    },
    z.boolean({ invalid_type_error: message }),
  );
}

// A missing serial number is read as an empty one, so the checks that depend on other fields (the key and
// starting code of a tokenable device) still run and every missing field is named at once.
const serialNumber = z.preprocess(
  (value) => value ?? "",
  requiredText(SERIAL_NUMBER_REQUIRED).pipe(
    z.string().max(100, "Serial number must be at most 100 characters"),
  ),
);

/** `count` comes as a string from the spec's form. */
const deviceFields = {
  serialNumber,
  key: optionalText("Key", 200),
  startingCode: optionalText("Starting code", 50),
  count: optionalInteger(COUNT_INVALID),
  timeDivider: optionalInteger(TIME_DIVIDER_INVALID),
  hardwareModel: optionalText("Hardware model", 100),
  firmwareVersion: optionalText("Firmware version", 100),
};

// A tokenable device without its key or starting code is sold and paid for, then no token can be made for
// it; a unit that makes no tokens (a floodlight) needs only its serial number (issue 25).
function tokenSettingsWhenTokenable(
  device: { isTokenable: boolean; key?: string; startingCode?: string },
  context: z.RefinementCtx,
) {
  if (!device.isTokenable) return;
  // The key first (the spec's message); the starting code is asked for once a key is there.
  if (!device.key) context.addIssue({ code: z.ZodIssueCode.custom, path: ["key"], message: KEY_REQUIRED });
  else if (!device.startingCode) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["startingCode"],
      message: STARTING_CODE_REQUIRED,
    });
  }
}

const TOKENABLE_INVALID = "Tokenable must be true or false";

export const CreateDeviceSchema = z
  .object({
    ...deviceFields,
    restrictedDigitMode: flagField(RESTRICTED_DIGIT_MODE_INVALID).default(false),
    isTokenable: flagField(TOKENABLE_INVALID).default(true),
    inventoryId: optionalId("Inventory item is required"),
  })
  .strip()
  .superRefine(tokenSettingsWhenTokenable);
export type CreateDeviceInput = z.infer<typeof CreateDeviceSchema>;

/** In an edit, null or a blank value clears a field that may be empty; a missing key leaves it as it is. */
function clearable<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value),
    schema.nullable(),
  );
}

/**
 * The same fields and checks as a new device; whether a tokenable device still has its key and starting
 * code, and whether the device may change at all, depends on what is stored (services/devices.ts).
 */
export const UpdateDeviceSchema = z
  .object({
    serialNumber: requiredText(SERIAL_NUMBER_REQUIRED)
      .pipe(z.string().max(100, "Serial number must be at most 100 characters"))
      .optional(),
    // Unknown keys are dropped (decision 004), so a client may send back the device it read: its masked key
    // then leaves the key as it is, rather than becoming it.
    key: z.preprocess(
      (value) => (typeof value === "string" && value.startsWith(KEY_MASK) ? undefined : value),
      clearable(deviceFields.key),
    ),
    startingCode: clearable(deviceFields.startingCode),
    count: clearable(deviceFields.count),
    timeDivider: clearable(deviceFields.timeDivider),
    hardwareModel: clearable(deviceFields.hardwareModel),
    firmwareVersion: clearable(deviceFields.firmwareVersion),
    restrictedDigitMode: flagField(RESTRICTED_DIGIT_MODE_INVALID).optional(),
    isTokenable: flagField(TOKENABLE_INVALID).optional(),
    inventoryId: clearable(optionalId("Inventory item is required")),
  })
  .strip();
export type UpdateDeviceInput = z.infer<typeof UpdateDeviceSchema>;

export const DeviceFileRowSchema = z
  .object({
    ...deviceFields,
    restrictedDigitMode: cellFlagSchema(RESTRICTED_DIGIT_MODE_INVALID, false),
    isTokenable: cellFlagSchema(TOKENABLE_INVALID, true),
    inventory: optionalText("Inventory SKU", 50),
  })
  .superRefine(tokenSettingsWhenTokenable);
export type DeviceFileRow = z.infer<typeof DeviceFileRowSchema>;

export const DeviceBatchFieldsSchema = z.object({}).strip();

/** What a browser calls a device batch file; the API still reads the bytes (a renamed file is refused). */
const DEVICE_FILE_NAME = /\.(csv|xlsx)$/i;

/** An empty file input (nothing chosen) is a missing file. */
export const DeviceBatchFormSchema = z
  .object({
    file: z.unknown().transform((value, context): File => {
      const chosen =
        typeof File !== "undefined" && value instanceof File && !(value.size === 0 && value.name === "")
          ? value
          : undefined;
      const fail = (message: string) => {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      };
      if (!chosen) return fail(DEVICE_FILE_REQUIRED);
      if (chosen.size > MAX_UPLOAD_BYTES) return fail(UPLOAD_TOO_LARGE_MESSAGE);
      if (!DEVICE_FILE_NAME.test(chosen.name)) return fail(DEVICE_FILE_TYPE_MESSAGE);
      return chosen;
    }),
  })
  .strip();

const filterText = (label: string) => z.string().trim().max(100, `${label} is too long`).optional();

// `key` must match a whole key, and only for roles that manage devices: keys are secrets.
export const DeviceListQuerySchema = PaginationSchema.extend({
  serialNumber: filterText("Serial number"),
  key: filterText("Key"),
  startingCode: filterText("Starting code"),
  hardwareModel: filterText("Hardware model"),
  firmwareVersion: filterText("Firmware version"),
  /** An item's id, or "none" for units registered without an item. */
  inventoryId: z.string().trim().max(64, "inventoryId is too long").optional(),
  /** The devices sold to this customer. */
  customerId: z.string().trim().max(64, "customerId is too long").optional(),
  linked: booleanFilter("linked").optional(),
  isTokenable: booleanFilter("isTokenable").optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

export const KEY_MASK = "••••••••";
export function maskKey(key: string) {
  return `${KEY_MASK}${key.length > 8 ? key.slice(-4) : ""}`;
}

/** `count` and `timeDivider` are answered as strings of digits, as the reference contract stores them. */
export const DeviceRecordSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  key: z.string(),
  startingCode: z.string().nullable(),
  count: z.string().nullable(),
  timeDivider: z.string().nullable(),
  restrictedDigitMode: z.boolean(),
  hardwareModel: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  isTokenable: z.boolean(),
  inventoryId: z.string().nullable(),
  saleItemId: z.string().nullable(),
  linked: z.boolean(),
  /** Swapped out as faulty: not offered to a sale or a swap again. */
  faulty: z.boolean(),
  creatorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>;

export const DeviceEventSchema = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_EVENT_KINDS),
  summary: z.string(),
  sale: z.object({ id: z.string(), saleNumber: z.string() }),
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DeviceEvent = z.infer<typeof DeviceEventSchema>;

/** One device with its tokens and its history after it was sold (swaps, repossession), newest first. */
export const DeviceDetailSchema = DeviceRecordSchema.extend({
  tokens: z.array(TokenRecordSchema),
  history: z.array(DeviceEventSchema),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;

export const DeviceListSchema = listSchema("devices", DeviceRecordSchema);
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const RevealedKeySchema = z.object({ key: z.string() });

export const DeviceBatchResultSchema = z.object({ message: z.string(), count: z.number() });
export type DeviceBatchResult = z.infer<typeof DeviceBatchResultSchema>;

export const DeviceRowErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type DeviceRowError = z.infer<typeof DeviceRowErrorSchema>;

export const MAX_REPORTED_ROW_ERRORS = 1_000;

export const DeviceBatchReportSchema = z.object({
  statusCode: z.number(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  fieldErrors: z.record(z.array(z.string())).optional(),
  errors: z.array(DeviceRowErrorSchema),
  errorCount: z.number(),
});
export type DeviceBatchReport = z.infer<typeof DeviceBatchReportSchema>;
