import { and, eq, gte, isNull } from "drizzle-orm";
import { COUNTED_AREAS } from "../areas";
import { auditLog, customers } from "../db/schema";
import { CustomerListSchema, CustomerRecordSchema, CustomerStatsSchema } from "../schemas/customers";
import { OverviewSchema } from "../schemas/overview";
import { overviewAudience } from "../services/overview";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeCustomer,
} from "../test/factories";

const { backend, team } = await backendWithTeam();

const DAY_MS = 86_400_000;
const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const create = (body: unknown, token = team.admin.token) =>
  backend.request("POST", "/api/v1/customers/create", { token, body });
const ids = (body: { customers: { id: string }[] }) => body.customers.map((customer) => customer.id);

let sequence = 0;
/** A valid create body with an e-mail and phone no other test uses. */
function newCustomer(fields: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    firstname: "Chidinma",
    lastname: "Okonkwo",
    email: `chidinma.${sequence}@example.test`,
    phone: `0812${String(sequence).padStart(7, "0")}`,
    location: "4 Broad Street, Lagos Island",
    ...fields,
  };
}

describe("GET /api/v1/customers", () => {
  it("answers a page of exact customer records, newest first, without deleted customers", async () => {
    const older = await makeCustomer(backend.db, { createdAt: new Date(Date.now() + 60_000) });
    const newer = await makeCustomer(backend.db, { createdAt: new Date(Date.now() + 120_000) });
    const deleted = await makeCustomer(backend.db, {
      createdAt: new Date(Date.now() + 180_000),
      deletedAt: new Date(),
    });

    const response = await get("/api/v1/customers?limit=2");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(CustomerListSchema, body);
    for (const customer of body.customers) expectExactly(CustomerRecordSchema, customer);
    expect(ids(body)).toEqual([newer.id, older.id]);
    expect(body).toMatchObject({ page: 1, limit: 2 });
    expect(body.total).toBe(await backend.db.$count(customers, isNull(customers.deletedAt)));
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    expect(JSON.stringify(body)).not.toContain(deleted.id);
  });

  it("pages the older half from the oldest end in the same newest-first order, ties included", async () => {
    const base = Date.now() - 10 * DAY_MS;
    for (let index = 0; index < 7; index += 1) {
      // Two share each moment: the id breaks the tie the same way from both ends.
      await makeCustomer(backend.db, {
        lastname: "Bothends",
        createdAt: new Date(base + Math.floor(index / 2)),
      });
    }
    const whole = await (await get("/api/v1/customers?search=bothends&limit=100")).json();
    expect(whole.total).toBe(7);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      paged.push(...ids(await (await get(`/api/v1/customers?search=bothends&limit=2&page=${page}`)).json()));
    }
    expect(paged).toEqual(ids(whole));
    expect(ids(await (await get("/api/v1/customers?search=bothends&limit=2&page=5")).json())).toEqual([]);
  });

  it("defaults to page 1 of 20", async () => {
    expect(await (await get("/api/v1/customers")).json()).toMatchObject({ page: 1, limit: 20 });
  });

  it("searches first name, last name, full name, e-mail and phone without regard to case", async () => {
    const customer = await makeCustomer(backend.db, {
      firstname: "Oluwafunmilayo",
      lastname: "Ekwueme",
      email: "funmi.searchable@example.test",
      phone: "09087654321",
    });
    for (const search of ["OLUWAFUN", "ekwuem", "funmilayo ekw", "FUNMI.SEARCHABLE@", "0908765"]) {
      const body = await (await get(`/api/v1/customers?search=${encodeURIComponent(search)}`)).json();
      expect(ids(body), search).toEqual([customer.id]);
      expect(body.total).toBe(1);
    }
  });

  it("finds a phone number in any form the app accepts for it", async () => {
    const customer = await makeCustomer(backend.db, { phone: "08034560481" });
    for (const search of [
      "+234 803 456 0481",
      "0803 456 0481",
      "0803-456-0481",
      "2348034560481",
      "0803 456",
    ]) {
      const body = await (await get(`/api/v1/customers?search=${encodeURIComponent(search)}`)).json();
      expect(ids(body), search).toEqual([customer.id]);
    }
  });

  it("takes % and _ in a search literally", async () => {
    const body = await (await get(`/api/v1/customers?search=${encodeURIComponent("%_")}`)).json();
    expect(body.total).toBe(0);
  });

  it("filters by status, and by isNew (created in the last 30 days)", async () => {
    const barred = await makeCustomer(backend.db, { lastname: "Statusfilter", status: "barred" });
    const active = await makeCustomer(backend.db, { lastname: "Statusfilter" });
    const old = await makeCustomer(backend.db, {
      lastname: "Statusfilter",
      createdAt: new Date(Date.now() - 31 * DAY_MS),
    });

    const barredOnly = await (await get("/api/v1/customers?status=barred&search=statusfilter")).json();
    expect(ids(barredOnly)).toEqual([barred.id]);
    const activeOnly = await (await get("/api/v1/customers?status=active&search=statusfilter&page=")).json();
    expect(ids(activeOnly)).toEqual([active.id, old.id]);
    for (const isNew of ["true", "1"]) {
      const recent = await (await get(`/api/v1/customers?isNew=${isNew}&search=statusfilter`)).json();
      expect(ids(recent)).toEqual([active.id, barred.id]);
    }
    const everyone = await (await get("/api/v1/customers?isNew=false&search=statusfilter")).json();
    expect(everyone.total).toBe(3);

    expect((await get("/api/v1/customers?status=asleep")).status).toBe(400);
    const badNew = await get("/api/v1/customers?isNew=maybe");
    expect(badNew.status).toBe(400);
    expect(await badNew.json()).toMatchObject({ fieldErrors: { isNew: ["isNew must be true or false"] } });
  });

  it("refuses page 0 and limit 101, and answers an empty page with the real total past the end", async () => {
    await makeCustomer(backend.db);
    const pageZero = await get("/api/v1/customers?page=0");
    expect(pageZero.status).toBe(400);
    expect(await pageZero.json()).toEqual({
      statusCode: 400,
      message: ["page: page must be 1 or more"],
      error: "Bad Request",
      fieldErrors: { page: ["page must be 1 or more"] },
    });
    const tooMany = await get("/api/v1/customers?limit=101");
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ fieldErrors: { limit: ["limit must be at most 100"] } });

    const pastTheEnd = await get("/api/v1/customers?page=999&limit=100");
    expect(pastTheEnd.status).toBe(200);
    const body = await pastTheEnd.json();
    expectExactly(CustomerListSchema, body);
    expect(body.customers).toEqual([]);
    expect(body.page).toBe(999);
    expect(body.total).toBe(await backend.db.$count(customers, isNull(customers.deletedAt)));
    expect(body.totalPages).toBe(Math.ceil(body.total / 100));
  });
});

describe("GET /api/v1/customers/stats", () => {
  const stats = async () => {
    const response = await get("/api/v1/customers/stats");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(CustomerStatsSchema, body);
    return body;
  };

  it("counts all, new (last 30 days), active and barred live customers", async () => {
    const before = await stats();
    const live = isNull(customers.deletedAt);
    expect(before).toEqual({
      totalCustomerCount: await backend.db.$count(customers, live),
      newCustomerCount: await backend.db.$count(
        customers,
        and(live, gte(customers.createdAt, new Date(Date.now() - 30 * DAY_MS))),
      ),
      activeCustomerCount: await backend.db.$count(customers, and(live, eq(customers.status, "active"))),
      barredCustomerCount: await backend.db.$count(customers, and(live, eq(customers.status, "barred"))),
    });

    await makeCustomer(backend.db, { status: "barred", createdAt: new Date(Date.now() - 40 * DAY_MS) });
    await makeCustomer(backend.db);
    await makeCustomer(backend.db, { status: "inactive" });
    await makeCustomer(backend.db, { deletedAt: new Date() });
    expect(await stats()).toEqual({
      totalCustomerCount: before.totalCustomerCount + 3,
      newCustomerCount: before.newCustomerCount + 2,
      activeCustomerCount: before.activeCustomerCount + 1,
      barredCustomerCount: before.barredCustomerCount + 1,
    });
  });
});

describe("POST /api/v1/customers/create", () => {
  it("creates a lead, answers 201 with the record and writes the audit row", async () => {
    const input = newCustomer({
      email: "Ngozi.Create@Example.TEST",
      phone: " 0803 111 2222 ",
      longitude: "3.3792",
      latitude: 6.5244,
    });
    const response = await create(input);
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(CustomerRecordSchema, body);
    expect(body).toMatchObject({
      firstname: "Chidinma",
      lastname: "Okonkwo",
      email: "ngozi.create@example.test",
      phone: "08031112222",
      addressType: "HOME",
      location: "4 Broad Street, Lagos Island",
      longitude: 3.3792,
      latitude: 6.5244,
      status: "active",
      type: "lead",
      creatorId: team.admin.user.id,
    });

    const single = await get(`/api/v1/customers/single/${body.id}`);
    expect(await single.json()).toEqual(body);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body.id), eq(auditLog.subject, "Customers")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      actorId: team.admin.user.id,
      summary: "Added customer Chidinma Okonkwo (ngozi.create@example.test)",
    });
  });

  it("accepts a WORK address and leaves empty coordinates out", async () => {
    const response = await create(newCustomer({ addressType: "WORK", longitude: "", latitude: null }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ addressType: "WORK", longitude: null, latitude: null });
  });

  it("names every missing field with the spec's messages", async () => {
    const response = await create({});
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(body.fieldErrors).toEqual({
      firstname: ["First name is required"],
      lastname: ["Last name is required"],
      phone: ["Phone number is required"],
      location: ["Address is required"],
    });
    expect(body.message).toEqual(
      expect.arrayContaining(["firstname: First name is required", "location: Address is required"]),
    );
  });

  it.each([
    [{ firstname: "  " }, "firstname", "First name is required"],
    [{ lastname: "" }, "lastname", "Last name is required"],
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ phone: "   " }, "phone", "Phone number is required"],
    [{ phone: "080 1234 5678 9012 3456 78" }, "phone", "Phone number cannot be more than 20 digits"],
    [{ location: "" }, "location", "Address is required"],
    [{ addressType: "OFFICE" }, "addressType", "Please select an address type"],
    [{ longitude: 181 }, "longitude", "Longitude must be a number between -180 and 180"],
    [{ latitude: "north" }, "latitude", "Latitude must be a number between -90 and 90"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await create(newCustomer(fields));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ [field]: [message] });
    expect(body.message).toEqual([`${field}: ${message}`]);
  });

  it("stores a Nigerian number in one form however it is typed, so it is one customer", async () => {
    const response = await create(newCustomer({ phone: "+234 (0) 802-555-0199" }));
    expect(response.status).toBe(201);
    expect((await response.json()).phone).toBe("08025550199");
    for (const sameNumber of ["08025550199", "0802-555-0199", "+2348025550199", "802 555 0199"]) {
      const again = await create(newCustomer({ phone: sameNumber }));
      expect(again.status, sameNumber).toBe(400);
      expect((await again.json()).fieldErrors, sameNumber).toEqual({
        phone: ["A customer with this phone number already exists"],
      });
    }
  });

  it("refuses what is not a phone number", async () => {
    const response = await create(newCustomer({ phone: "abc<script>" }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ phone: ["Invalid phone number"] });
  });

  it("answers duplicate e-mail and phone numbers as field errors", async () => {
    const first = newCustomer({ phone: "08111112222" });
    expect((await create(first)).status).toBe(201);

    const sameEmail = await create(newCustomer({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(400);
    expect(await sameEmail.json()).toEqual({
      statusCode: 400,
      message: ["email: A customer with this email already exists"],
      error: "Bad Request",
      fieldErrors: { email: ["A customer with this email already exists"] },
    });

    const samePhone = await create(newCustomer({ phone: "0811 111 2222" }));
    expect(samePhone.status).toBe(400);
    expect((await samePhone.json()).fieldErrors).toEqual({
      phone: ["A customer with this phone number already exists"],
    });

    const both = await create({ ...newCustomer(), email: first.email, phone: first.phone });
    expect((await both.json()).fieldErrors).toEqual({
      email: ["A customer with this email already exists"],
      phone: ["A customer with this phone number already exists"],
    });
  });

  it("answers simultaneous duplicates with one record and field errors, never a 500", async () => {
    const input = newCustomer();
    const responses = await Promise.all([create(input), create(input), create(input, team.sales.token)]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 400, 400]);
    for (const response of responses.filter((candidate) => candidate.status === 400)) {
      expect(Object.keys((await response.json()).fieldErrors).sort()).toEqual(["email", "phone"]);
    }
  });

  it("lets a deleted customer's e-mail and phone be used again", async () => {
    const gone = await makeCustomer(backend.db, { deletedAt: new Date() });
    const response = await create(newCustomer({ email: gone.email, phone: gone.phone }));
    expect(response.status).toBe(201);
  });

  it("takes a customer with no e-mail, any number of them, and still checks one that is typed", async () => {
    for (const email of [undefined, "", "   ", null]) {
      const response = await create(newCustomer({ email }));
      expect(response.status, JSON.stringify(email)).toBe(201);
      const body = await response.json();
      expectExactly(CustomerRecordSchema, body);
      expect(body.email).toBe("");
    }
    for (const [email, message] of [
      ["no-at-sign", "Invalid email address"],
      [42, "Invalid email address"],
      [`${"a".repeat(250)}@x.ng`, "Email must be at most 254 characters"],
    ] as const) {
      const response = await create(newCustomer({ email }));
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({ email: [message] });
    }
  });
});

describe("GET /api/v1/customers/single/:id", () => {
  it("answers one exact record", async () => {
    const customer = await makeCustomer(backend.db, { longitude: 7.49, latitude: 9.07 });
    const response = await get(`/api/v1/customers/single/${customer.id}`, team.viewer.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(CustomerRecordSchema, body);
    expect(body).toMatchObject({ id: customer.id, longitude: 7.49, latitude: 9.07, creatorId: null });
  });

  it("answers 404 for unknown and deleted customers", async () => {
    const gone = await makeCustomer(backend.db, { deletedAt: new Date() });
    for (const id of ["no-such-id", gone.id]) {
      const response = await get(`/api/v1/customers/single/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        message: "Customer not found",
        error: "Not Found",
      });
    }
  });
});

describe("PUT /api/v1/customers/:id", () => {
  const put = (id: string, body: unknown, token = team.admin.token) =>
    backend.request("PUT", `/api/v1/customers/${id}`, { token, body });

  it("edits with the rules of creating, answers the record and audits the change", async () => {
    const customer = await makeCustomer(backend.db);
    const response = await put(customer.id, {
      firstname: "  Ngozi ",
      phone: "+234 803 456 9911",
      email: "NGOZI.EDITED@Example.test",
      addressType: "WORK",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(CustomerRecordSchema, body);
    expect(body).toMatchObject({
      id: customer.id,
      firstname: "Ngozi",
      phone: "08034569911",
      email: "ngozi.edited@example.test",
      addressType: "WORK",
      lastname: customer.lastname,
    });
    const [entry] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, customer.id), eq(auditLog.action, "update")));
    expect(entry.summary).toBe(
      `Updated customer Ngozi ${customer.lastname} (firstname, email, phone, addressType)`,
    );
    expect(entry.changes).toMatchObject({
      firstname: { from: customer.firstname, to: "Ngozi" },
      phone: { from: customer.phone, to: "08034569911" },
    });
  });

  it("refuses another customer's e-mail or phone, an empty body, odd keys and bad values, as field errors", async () => {
    const [mine, theirs] = [await makeCustomer(backend.db), await makeCustomer(backend.db)];
    const taken = await put(mine.id, { email: theirs.email.toUpperCase(), phone: theirs.phone });
    expect(taken.status).toBe(400);
    expect((await taken.json()).fieldErrors).toEqual({
      email: ["A customer with this email already exists"],
      phone: ["A customer with this phone number already exists"],
    });
    // Their own e-mail and phone, sent again, are no conflict.
    expect((await put(mine.id, { email: mine.email, phone: mine.phone })).status).toBe(200);

    const empty = await put(mine.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("At least one field must be provided to update");
    for (const body of [
      { creatorId: "someone" },
      { phone: "12345" },
      { firstname: "" },
      { firstname: "A\u0000B" },
      { firstname: "x".repeat(51) },
      { latitude: 1e308 },
      { status: "deleted" },
      { location: { nested: { deeper: [1] } } },
    ]) {
      const refused = await put(mine.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const [still] = await backend.db.select().from(customers).where(eq(customers.id, mine.id));
    expect(still.email).toBe(mine.email);
  });

  it("clears an e-mail sent empty, and keeps it when the field is not sent", async () => {
    const customer = await makeCustomer(backend.db);
    expect((await (await put(customer.id, { firstname: "Kept" })).json()).email).toBe(customer.email);
    const cleared = await put(customer.id, { email: "" });
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).email).toBe("");
  });

  it("bars with a reason and unbars, each audited; barring without a reason is refused", async () => {
    const customer = await makeCustomer(backend.db);
    const noReason = await put(customer.id, { status: "barred" });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).fieldErrors).toEqual({
      reason: ["A reason is required to bar a customer"],
    });

    const barred = await put(customer.id, { status: "barred", reason: "Tampered with the meter" });
    expect(barred.status).toBe(200);
    expect((await barred.json()).status).toBe("barred");
    const unbarred = await put(customer.id, { status: "active" });
    expect((await unbarred.json()).status).toBe("active");

    const entries = await backend.db
      .select({ action: auditLog.action, summary: auditLog.summary, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.recordId, customer.id))
      .orderBy(auditLog.createdAt);
    const name = `${customer.firstname} ${customer.lastname}`;
    expect(entries.map((entry) => [entry.action, entry.summary])).toEqual([
      ["bar", `Barred customer ${name}: Tampered with the meter`],
      ["unbar", `Unbarred customer ${name}`],
    ]);
    expect(entries[0].changes).toMatchObject({ reason: "Tampered with the meter" });
  });

  it("answers 404 for an unknown or deleted customer, and 403 to a viewer", async () => {
    const gone = await makeCustomer(backend.db, { deletedAt: new Date() });
    for (const id of ["no-such-id", gone.id]) {
      const response = await put(id, { firstname: "Ada" });
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe("Customer not found");
    }
    const customer = await makeCustomer(backend.db);
    const refused = await put(customer.id, { firstname: "Ada" }, team.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    expect((await put(customer.id, { firstname: "Ada" }, team.sales.token)).status).toBe(200);
  });
});

describe("permissions", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/v1/customers"],
    ["GET", "/api/v1/customers/stats"],
    ["GET", "/api/v1/customers/single/some-id"],
    ["POST", "/api/v1/customers/create", {}],
    ["PUT", "/api/v1/customers/some-id", { firstname: "Ada" }],
  ];

  it("lets sales (manage:Customers) read and create", async () => {
    expect((await get("/api/v1/customers", team.sales.token)).status).toBe(200);
    expect((await get("/api/v1/customers/stats", team.sales.token)).status).toBe(200);
    const response = await create(newCustomer(), team.sales.token);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect((await get(`/api/v1/customers/single/${id}`, team.sales.token)).status).toBe(200);
  });

  it("lets a viewer (read:Customers) read but not create", async () => {
    expect((await get("/api/v1/customers", team.viewer.token)).status).toBe(200);
    expect((await get("/api/v1/customers/stats", team.viewer.token)).status).toBe(200);
    const refused = await create(newCustomer(), team.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each(routes)("%s %s answers 403 to a role without Customers permission", async (method, path, body) => {
    const response = await backend.request(method, path, { token: team.inventory.token, body });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each(routes)("%s %s answers 401 without a token", async (method, path, body) => {
    const response = await backend.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("GET /api/v1/overview with customers", () => {
  const overview = async (token: string) => {
    const response = await backend.request("GET", "/api/v1/overview", { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(OverviewSchema, body);
    return body.counts;
  };

  it("counts live customers only for callers who may read them", async () => {
    const live = await backend.db.$count(customers, isNull(customers.deletedAt));
    expect(await overview(team.admin.token)).toMatchObject({ customers: live });
    expect(await overview(team.viewer.token)).toMatchObject({ customers: live });
    expect(await overview(team.inventory.token)).not.toHaveProperty("customers");
  });

  it("caches one answer per set of readable areas", () => {
    const keys = [
      overviewAudience([]),
      overviewAudience(["read:Users"]),
      overviewAudience(["read:Customers"]),
      overviewAudience(["manage:Users", "read:Customers"]),
    ];
    expect(new Set(keys).size).toBe(4);
    const everyArea = [
      ...COUNTED_AREAS.map((area) => `read:${area.subject}`),
      "read:Portfolio",
      "read:Collections",
    ];
    expect(overviewAudience(["manage:all"])).toBe(overviewAudience(everyArea));
    // Readers of the portfolio or of collections also get their figures: not the same answer.
    expect(overviewAudience(["read:Portfolio"])).not.toBe(overviewAudience([]));
    expect(overviewAudience(["read:Collections"])).not.toBe(overviewAudience([]));
    expect(overviewAudience(["read:Collections"])).not.toBe(overviewAudience(["read:Portfolio"]));
  });
});
