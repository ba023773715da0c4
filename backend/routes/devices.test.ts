import ExcelJS from "exceljs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog, deviceEvents, deviceTokens, devices, saleDrafts, saleItems } from "../db/schema";
import {
  DeviceBatchReportSchema,
  DeviceBatchResultSchema,
  DeviceDetailSchema,
  DeviceListSchema,
  DeviceRecordSchema,
} from "../schemas/devices";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeDevice,
  makeRole,
  signedInAs,
} from "../test/factories";
import { EMPTY_DRAFT } from "../schemas/sale-drafts";
import { makeSaleItem } from "../test/sale-factories";
import { makeItem } from "../test/stock-factories";
import { log } from "../log";

/** Every log line written while these tests run: no device key may ever appear in one. */
const consoleLines: string[] = [];
for (const method of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
  const original = log[method].bind(log);
  vi.spyOn(log, method).mockImplementation((...args: Parameters<typeof original>) => {
    consoleLines.push(
      args
        .map((arg) =>
          arg instanceof Error
            ? `${arg.message} ${arg.stack}`
            : typeof arg === "object"
              ? JSON.stringify(arg, (_key, value) =>
                  value instanceof Error ? `${value.message} ${value.stack}` : value,
                )
              : String(arg),
        )
        .join(" "),
    );
    original(...args);
  });
}

const { backend, team } = await backendWithTeam();
const outsider = await makeRole(backend.db, "no devices", ["read:Customers"]);
const { token: outsiderToken } = await signedInAs(backend, outsider.id);
afterAll(() => {
  vi.restoreAllMocks();
});

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const create = (body: unknown, token = team.inventory.token) =>
  backend.request("POST", "/api/v1/device", { token, body });
const reveal = (id: string, token = team.inventory.token) =>
  backend.request("POST", `/api/v1/device/${id}/reveal-key`, { token });

function upload(
  file: { name: string; bytes: Uint8Array | string } | null,
  token = team.inventory.token,
  extra = {},
) {
  const form = new FormData();
  if (file) form.set("file", new Blob([file.bytes as BlobPart]), file.name);
  for (const [name, value] of Object.entries(extra)) form.set(name, String(value));
  return backend.request("POST", "/api/v1/device/batch-upload", { token, form });
}

let sequence = 0;
/** A serial number no other test uses. */
const serial = (prefix = "SN") => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`.toUpperCase();
const hexKey = () =>
  Array.from({ length: 32 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");
const keysUsed: string[] = [];
function newDevice(fields: Record<string, unknown> = {}) {
  const key = hexKey();
  keysUsed.push(key);
  return { serialNumber: serial(), key, startingCode: "472916358", count: "1", timeDivider: "1", ...fields };
}

const storedCount = (serials: string[]) =>
  backend.db.$count(
    devices,
    inArray(
      sql`lower(${devices.serialNumber})`,
      serials.map((s) => s.toLowerCase()),
    ),
  );

/** The start of an old Excel (.xls) workbook: an OLE compound document. */
const XLS = new Uint8Array(2048);
XLS.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

async function xlsx(rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Devices");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("POST /api/v1/device", () => {
  it("creates a device with the spec's defaults and answers it with the key masked", async () => {
    const input = newDevice({ hardwareModel: "PAYG-200", firmwareVersion: "1.4.2", count: "7" });
    const response = await create(input);
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(DeviceRecordSchema, body);
    expect(body).toMatchObject({
      serialNumber: input.serialNumber,
      key: `••••••••${input.key.slice(-4)}`,
      startingCode: "472916358",
      count: "7",
      timeDivider: "1",
      restrictedDigitMode: false,
      hardwareModel: "PAYG-200",
      firmwareVersion: "1.4.2",
      isTokenable: true,
      inventoryId: null,
      saleItemId: null,
      linked: false,
      creatorId: team.inventory.user.id,
    });
    expect(JSON.stringify(body)).not.toContain(input.key);
    const [stored] = await backend.db.select().from(devices).where(eq(devices.id, body.id));
    expect(stored.key).toBe(input.key);

    const audit = await backend.db.select().from(auditLog).where(eq(auditLog.recordId, body.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      subject: "Devices",
      summary: `Added device ${input.serialNumber}`,
    });
    expect(JSON.stringify(audit)).not.toContain(input.key);
  });

  it("takes numbers and booleans from JSON clients, an inventory item and a non-tokenable unit", async () => {
    const item = await makeItem(backend.db);
    const response = await create(
      newDevice({
        count: 12,
        timeDivider: 2,
        restrictedDigitMode: true,
        isTokenable: false,
        inventoryId: item.id,
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      count: "12",
      timeDivider: "2",
      restrictedDigitMode: true,
      isTokenable: false,
      inventoryId: item.id,
    });
  });

  it("names the required fields with the spec's messages", async () => {
    const response = await create({});
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      serialNumber: ["Serial number is required"],
      key: ["Key is required"],
    });
  });

  it("refuses a tokenable device without a starting code, which could never make a token", async () => {
    const { startingCode: _, ...withoutCode } = newDevice();
    const refused = await create(withoutCode);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      startingCode: ["Starting code is required for a tokenable device"],
    });
    expect((await create({ ...withoutCode, isTokenable: false })).status).toBe(201);
  });

  it.each([
    [{ serialNumber: "   " }, "serialNumber", "Serial number is required"],
    [{ key: "" }, "key", "Key is required"],
    [{ count: "abc" }, "count", "Device Count must be a valid integer"],
    [{ count: "1.5" }, "count", "Device Count must be a valid integer"],
    [{ count: -3 }, "count", "Device Count must be a valid integer"],
    [{ count: true }, "count", "Device Count must be a valid integer"],
    [{ timeDivider: "fast" }, "timeDivider", "Time Divider must be a valid integer"],
    [
      { restrictedDigitMode: "perhaps" },
      "restrictedDigitMode",
      "Restricted Digit Mode must be true or false",
    ],
    [{ isTokenable: "yes" }, "isTokenable", "Tokenable must be true or false"],
    [{ isTokenable: 1 }, "isTokenable", "Tokenable must be true or false"],
    [{ isTokenable: [true] }, "isTokenable", "Tokenable must be true or false"],
    [{ restrictedDigitMode: "1" }, "restrictedDigitMode", "Restricted Digit Mode must be true or false"],
    [{ hardwareModel: "x".repeat(101) }, "hardwareModel", "Hardware model must be at most 100 characters"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await create(newDevice(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("answers a serial number already stored, in any case, as a field error", async () => {
    const first = newDevice();
    expect((await create(first)).status).toBe(201);
    const again = await create(newDevice({ serialNumber: first.serialNumber.toLowerCase() }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      statusCode: 400,
      message: ["serialNumber: A device with this serial number already exists"],
      error: "Bad Request",
      fieldErrors: { serialNumber: ["A device with this serial number already exists"] },
    });
  });

  it("answers simultaneous duplicates with one device and field errors, never a 500", async () => {
    const input = newDevice();
    const statuses = (await Promise.all([create(input), create(input), create(input, team.admin.token)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 400, 400]);
  });
});

describe("GET /api/v1/device", () => {
  it("lists devices newest first with every key masked, for every role", async () => {
    const older = await makeDevice(backend.db, {
      hardwareModel: "Listmodel-A",
      createdAt: new Date(Date.now() + 60_000),
    });
    const newer = await makeDevice(backend.db, {
      hardwareModel: "Listmodel-A",
      createdAt: new Date(Date.now() + 90_000),
    });
    for (const token of [team.viewer.token, team.inventory.token, team.admin.token]) {
      const response = await get("/api/v1/device?search=listmodel-a", token);
      expect(response.status).toBe(200);
      const body = await response.json();
      expectExactly(DeviceListSchema, body);
      expect(body.devices.map((device: { id: string }) => device.id)).toEqual([newer.id, older.id]);
      expect(body.devices.map((device: { key: string }) => device.key)).toEqual([
        `••••••••${newer.key.slice(-4)}`,
        `••••••••${older.key.slice(-4)}`,
      ]);
      expect(JSON.stringify(body)).not.toContain(newer.key);
      expect(body).toMatchObject({ total: 2, page: 1, limit: 20, totalPages: 1 });
    }
  });

  it("filters by each field, by inventory item and by sale link", async () => {
    const tag = serial("FLT");
    const item = await makeItem(backend.db);
    const linked = await makeDevice(backend.db, {
      serialNumber: `${tag}-1`,
      startingCode: "918273645",
      hardwareModel: `HW-${tag}`,
      firmwareVersion: `FW-${tag}`,
      inventoryId: item.id,
      saleItemId: (await makeSaleItem(backend.db)).id,
    });
    const available = await makeDevice(backend.db, {
      serialNumber: `${tag}-2`,
      inventoryId: item.id,
      isTokenable: false,
    });
    const found = async (query: string) =>
      ((await (await get(`/api/v1/device?${query}`)).json()).devices as { id: string }[]).map(
        (device) => device.id,
      );

    expect(await found(`serialNumber=${tag.toLowerCase()}-1`)).toEqual([linked.id]);
    expect(await found(`serialNumber=${tag}&startingCode=8273`)).toEqual([linked.id]);
    expect(await found(`hardwareModel=hw-${tag}`)).toEqual([linked.id]);
    expect(await found(`firmwareVersion=${tag.toLowerCase()}`)).toEqual([linked.id]);
    expect(await found(`inventoryId=${item.id}`)).toEqual([available.id, linked.id]);
    expect(await found(`inventoryId=${item.id}&linked=true`)).toEqual([linked.id]);
    expect(await found(`inventoryId=${item.id}&linked=false`)).toEqual([available.id]);
    expect(await found(`inventoryId=${item.id}&isTokenable=0`)).toEqual([available.id]);
    expect(await found(`search=${tag}&linked=1`)).toEqual([linked.id]);
    const [first] = (await (await get(`/api/v1/device?serialNumber=${tag}-1`)).json()).devices as {
      linked: boolean;
    }[];
    expect(first.linked).toBe(true);

    const bad = await get("/api/v1/device?linked=maybe");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ linked: ["linked must be true or false"] });
  });

  it("never searches inside keys; the key filter takes a whole key, for roles that manage devices only", async () => {
    const device = await makeDevice(backend.db);
    const part = device.key.slice(4, 20);
    expect((await (await get(`/api/v1/device?search=${part}`)).json()).total).toBe(0);
    expect((await (await get(`/api/v1/device?key=${part}`, team.inventory.token)).json()).total).toBe(0);
    const whole = await (
      await get(`/api/v1/device?key=${device.key.toUpperCase()}`, team.inventory.token)
    ).json();
    expect(whole.devices.map((row: { id: string }) => row.id)).toEqual([device.id]);

    const refused = await get(`/api/v1/device?key=${device.key}`, team.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      message: "Only roles that manage devices may filter by key",
      error: "Forbidden",
    });
  });

  it("answers the same total on every page, whether counted or known from a short last page", async () => {
    const tag = serial("PAGED");
    for (let index = 0; index < 25; index += 1)
      await makeDevice(backend.db, { serialNumber: `${tag}-${index}` });
    const totals = [];
    for (const page of [1, 2, 3, 4]) {
      const body = await (await get(`/api/v1/device?search=${tag}&limit=10&page=${page}`)).json();
      totals.push([body.devices.length, body.total, body.totalPages]);
    }
    expect(totals).toEqual([
      [10, 25, 3],
      [10, 25, 3],
      [5, 25, 3],
      [0, 25, 3],
    ]);
  });

  it("refuses a bad page and answers an empty page past the end", async () => {
    expect((await get("/api/v1/device?page=0")).status).toBe(400);
    const past = await (await get("/api/v1/device?page=100000&limit=100")).json();
    expect(past.devices).toEqual([]);
    expect(past.total).toBe(await backend.db.$count(devices));
  });
});

describe("GET /api/v1/device/{id}", () => {
  it("answers one device with its key masked, or 404", async () => {
    const device = await makeDevice(backend.db, { key: "short" });
    const body = await (await get(`/api/v1/device/${device.id}`, team.viewer.token)).json();
    expectExactly(DeviceDetailSchema, body);
    // A key of eight characters or fewer shows none of them.
    expect(body).toMatchObject({ id: device.id, key: "••••••••", tokens: [] });
    const missing = await get("/api/v1/device/no-such-device");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: "Device not found",
      error: "Not Found",
    });
  });
});

describe("POST /api/v1/device/{id}/generate-token", () => {
  const generate = (id: string, body: unknown, token = team.inventory.token) =>
    backend.request("POST", `/api/v1/device/${id}/generate-token`, { token, body });

  it("issues days (value = days × time divider) and unlocks, advancing the count, stored and listed on the device", async () => {
    const device = await makeDevice(backend.db, { timeDivider: 2, count: 4 });
    const days = await generate(device.id, { days: 7 });
    expect(days.status).toBe(201);
    const first = await days.json();
    expect(first).toMatchObject({ days: 7, record: { kind: "ADD_TIME", value: 14, days: 7 } });
    expect(first.token).toMatch(/^\d{9}$/);
    expect(first.count).toBeGreaterThan(4);
    const unlock = await (await generate(device.id, { unlock: true })).json();
    expect(unlock).toMatchObject({ days: null, record: { kind: "DISABLE_PAYG", value: 998 } });
    expect(unlock.count).toBeGreaterThan(first.count);
    const [row] = await backend.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.count).toBe(unlock.count);
    const detail = await (await get(`/api/v1/device/${device.id}`, team.viewer.token)).json();
    expect(detail.tokens.map((token: { token: string }) => token.token)).toEqual([unlock.token, first.token]);
    expect(detail.tokens[0].issuedBy).toMatchObject({ id: team.inventory.user.id });
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, device.id), eq(auditLog.action, "generate-token")));
    expect(audit.map((entry) => entry.summary).sort()).toEqual([
      `Issued a 7-day token for device ${device.serialNumber}`,
      `Issued an unlock token for device ${device.serialNumber}`,
    ]);
  });

  it("makes restricted-digit tokens of 15 digits from 1 to 4", async () => {
    const device = await makeDevice(backend.db, { restrictedDigitMode: true });
    const body = await (await generate(device.id, { days: 30 })).json();
    expect(body.token).toMatch(/^[1-4]{15}$/);
  });

  it("refuses bad input, devices that cannot take a token, and roles that do not manage devices", async () => {
    const device = await makeDevice(backend.db, { timeDivider: 4 });
    for (const body of [
      {},
      { days: 0 },
      { days: 1.5 },
      { days: 30, unlock: true },
      { days: "x" },
      { days: true },
      { days: [1] },
    ]) {
      const refused = await generate(device.id, body);
      expect(refused.status).toBe(400);
    }
    const tooLong = await generate(device.id, { days: 300 });
    expect((await tooLong.json()).fieldErrors).toEqual({
      days: ["At most 248 days fit in one token for this device"],
    });
    const untokenable = await makeDevice(backend.db, { isTokenable: false });
    expect((await (await generate(untokenable.id, { days: 1 })).json()).message).toBe(
      "This device is not tokenable",
    );
    const badKey = await makeDevice(backend.db, { key: "not-an-openpaygo-key" });
    expect((await generate(badKey.id, { days: 1 })).status).toBe(400);
    expect((await generate("no-such-device", { days: 1 })).status).toBe(404);
    for (const token of [team.viewer.token, team.sales.token]) {
      const refused = await generate(device.id, { days: 1 }, token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
    expect(await backend.db.$count(deviceTokens, eq(deviceTokens.deviceId, device.id))).toBe(0);
  });
});

describe("POST /api/v1/device/{id}/reveal-key", () => {
  it("shows the key to a role that manages devices and audits who looked, without the key", async () => {
    const device = await makeDevice(backend.db);
    const response = await reveal(device.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: device.key });
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, device.id), eq(auditLog.action, "reveal-key")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: team.inventory.user.id,
      subject: "Devices",
      summary: `Revealed the key of device ${device.serialNumber}`,
      changes: null,
    });
    expect(JSON.stringify(audit)).not.toContain(device.key);
  });

  it("refuses roles that only read devices, and answers 404 for an unknown device", async () => {
    const device = await makeDevice(backend.db);
    for (const token of [team.viewer.token, team.sales.token]) {
      const refused = await reveal(device.id, token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
    expect((await reveal("no-such-device")).status).toBe(404);
  });
});

describe("POST /api/v1/device/batch-upload", () => {
  it("stores every row of a good CSV in one go, headers matched without regard to case or spaces", async () => {
    const rows = [newDevice(), newDevice(), newDevice()];
    const csv = [
      " serial number ,KEY,Starting code,count,TimeDivider,restricted_digit_mode,Hardware Model,Firmware Version,tokenable",
      `${rows[0].serialNumber},${rows[0].key},111222333,1,1,true,PAYG-300,2.0,yes`,
      "",
      `${rows[1].serialNumber},${rows[1].key},,,,no,,,no`,
      `"${rows[2].serialNumber}","${rows[2].key}",444555666,3,1,0,"PAYG, rev B",2.1,`,
    ].join("\r\n");
    const response = await upload({ name: "devices.csv", bytes: `\uFEFF${csv}\r\n` });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(DeviceBatchResultSchema, body);
    expect(body).toEqual({ message: "Devices uploaded successfully!", count: 3 });

    const stored = await backend.db
      .select()
      .from(devices)
      .where(
        inArray(
          devices.serialNumber,
          rows.map((row) => row.serialNumber),
        ),
      );
    const bySerial = new Map(stored.map((row) => [row.serialNumber, row]));
    expect(bySerial.get(rows[0].serialNumber)).toMatchObject({
      key: rows[0].key,
      startingCode: "111222333",
      count: 1,
      timeDivider: 1,
      restrictedDigitMode: true,
      hardwareModel: "PAYG-300",
      firmwareVersion: "2.0",
      isTokenable: true,
      creatorId: team.inventory.user.id,
    });
    expect(bySerial.get(rows[1].serialNumber)).toMatchObject({
      isTokenable: false,
      startingCode: null,
      count: null,
      restrictedDigitMode: false,
    });
    expect(bySerial.get(rows[2].serialNumber)).toMatchObject({
      hardwareModel: "PAYG, rev B",
      count: 3,
      isTokenable: true,
    });

    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "batch-upload"),
          sql`${auditLog.changes}->>'firstSerialNumber' = ${rows[0].serialNumber}`,
        ),
      );
    expect(audit).toMatchObject({ subject: "Devices", summary: "Uploaded 3 devices from devices.csv" });
    for (const row of rows) expect(JSON.stringify(audit)).not.toContain(row.key);
  });

  it("stores nothing when one row is bad and reports its row and column", async () => {
    const rows = [newDevice(), newDevice(), newDevice()];
    const csv = [
      "Serial Number,Key,Starting Code,Count,Time Divider",
      `${rows[0].serialNumber},${rows[0].key},100,1,1`,
      `${rows[1].serialNumber},,200,many,1`,
      `${rows[2].serialNumber},${rows[2].key},300,2,1`,
    ].join("\n");
    const response = await upload({ name: "devices.csv", bytes: csv });
    expect(response.status).toBe(400);
    const body = await response.json();
    expectExactly(DeviceBatchReportSchema, body);
    expect(body).toEqual({
      statusCode: 400,
      message: "Nothing was uploaded: 2 problems in the file",
      error: "Bad Request",
      fieldErrors: { file: ["Nothing was uploaded: 2 problems in the file"] },
      errors: [
        { row: 3, column: "Key", message: "Key is required" },
        { row: 3, column: "Count", message: "Device Count must be a valid integer" },
      ],
      errorCount: 2,
    });
    expect(await storedCount(rows.map((row) => row.serialNumber))).toBe(0);
  });

  it("refuses a tokenable row without a starting code, and takes a non-tokenable one without it", async () => {
    const [tokenable, plain] = [newDevice(), newDevice()];
    const csv = [
      "Serial Number,Key,Starting Code,Tokenable",
      `${tokenable.serialNumber},${tokenable.key},,`,
      `${plain.serialNumber},${plain.key},,no`,
    ].join("\n");
    const refused = await (await upload({ name: "devices.csv", bytes: csv })).json();
    expect(refused.errors).toEqual([
      { row: 2, column: "Starting Code", message: "Starting code is required for a tokenable device" },
    ]);
    const fixed = csv.replace(`${tokenable.key},,`, `${tokenable.key},123456,`);
    expect((await upload({ name: "devices.csv", bytes: fixed })).status).toBe(201);
    const stored = await backend.db
      .select({ serialNumber: devices.serialNumber, isTokenable: devices.isTokenable })
      .from(devices)
      .where(inArray(devices.serialNumber, [tokenable.serialNumber, plain.serialNumber]))
      .orderBy(devices.serialNumber);
    expect(new Map(stored.map((row) => [row.serialNumber, row.isTokenable]))).toEqual(
      new Map([
        [tokenable.serialNumber, true],
        [plain.serialNumber, false],
      ]),
    );
  });

  it("refuses a serial number repeated in the file, naming both rows", async () => {
    const [one, two] = [newDevice(), newDevice()];
    const csv = [
      "Serial Number,Key,Starting Code",
      `${one.serialNumber},${one.key},1`,
      `${two.serialNumber},${two.key},2`,
      `${one.serialNumber.toLowerCase()},${hexKey()},3`,
    ].join("\n");
    const body = await (await upload({ name: "devices.csv", bytes: csv })).json();
    expect(body.errors).toEqual([
      {
        row: 4,
        column: "Serial Number",
        message: `Serial number ${one.serialNumber.toLowerCase()} appears more than once in the file (first on row 2)`,
      },
    ]);
    expect(await storedCount([one.serialNumber, two.serialNumber])).toBe(0);
  });

  it("refuses serial numbers already stored, and SKUs of no inventory item", async () => {
    const existing = await makeDevice(backend.db);
    const fresh = newDevice();
    const csv = [
      "Serial Number,Key,Inventory,Starting Code",
      `${fresh.serialNumber},${fresh.key},SHS-100-BAT,1`,
      `${existing.serialNumber},${hexKey()},,2`,
    ].join("\n");
    const body = await (await upload({ name: "devices.csv", bytes: csv })).json();
    expect(body.errors).toEqual([
      { row: 2, column: "Inventory", message: "Unknown inventory SKU" },
      { row: 3, column: "Serial Number", message: "A device with this serial number already exists" },
    ]);
    expect(await storedCount([fresh.serialNumber])).toBe(0);
  });

  it("links each row to the inventory item its SKU names, whatever its case", async () => {
    const item = await makeItem(backend.db);
    const fresh = newDevice();
    const csv = [
      "Serial Number,Key,Inventory,Starting Code",
      `${fresh.serialNumber},${fresh.key},${item.sku.toLowerCase()},1`,
    ].join("\n");
    expect((await upload({ name: "devices.csv", bytes: csv })).status).toBe(201);
    const [stored] = await backend.db
      .select({ inventoryId: devices.inventoryId })
      .from(devices)
      .where(eq(devices.serialNumber, fresh.serialNumber));
    expect(stored.inventoryId).toBe(item.id);
  });

  it("reports missing, unknown and repeated columns on the header row", async () => {
    const body = await (
      await upload({ name: "devices.csv", bytes: "Serial Number,Colour,serial_number\nA,B,C\n" })
    ).json();
    expect(body.errors).toEqual([
      { row: 1, column: "Serial Number", message: "Column appears more than once" },
      { row: 1, column: "Key", message: "Column is missing" },
      { row: 1, column: "Colour", message: "Unknown column" },
    ]);
  });

  it("reads an .xlsx workbook, reporting rows by their line in the sheet", async () => {
    const [one, two] = [newDevice(), newDevice()];
    const good = await xlsx([
      [
        "Serial Number",
        "Key",
        "Starting Code",
        "Count",
        "Time Divider",
        "Restricted Digit Mode",
        "Hardware Model",
      ],
      [one.serialNumber, one.key, 123456789, 1, 1, "FALSE", "PAYG-X"],
      [two.serialNumber, two.key, 987654321, 4, 1, "TRUE", null],
    ]);
    const response = await upload({ name: "devices.xlsx", bytes: good });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Devices uploaded successfully!", count: 2 });
    const [stored] = await backend.db
      .select()
      .from(devices)
      .where(eq(devices.serialNumber, two.serialNumber));
    expect(stored).toMatchObject({
      key: two.key,
      startingCode: "987654321",
      count: 4,
      restrictedDigitMode: true,
    });

    const three = newDevice();
    const bad = await xlsx([
      ["Serial Number", "Key", "Count", "Starting Code"],
      [three.serialNumber, three.key, 1, 11],
      [null, null, null, null],
      ["", hexKey(), "x", 12],
    ]);
    const report = await (await upload({ name: "devices.xlsx", bytes: bad })).json();
    expect(report.errors).toEqual([
      { row: 4, column: "Serial Number", message: "Serial number is required" },
      { row: 4, column: "Count", message: "Device Count must be a valid integer" },
    ]);
    expect(await storedCount([three.serialNumber])).toBe(0);
  });

  const CSV_HEADER_FOR_TEXT = "Serial Number,Key,Hardware Model\nSN-TXT-1,abc,Model\n";
  it("refuses a file that is not a spreadsheet, whatever it is called, and an old .xls workbook", async () => {
    for (const file of [
      { name: "devices.csv", bytes: PNG },
      { name: "devices.xlsx", bytes: PNG },
      { name: "devices.xls", bytes: XLS },
      // CSV-like text whose name is not a .csv is no devices file either.
      { name: "devices.txt", bytes: CSV_HEADER_FOR_TEXT },
    ]) {
      const response = await upload(file);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        message: ["file: Only CSV/Excel files (.csv, .xlsx) allowed"],
        error: "Bad Request",
        fieldErrors: { file: ["Only CSV/Excel files (.csv, .xlsx) allowed"] },
      });
    }
  });

  it("refuses no file, an empty list and more than 20,000 rows", async () => {
    expect((await (await upload(null)).json()).fieldErrors).toEqual({ file: ["Devices file is required"] });
    expect(
      (await (await upload({ name: "d.csv", bytes: "Serial Number,Key\n\n" })).json()).fieldErrors,
    ).toEqual({
      file: ["The file holds no devices"],
    });
    const many = [
      "Serial Number,Key",
      ...Array.from({ length: 20_001 }, (_, index) => `BULK-${index},k`),
    ].join("\n");
    const tooMany = await upload({ name: "d.csv", bytes: many });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).fieldErrors).toEqual({ file: ["A file may hold at most 20,000 devices"] });
  });

  it("lists at most 1,000 problems and says how many there were", async () => {
    const csv = [
      "Serial Number,Key,Starting Code",
      ...Array.from({ length: 1_200 }, (_, index) => `MANY-${index},,1`),
    ].join("\n");
    const body = await (await upload({ name: "d.csv", bytes: csv })).json();
    expect(body.errorCount).toBe(1_200);
    expect(body.errors).toHaveLength(1_000);
    expect(body.message).toBe("Nothing was uploaded: 1200 problems in the file");
  });

  it("drops text fields it does not take beside the file", async () => {
    const device = newDevice();
    const response = await upload(
      { name: "d.csv", bytes: `Serial Number,Key,Tokenable\n${device.serialNumber},${device.key},no\n` },
      team.inventory.token,
      { notAField: "x" },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Devices uploaded successfully!", count: 1 });
  });
});

describe("GET /api/v1/device/batch-upload/template", () => {
  it("answers a CSV with the columns of the batch file", async () => {
    const response = await get("/api/v1/device/batch-upload/template", team.inventory.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="devices-template.csv"');
    // Read with its byte-order mark, which spreadsheet programs need to take the file for UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      "\uFEFFSerial Number,Key,Starting Code,Count,Time Divider,Restricted Digit Mode,Hardware Model,Firmware Version,Inventory,Tokenable\r\n",
    );
  });
});

describe("count and time divider", () => {
  it("are answered as strings of digits by the list, the detail and a create, as in the contract", async () => {
    const tag = serial("STR");
    const created = await (await create(newDevice({ serialNumber: tag, count: 9, timeDivider: "3" }))).json();
    expect(created).toMatchObject({ count: "9", timeDivider: "3" });
    const detail = await (await get(`/api/v1/device/${created.id}`)).json();
    expect(detail).toMatchObject({ count: "9", timeDivider: "3" });
    const list = await (await get(`/api/v1/device?serialNumber=${tag}`)).json();
    expect(list.devices).toEqual([expect.objectContaining({ id: created.id, count: "9", timeDivider: "3" })]);
    const blank = await makeDevice(backend.db, { count: null, timeDivider: null, isTokenable: false });
    expect(await (await get(`/api/v1/device/${blank.id}`)).json()).toMatchObject({
      count: null,
      timeDivider: null,
    });
  });
});

describe("PATCH /api/v1/device/{id}", () => {
  const edit = (id: string, body: unknown, token = team.inventory.token) =>
    backend.request("PATCH", `/api/v1/device/${id}`, { token, body });

  it("edits a device, answers it in the contract's shape with the key masked, and audits it without the key", async () => {
    const item = await makeItem(backend.db);
    const device = await makeDevice(backend.db);
    const key = hexKey();
    keysUsed.push(key);
    const response = await edit(device.id, {
      serialNumber: `${device.serialNumber}-B`,
      key,
      count: "5",
      timeDivider: 2,
      hardwareModel: "PAYG-500",
      restrictedDigitMode: true,
      inventoryId: item.id,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(DeviceRecordSchema, body);
    expect(body).toMatchObject({
      id: device.id,
      serialNumber: `${device.serialNumber}-B`,
      key: `••••••••${key.slice(-4)}`,
      count: "5",
      timeDivider: "2",
      hardwareModel: "PAYG-500",
      restrictedDigitMode: true,
      inventoryId: item.id,
    });
    const [stored] = await backend.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored).toMatchObject({ key, count: 5, timeDivider: 2 });
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, device.id), eq(auditLog.action, "update")));
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toContain(`Updated device ${device.serialNumber}`);
    expect(JSON.stringify(audit)).not.toContain(key);
    expect(JSON.stringify(audit)).not.toContain(device.key);
  });

  it("clears optional fields with null or an empty string, and leaves missing ones as they are", async () => {
    const item = await makeItem(backend.db);
    const device = await makeDevice(backend.db, {
      hardwareModel: "HW",
      firmwareVersion: "FW",
      inventoryId: item.id,
    });
    const body = await (
      await edit(device.id, { hardwareModel: null, firmwareVersion: "", inventoryId: null })
    ).json();
    expect(body).toMatchObject({
      hardwareModel: null,
      firmwareVersion: null,
      inventoryId: null,
      serialNumber: device.serialNumber,
      startingCode: device.startingCode,
    });
  });

  it("applies the rules of a new device: a unique serial number, a known item, a tokenable device's key and code", async () => {
    const other = await makeDevice(backend.db);
    const device = await makeDevice(backend.db);
    const cases: [unknown, string, string][] = [
      [
        { serialNumber: other.serialNumber.toLowerCase() },
        "serialNumber",
        "A device with this serial number already exists",
      ],
      [{ serialNumber: "  " }, "serialNumber", "Serial number is required"],
      [{ inventoryId: "no-such-item" }, "inventoryId", "Inventory item not found"],
      [{ key: "" }, "key", "Key is required"],
      [{ startingCode: null }, "startingCode", "Starting code is required for a tokenable device"],
      [{ count: "1.5" }, "count", "Device Count must be a valid integer"],
      [{ timeDivider: -1 }, "timeDivider", "Time Divider must be a valid integer"],
      [{ isTokenable: "maybe" }, "isTokenable", "Tokenable must be true or false"],
    ];
    for (const [input, field, message] of cases) {
      const response = await edit(device.id, input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const answer = await response.json();
      expect(answer.fieldErrors[field], JSON.stringify(answer)).toEqual([message]);
    }
    // Keys it does not take are dropped, as the reference's whitelist drops them: alone, they change nothing.
    for (const nothing of [{}, { tokens: [], isUsed: true }]) {
      const empty = await edit(device.id, nothing);
      expect(empty.status).toBe(400);
      expect((await empty.json()).message).toBe("At least one field must be provided to update");
    }
    // A unit that makes no tokens may go without its key and starting code.
    const plain = await edit(device.id, { isTokenable: false, key: null, startingCode: null });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ isTokenable: false, key: "", startingCode: null });
    const [stored] = await backend.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored.serialNumber).toBe(device.serialNumber);
  });

  it("takes back the device as it was read, with an edit: the masked key and fields it does not set change nothing", async () => {
    const device = await makeDevice(backend.db, { hardwareModel: "HW-1" });
    const read = await (await get(`/api/v1/device/${device.id}`)).json();
    const response = await edit(device.id, {
      ...read,
      hardwareModel: "HW-2",
      id: "chosen-id",
      linked: true,
      faulty: true,
      saleItemId: "some-sale-item",
      isUsed: true,
      saleItemIDs: ["some-sale-item"],
      createdAt: "2000-01-01T00:00:00.000Z",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: device.id, hardwareModel: "HW-2", linked: false });
    const [stored] = await backend.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored).toMatchObject({ key: device.key, saleItemId: null, faulty: false, hardwareModel: "HW-2" });
    expect(stored.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it("keeps what tokens and sales depend on: a sold or tokened device changes only its model and firmware", async () => {
    const sold = await makeDevice(backend.db, { saleItemId: (await makeSaleItem(backend.db)).id });
    const tokened = await makeDevice(backend.db);
    expect(
      (
        await backend.request("POST", `/api/v1/device/${tokened.id}/generate-token`, {
          token: team.inventory.token,
          body: { days: 7 },
        })
      ).status,
    ).toBe(201);
    for (const [device, why] of [
      [sold, "is linked to a sale"],
      [tokened, "has tokens"],
    ] as const) {
      for (const input of [
        { count: "42" },
        { key: hexKey() },
        { serialNumber: serial() },
        { isTokenable: false },
      ]) {
        const response = await edit(device.id, input);
        expect(response.status, JSON.stringify(input)).toBe(400);
        expect((await response.json()).message).toBe(
          `This device ${why}: only its hardware model and firmware version can be changed`,
        );
      }
      const firmware = await edit(device.id, { firmwareVersion: "3.1", serialNumber: device.serialNumber });
      expect(firmware.status).toBe(200);
      expect(await firmware.json()).toMatchObject({
        firmwareVersion: "3.1",
        serialNumber: device.serialNumber,
      });
    }
  });

  it("answers 404 for an unknown device", async () => {
    const response = await edit("no-such-device", { hardwareModel: "X" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Device not found",
      error: "Not Found",
    });
  });
});

describe("DELETE /api/v1/device/{id}", () => {
  const remove = (id: string, token = team.inventory.token) =>
    backend.request("DELETE", `/api/v1/device/${id}`, { token });

  it("deletes a device nothing depends on with the contract's message, and audits it", async () => {
    const device = await makeDevice(backend.db);
    const response = await remove(device.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "The Record has been deleted successfully" });
    expect(await backend.db.$count(devices, eq(devices.id, device.id))).toBe(0);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, device.id), eq(auditLog.action, "delete")));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(device.key);
    expect((await remove(device.id)).status).toBe(404);
  });

  it("refuses a device on a sale, with tokens, with a sale history or chosen on a draft, and keeps it", async () => {
    const item = await makeSaleItem(backend.db);
    const sold = await makeDevice(backend.db, { saleItemId: item.id });
    const tokened = await makeDevice(backend.db);
    await backend.request("POST", `/api/v1/device/${tokened.id}/generate-token`, {
      token: team.inventory.token,
      body: { unlock: true },
    });
    const swapped = await makeDevice(backend.db, { faulty: true });
    await backend.db.insert(deviceEvents).values({
      deviceId: swapped.id,
      saleId: item.saleId,
      kind: "SWAPPED_OUT",
      summary: "Swapped out as faulty",
    });
    const chosen = await makeDevice(backend.db);
    await backend.db.insert(saleDrafts).values({
      ownerId: team.sales.user.id,
      document: {
        ...EMPTY_DRAFT,
        items: [
          {
            productId: (await backend.db.select().from(saleItems).where(eq(saleItems.id, item.id)))[0]
              .productId,
            units: 1,
            parameters: null,
            miscellaneous: null,
            deviceIds: [chosen.id],
            recipient: null,
          },
        ],
      },
    });
    for (const [device, why] of [
      [sold, "is linked to a sale"],
      [tokened, "has tokens"],
      [swapped, "has a sale history"],
      [chosen, "is chosen on a sale draft"],
    ] as const) {
      const response = await remove(device.id);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        message: `This device ${why} and cannot be deleted`,
        error: "Bad Request",
      });
      expect(await backend.db.$count(devices, eq(devices.id, device.id))).toBe(1);
    }
  });

  it("answers 404 for an unknown device", async () => {
    const response = await remove("no-such-device");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Device not found",
      error: "Not Found",
    });
  });
});

describe("permissions", () => {
  const reads: [string, string][] = [
    ["GET", "/api/v1/device"],
    ["GET", "/api/v1/device/some-id"],
  ];
  const writes: [string, string, unknown?][] = [
    ["POST", "/api/v1/device", {}],
    ["POST", "/api/v1/device/batch-upload"],
    ["GET", "/api/v1/device/batch-upload/template"],
    ["POST", "/api/v1/device/some-id/reveal-key"],
    ["POST", "/api/v1/device/some-id/generate-token", { days: 30 }],
    ["PATCH", "/api/v1/device/some-id", { hardwareModel: "X" }],
    ["DELETE", "/api/v1/device/some-id"],
  ];

  it("lets inventory (manage:Devices) and a viewer read; only inventory writes", async () => {
    const device = await makeDevice(backend.db);
    for (const token of [team.inventory.token, team.viewer.token, team.sales.token]) {
      expect((await get("/api/v1/device", token)).status).toBe(200);
      expect((await get(`/api/v1/device/${device.id}`, token)).status).toBe(200);
    }
    expect((await create(newDevice(), team.viewer.token)).status).toBe(403);
    expect(
      (await upload({ name: "d.csv", bytes: "Serial Number,Key\nA,b\n" }, team.viewer.token)).status,
    ).toBe(403);
    expect((await get("/api/v1/device/batch-upload/template", team.viewer.token)).status).toBe(403);
    expect((await get("/api/v1/device/batch-upload/template", team.inventory.token)).status).toBe(200);
    for (const token of [team.viewer.token, team.sales.token]) {
      const edit = await backend.request("PATCH", `/api/v1/device/${device.id}`, {
        token,
        body: { hardwareModel: "X" },
      });
      expect(edit.status).toBe(403);
      expect(await edit.json()).toEqual(FORBIDDEN_BODY);
      const remove = await backend.request("DELETE", `/api/v1/device/${device.id}`, { token });
      expect(remove.status).toBe(403);
    }
    expect(await backend.db.$count(devices, eq(devices.id, device.id))).toBe(1);
  });

  it.each([...reads, ...writes])(
    "%s %s answers 403 to a role without Devices permission",
    async (method, path, body?: unknown) => {
      const response = await backend.request(method, path, { token: outsiderToken, body });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN_BODY);
    },
  );

  it.each([...reads, ...writes])(
    "%s %s answers 401 without a token",
    async (method, path, body?: unknown) => {
      const response = await backend.request(method, path, { body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
    },
  );
});

describe("device keys", () => {
  it("appear in no audit row and no console line", async () => {
    const stored = (await backend.db.select({ key: devices.key }).from(devices)).map((row) => row.key);
    // Real keys only: the few-letter stand-ins of some tests would match ordinary words.
    const keys = [...keysUsed, ...stored].filter((key) => key.length >= 16);
    expect(keys.length).toBeGreaterThan(20);
    const audit = JSON.stringify(
      await backend.db.select().from(auditLog).where(eq(auditLog.subject, "Devices")),
    );
    for (const key of keys) {
      expect(audit).not.toContain(key);
      for (const line of consoleLines) expect(line).not.toContain(key);
    }
  });
});
