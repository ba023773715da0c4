import { Hono } from "hono";
import { z } from "zod";
import { csvResponse } from "../http/csv";
import type { ApiEnv, RouteDeps } from "../http/env";
import { errorBody } from "../http/errors";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readMultipart } from "../http/multipart";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  CreateDeviceSchema,
  DEVICE_FILE_KINDS,
  DEVICE_FILE_REQUIRED,
  DEVICE_FILE_TYPE_MESSAGE,
  DeviceBatchFieldsSchema,
  DeviceBatchResultSchema,
  DeviceListQuerySchema,
  DeviceListSchema,
  DeviceDetailSchema,
  DeviceRecordSchema,
  RevealedKeySchema,
  UpdateDeviceSchema,
} from "../schemas/devices";
import { MessageSchema } from "../schemas/errors";
import { GenerateTokenSchema, GeneratedTokenSchema } from "../schemas/payments";
import { deviceTokenRecords, issueManualToken } from "../services/device-tokens";
import type { DeviceBatchReport, DeviceList, DeviceListQuery } from "../schemas/devices";
import {
  DEVICE_TEMPLATE_HEADER,
  countDevices,
  createDevice,
  deleteDevice,
  deviceCountKey,
  deviceHistory,
  getDevice,
  listDevices,
  requireMayFilterByKey,
  revealDeviceKey,
  updateDevice,
  uploadDevices,
} from "../services/devices";
import { invalidField } from "../services/errors";
import { checkUpload } from "../services/files";

export const deviceOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/device",
    tag: "Devices",
    summary:
      "Device list, newest first, keys masked; `search` and the field filters match any part (`key` a whole key, manage:Devices only); `linked` splits sold from available",
    access: "read:Devices",
    query: DeviceListQuerySchema,
    success: ok("One page of devices", DeviceListSchema),
  },
  {
    method: "post",
    path: "/api/v1/device",
    tag: "Devices",
    summary: "Create a device; the serial number must be new",
    access: "write:Devices",
    body: CreateDeviceSchema,
    success: ok("The new device, key masked", DeviceRecordSchema, 201),
  },
  {
    method: "post",
    path: "/api/v1/device/batch-upload",
    tag: "Devices",
    summary:
      "Create devices from a CSV or XLSX file (at most 5 MB and 20,000 rows). Every row is checked first; any problem and nothing is stored, the 400 answer listing `errors: [{row, column, message}]` (row = line in the file, the header is line 1)",
    access: "write:Devices",
    multipart: {
      file: { description: "The .csv or .xlsx file (read by its bytes)", file: true, required: true },
    },
    success: ok("How many devices were created", DeviceBatchResultSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/device/batch-upload/template",
    tag: "Devices",
    summary: "The batch file's template: a CSV with the column names",
    access: "write:Devices",
    success: { ...ok("The template", z.string()), contentType: "text/csv" },
  },
  {
    method: "get",
    path: "/api/v1/device/{id}",
    tag: "Devices",
    summary: "One device, key masked, with its tokens (newest first)",
    access: "read:Devices",
    success: ok("The device", DeviceDetailSchema),
    errors: { 404: "Device not found" },
  },
  {
    method: "patch",
    path: "/api/v1/device/{id}",
    tag: "Devices",
    summary:
      "Edit a device under the rules of a new one (the serial number stays unique, a tokenable device keeps " +
      'its key and starting code); null or "" clears an optional field. A device linked to a sale, with ' +
      "tokens or with a sale history may change only its hardware model and firmware version",
    access: "write:Devices",
    body: UpdateDeviceSchema,
    success: ok("The device as saved, key masked", DeviceRecordSchema),
    errors: { 404: "Device not found" },
  },
  {
    method: "delete",
    path: "/api/v1/device/{id}",
    tag: "Devices",
    summary:
      "Delete a device nothing depends on; one linked to a sale, with tokens, with a sale history or chosen " +
      "on a sale draft is refused with a 400",
    access: "delete:Devices",
    success: ok("Deleted", MessageSchema),
    errors: { 404: "Device not found" },
  },
  {
    method: "post",
    path: "/api/v1/device/{id}/generate-token",
    tag: "Devices",
    summary:
      "Issue an OpenPAYGO token by hand: `{days}` of use (the value encoded is days × the device's time " +
      "divider) or `{unlock: true}` for good; the device's count advances and the token is stored",
    access: "manage:Devices",
    body: GenerateTokenSchema,
    success: ok("The token", GeneratedTokenSchema, 201),
    errors: { 404: "Device not found" },
  },
  {
    method: "post",
    path: "/api/v1/device/{id}/reveal-key",
    tag: "Devices",
    summary: "A device's key in clear; the audit log records who revealed it (never the key)",
    access: "manage:Devices",
    success: ok("The key", RevealedKeySchema),
    errors: { 404: "Device not found" },
  },
];

export function deviceRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const deviceList: ListSource<DeviceListQuery, DeviceList> = {
    count: (query) => countDevices(db, query),
    list: (query, total) => listDevices(db, query, total),
    cache: { area: "devices", countKey: deviceCountKey, counts: caches.counts, pages: caches.devicePages },
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Devices"), (c) => {
      const query = readQuery(c, DeviceListQuerySchema);
      requireMayFilterByKey(signedInActor(c), query);
      return listAnswer(c, query, deviceList);
    })
    .post("/", guard("write:Devices"), async (c) => {
      const input = await readJsonBody(c, CreateDeviceSchema);
      return c.json(await createDevice(db, signedInActor(c), input), 201);
    })
    .post("/batch-upload", guard("write:Devices"), async (c) => {
      const { files } = await readMultipart(c, DeviceBatchFieldsSchema);
      const upload = files.file;
      if (!upload) throw invalidField("file", DEVICE_FILE_REQUIRED);
      const kind = await checkUpload("file", upload, DEVICE_FILE_KINDS, DEVICE_FILE_TYPE_MESSAGE);
      const result = await uploadDevices(db, signedInActor(c), { ...upload, kind });
      if (result.ok) return c.json({ message: result.message, count: result.count }, 201);
      if ("fileError" in result) throw invalidField("file", result.fileError);
      const summary = `Nothing was uploaded: ${result.errorCount} problem${result.errorCount === 1 ? "" : "s"} in the file`;
      const body: DeviceBatchReport = {
        ...errorBody(400, summary, { file: [summary] }),
        errors: result.errors,
        errorCount: result.errorCount,
      };
      return c.json(body, 400);
    })
    .get("/batch-upload/template", guard("write:Devices"), () => {
      return csvResponse("devices-template.csv", DEVICE_TEMPLATE_HEADER, (async function* () {})());
    })
    .get("/:id", guard("read:Devices"), async (c) => {
      const device = await getDevice(db, c.req.param("id"));
      const [tokens, history] = await Promise.all([
        deviceTokenRecords(db, device.id),
        deviceHistory(db, device.id),
      ]);
      return c.json({ ...device, tokens, history }, 200);
    })
    .patch("/:id", guard("write:Devices"), async (c) => {
      const input = await readJsonBody(c, UpdateDeviceSchema);
      return c.json(await updateDevice(db, signedInActor(c), c.req.param("id"), input), 200);
    })
    .delete("/:id", guard("delete:Devices"), async (c) => {
      return c.json(await deleteDevice(db, signedInActor(c), c.req.param("id")), 200);
    })
    .post("/:id/generate-token", guard("manage:Devices"), async (c) => {
      const input = await readJsonBody(c, GenerateTokenSchema);
      const issued = await issueManualToken(db, signedInActor(c), c.req.param("id"), input);
      return c.json(
        { token: issued.token, count: issued.count, days: issued.days, record: issued.record },
        201,
      );
    })
    .post("/:id/reveal-key", guard("manage:Devices"), async (c) => {
      return c.json(await revealDeviceKey(db, signedInActor(c), c.req.param("id")), 200);
    });
}
