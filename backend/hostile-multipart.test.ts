import { eq } from "drizzle-orm";
import { warehouses } from "./db/schema";
import { ErrorBodySchema } from "./schemas/errors";
import { OPERATIONS } from "./http/openapi";
import { NUL_CHARACTER, RESERVED_NAME } from "./http/validation";
import { expectExactly, signedInAs } from "./test/factories";
import { PNG, sendForm } from "./test/stock-factories";
import { createTestBackend } from "./test/test-backend";
import type { TestBackend } from "./test/test-backend";

/**
 * hostile-input.test.ts for the routes that take uploads: every documented multipart route, sent what a
 * careless client or an attacker sends, must answer a 4xx in the error shape, never a 500.
 */
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "admin"));
});
afterAll(() => backend.close());

const concretePath = (path: string) => path.replace(/\{\w+\}/g, "no-such-record");
const multipartRoutes = OPERATIONS.filter((operation) => operation.multipart);
const MACHINERY = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

it("probes every upload route", () => {
  expect(multipartRoutes.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
    "patch /api/v1/products/{id}",
    "patch /api/v1/warehouses/{id}",
    "post /api/v1/csv-upload/process",
    "post /api/v1/device/batch-upload",
    "post /api/v1/inventory/create",
    "post /api/v1/products",
    "post /api/v1/warehouses",
  ]);
});

describe.each(
  multipartRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
)("%s", (_name, operation) => {
  const method = operation.method.toUpperCase();
  const path = concretePath(operation.path);
  const textField = Object.entries(operation.multipart ?? {}).find(([, field]) => !field.file)?.[0] ?? "name";
  const send = (fields: Record<string, string | string[]>, files = {}) =>
    sendForm(backend, method, path, { token, fields, files });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(400);
    const body = await response.json();
    // Not expectExactly when a field is called __proto__: zod (rightly) never copies that key.
    if (Object.hasOwn(body.fieldErrors ?? {}, "__proto__"))
      expect(ErrorBodySchema.safeParse(body).success).toBe(true);
    else expectExactly(ErrorBodySchema, body);
    return body;
  }

  it("refuses a NUL character in a field's value, naming the field", async () => {
    const body = await expectRefused(await send({ [textField]: "Depot\u0000" }));
    expect(body.fieldErrors[textField]).toEqual([NUL_CHARACTER]);
  });

  it("refuses a NUL character in a field's name", async () => {
    await expectRefused(await send({ "na\u0000me": "x" }));
  });

  it("refuses fields named after object machinery, naming them", async () => {
    const body = await expectRefused(await send(Object.fromEntries(MACHINERY.map((name) => [name, "x"]))));
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(MACHINERY));
    expect(body.fieldErrors.valueOf).toEqual([RESERVED_NAME]);
  });

  it("drops a field it does not know: the answer never names it", async () => {
    const response = await send({ notAFieldOfAnyRoute: "x" });
    expect(response.status).not.toBe(500);
    expect(await response.text()).not.toContain("notAFieldOfAnyRoute");
  });

  it("refuses machinery names as file fields and repeated single fields", async () => {
    await expectRefused(
      await send(
        { [textField]: ["one", "two"] },
        Object.fromEntries(MACHINERY.map((name) => [name, { name: "x.png", bytes: PNG }])),
      ),
    );
  });

  it("refuses a body that is not multipart, or is not what it says", async () => {
    const raw = (contentType: string, rawBody: string) =>
      backend.request(method, path, { token, rawBody, headers: { "content-type": contentType } });
    await expectRefused(await raw("text/plain", "hello"));
    await expectRefused(await raw("application/x-www-form-urlencoded", "name=x&constructor=y"));
    await expectRefused(await raw("multipart/form-data; boundary=XYZ", "--XYZ\r\ngarbage without end"));
    await expectRefused(await raw("multipart/form-data", "no boundary at all"));
  });
});

it("stores nothing of the fields it drops: a client cannot set what the server decides", async () => {
  const response = await sendForm(backend, "POST", "/api/v1/warehouses", {
    token,
    fields: {
      name: "Dropped Fields Depot",
      inventoryClasses: "REGULAR",
      id: "chosen-id",
      status: "inactive",
      imageFileId: "someone-elses-file",
    },
    files: { image: { name: "depot.png", bytes: PNG } },
  });
  expect(response.status).toBe(201);
  const created = await response.json();
  const [row] = await backend.db.select().from(warehouses).where(eq(warehouses.id, created.id));
  expect(row.id).not.toBe("chosen-id");
  expect(row.status).toBe("active");
  expect(row.imageFileId).not.toBe("someone-elses-file");
});
