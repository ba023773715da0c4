import { eq } from "drizzle-orm";
import { customers } from "./db/schema";
import { ErrorBodySchema } from "./schemas/errors";
import { OPERATIONS } from "./http/openapi";
import { RESERVED_NAME, TOO_DEEP } from "./http/validation";
import { expectExactly, signedInAs } from "./test/factories";
import { createTestBackend } from "./test/test-backend";
import type { TestBackend } from "./test/test-backend";

/**
 * What an attacker or a careless client sends, against every documented route: each must be refused
 * with a 4xx in the error shape, never a 500 (the database refuses U+0000, and field names such as
 * `constructor` once broke the error builder). A key a route does not know is not hostile: it is dropped,
 * as the existing clients expect, and never stored (decision 004).
 */
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "admin"));
});
afterAll(() => backend.close());

const concretePath = (path: string, id = "no-such-record") => path.replace(/\{\w+\}/g, id);
// A webhook checks its signature before it reads a body (payments.test.ts sends it hostile bodies signed).
const signatureGuarded = (operation: (typeof OPERATIONS)[number]) =>
  operation.access === "public" && operation.errors?.[401] !== undefined;
// Decision 004: an absent `assignedTo` unassigns and an absent `followUpOn` clears, so a misspelt key is
// refused there rather than dropped.
const REFUSES_UNKNOWN_KEYS = new Set([
  "post /api/v1/collections/assign",
  "put /api/v1/collections/{saleId}/follow-up",
]);
const jsonRoutes = OPERATIONS.filter((operation) => operation.body && !signatureGuarded(operation));
const listRoutes = OPERATIONS.filter((operation) => operation.query && "page" in operation.query.shape);
const pathIdRoutes = OPERATIONS.filter((operation) => /\{\w+\}/.test(operation.path));

async function expectRefused(response: Response, status = 400) {
  expect(response.status).toBe(status);
  expectExactly(ErrorBodySchema, await response.json());
}

describe.each(jsonRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
  "%s",
  (_name, operation) => {
    const send = (rawBody: string, withToken = true) =>
      backend.request(operation.method.toUpperCase(), concretePath(operation.path), {
        rawBody,
        token: withToken ? token : undefined,
        headers: { "content-type": "application/json" },
      });

    it("refuses keys named after object machinery with a 400 naming them", async () => {
      const response = await send('{"constructor": "x", "toString": "y", "__proto__": {"admin": true}}');
      expect(response.status).toBe(400);
      const body = await response.json();
      // Not expectExactly: zod itself (rightly) never copies a `__proto__` key into what it parses.
      expect(ErrorBodySchema.safeParse(body).success).toBe(true);
      expect(Object.keys(body.fieldErrors ?? {})).toEqual(
        expect.arrayContaining(["constructor", "toString", "__proto__"]),
      );
      expect(body.fieldErrors.toString).toEqual([RESERVED_NAME]);
    });

    it("drops a key it does not know (or, where a missing key changes the write, refuses it)", async () => {
      const response = await send('{"notAFieldOfAnyRoute": "x"}');
      expect(response.status).not.toBe(500);
      const text = await response.text();
      if (REFUSES_UNKNOWN_KEYS.has(`${operation.method} ${operation.path}`)) {
        expect(response.status).toBe(400);
        expect(JSON.parse(text).fieldErrors.notAFieldOfAnyRoute).toEqual(["Unknown field"]);
      } else expect(text).not.toContain("notAFieldOfAnyRoute");
    });

    it("refuses a NUL character in any string with a field message", async () => {
      const response = await send(JSON.stringify({ email: "a\u0000@b.co", name: "x\u0000", role: "\u0000" }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expectExactly(ErrorBodySchema, body);
      expect(body.fieldErrors.email).toEqual(["Contains a character that is not allowed"]);
    });

    it("refuses JSON nested ten thousand levels deep with a 400, not a stack overflow", async () => {
      const depth = 10_000;
      for (const rawBody of [
        `${"[".repeat(depth)}${"]".repeat(depth)}`,
        `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      ]) {
        const response = await send(rawBody);
        expect(response.status).toBe(400);
        const body = await response.json();
        expectExactly(ErrorBodySchema, body);
        expect(body.message).toBe(TOO_DEEP);
      }
    });
  },
);

it("login refuses hostile keys even without a token", async () => {
  const response = await backend.request("POST", "/api/v1/auth/login", {
    rawBody: '{"email": "a@b.co", "password": "x", "constructor": 1}',
    headers: { "content-type": "application/json" },
  });
  expect(response.status).toBe(400);
  expect((await response.json()).fieldErrors).toEqual({ constructor: [RESERVED_NAME] });
});

it("stores nothing of the keys it drops: a client cannot set what the server decides", async () => {
  const response = await backend.request("POST", "/api/v1/customers/create", {
    token,
    body: {
      firstname: "Ngozi",
      lastname: "Eze",
      email: "",
      phone: "08127770001",
      location: "12 Allen Avenue, Ikeja",
      id: "chosen-id",
      status: "barred",
      creatorId: "someone-else",
      createdAt: "2000-01-01T00:00:00.000Z",
    },
  });
  expect(response.status).toBe(201);
  const created = await response.json();
  const [row] = await backend.db.select().from(customers).where(eq(customers.id, created.id));
  expect(row.id).not.toBe("chosen-id");
  expect(row.status).toBe("active");
  expect(row.creatorId).not.toBe("someone-else");
  expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
});

describe.each(listRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
  "%s",
  (_name, operation) => {
    const get = (query: string) =>
      backend.request("GET", `${concretePath(operation.path)}?${query}`, { token });

    it("refuses a page too deep to count", async () => expectRefused(await get("page=99999999999999999999")));
    it("refuses a NUL character in a search", async () => expectRefused(await get("search=ada%00")));
  },
);

describe.each(pathIdRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
  "%s",
  (_name, operation) => {
    it("refuses a NUL character in a path id", async () => {
      const response = await backend.request(
        operation.method.toUpperCase(),
        concretePath(operation.path, "abc%00def"),
        { token, body: operation.body ? {} : undefined },
      );
      await expectRefused(response);
    });
  },
);

const multipartRoutes = OPERATIONS.filter((operation) => operation.multipart);

describe.each(
  multipartRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
)("%s", (_name, operation) => {
  const send = (body: FormData | string, headers: Record<string, string> = {}) =>
    backend.app.fetch(
      new Request(`http://backend.test${concretePath(operation.path)}`, {
        method: operation.method.toUpperCase(),
        headers: { authorization: `Bearer ${token}`, ...headers },
        body,
      }),
    );
  const csv = () => new Blob(["Serial Number,Key\nA-1,abc\n"]);

  it("refuses a body that is not multipart", async () => {
    await expectRefused(await send('{"file": "x"}', { "content-type": "application/json" }));
    await expectRefused(await send("file=x", { "content-type": "application/x-www-form-urlencoded" }));
  });

  it("refuses a multipart body that does not parse", async () => {
    await expectRefused(
      await send("--nope\r\ngarbage", { "content-type": "multipart/form-data; boundary=b" }),
    );
  });

  it("refuses fields named after object machinery, naming them", async () => {
    const form = new FormData();
    form.set("file", csv(), "devices.csv");
    for (const name of ["constructor", "toString", "__proto__"]) form.set(name, "x");
    const response = await send(form);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["constructor", "toString", "__proto__"]),
    );
  });

  it("refuses a file sent under a machinery name instead of its own", async () => {
    const form = new FormData();
    form.set("constructor", csv(), "devices.csv");
    form.set("__proto__", csv(), "devices.csv");
    await expectRefused(await send(form));
  });

  it("refuses a NUL character in a field's value or name", async () => {
    const form = new FormData();
    form.set("file", csv(), "devices.csv");
    form.set("note", "a\u0000b");
    const response = await send(form);
    expect(response.status).toBe(400);
    const body = await response.json();
    expectExactly(ErrorBodySchema, body);
    expect(body.fieldErrors.note).toEqual(["Contains a character that is not allowed"]);

    const named = new FormData();
    named.set("file", csv(), "devices.csv");
    named.set("no\u0000te", "x");
    await expectRefused(await send(named));
  });

  it("refuses NUL characters inside the uploaded file", async () => {
    const form = new FormData();
    form.set("file", new Blob(["Serial Number,Key\nA-\u00001,abc\n"]), "devices\u0000.csv");
    await expectRefused(await send(form));
  });
});

it("probes at least one multipart route", () => {
  expect(multipartRoutes.length).toBeGreaterThan(0);
});
