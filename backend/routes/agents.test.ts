import { and, eq, isNull } from "drizzle-orm";
import { agents, auditLog, devices, tickets } from "../db/schema";
import { OverviewSchema } from "../schemas/overview";
import { AgentListSchema, AgentRecordSchema, AgentStatsSchema } from "../schemas/agents";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeCustomer,
  makeDevice,
  makeTicket,
  signedInAs,
} from "../test/factories";
import { createTestBackend } from "../test/test-backend";

const { backend, team } = await backendWithTeam();

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const create = (body: unknown, token = team.admin.token) =>
  backend.request("POST", "/api/v1/agents/create", { token, body });
const patch = (id: string, body: unknown, token = team.admin.token) =>
  backend.request("PATCH", `/api/v1/agents/${id}`, { token, body });
const ids = (body: { agents: { id: string }[] }) => body.agents.map((agent) => agent.id);

let sequence = 0;
function newAgent(fields: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    firstname: "Ifeoma",
    lastname: "Nnaji",
    email: `ifeoma.${sequence}@agents.test`,
    location: "22 Ogui Road, Enugu",
    ...fields,
  };
}

describe("POST /api/v1/agents/create", () => {
  it("creates an agent with the spec's defaults, answers 201 and writes the audit row", async () => {
    const response = await create(
      newAgent({ email: "Chuka.Obi@Agents.TEST", phoneNumber: " 0803 555 0101 ", longitude: "7.49" }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(AgentRecordSchema, body);
    // The contract's shape: the person under `user`, the 8-digit agent number as `agentId`.
    expect(body).toMatchObject({
      userId: body.id,
      user: {
        id: body.id,
        firstname: "Ifeoma",
        lastname: "Nnaji",
        email: "chuka.obi@agents.test",
        phone: "08035550101",
        addressType: "HOME",
        location: "22 Ogui Road, Enugu",
        longitude: "7.49",
        latitude: null,
        emailVerified: true,
        status: "active",
      },
      deletedAt: null,
      creatorId: team.admin.user.id,
      registeredCustomers: 0,
      sales: 0,
      onGoingSales: 0,
      inventoryInPossession: 0,
    });
    expect(body.agentId).toBeGreaterThanOrEqual(10_000_000);
    expect(body.agentId).toBeLessThanOrEqual(99_999_999);
    expect(await (await get(`/api/v1/agents/${body.id}`)).json()).toEqual(body);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body.id), eq(auditLog.subject, "Agents")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      actorId: team.admin.user.id,
      summary: "Added agent Ifeoma Nnaji (chuka.obi@agents.test)",
    });
  });

  it("takes a WORK address, emailVerified false, and no phone when the field is empty", async () => {
    const response = await create(newAgent({ addressType: "WORK", emailVerified: false, phoneNumber: "" }));
    expect(response.status).toBe(201);
    expect((await response.json()).user).toMatchObject({
      addressType: "WORK",
      emailVerified: false,
      phone: null,
    });
  });

  it("names every missing field with the spec's messages", async () => {
    const response = await create({});
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      firstname: ["First name is required"],
      lastname: ["Last name is required"],
      email: ["Email is required"],
      location: ["Location is required"],
    });
  });

  it.each([
    [{ firstname: " " }, "firstname", "First name is required"],
    [{ lastname: "" }, "lastname", "Last name is required"],
    [{ email: "agent-at-example" }, "email", "Invalid email address"],
    [{ location: "  " }, "location", "Location is required"],
    [
      { phoneNumber: "0803 1234 5678 9012 3456 7" },
      "phoneNumber",
      "Phone number cannot be more than 20 digits",
    ],
    [{ phoneNumber: "call me" }, "phoneNumber", "Invalid phone number"],
    [{ addressType: "SHOP" }, "addressType", "Please select an address type"],
    [{ latitude: 91 }, "latitude", "Latitude must be a number between -90 and 90"],
    [{ emailVerified: "maybe" }, "emailVerified", "Email verified must be true or false"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await create(newAgent(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("keeps agent e-mails unique in any case, as a field error", async () => {
    const first = newAgent();
    expect((await create(first)).status).toBe(201);
    const again = await create(newAgent({ email: first.email.toUpperCase() }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      statusCode: 400,
      message: ["email: An agent with this email already exists"],
      error: "Bad Request",
      fieldErrors: { email: ["An agent with this email already exists"] },
    });
  });

  it("answers simultaneous duplicates with one agent and field errors, never a 500", async () => {
    const input = newAgent();
    const statuses = (await Promise.all([create(input), create(input), create(input)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 400, 400]);
  });
});

describe("GET /api/v1/agents", () => {
  it("answers a page of agents newest first, searchable and filtered by status", async () => {
    const older = await makeAgent(backend.db, {
      lastname: "Listsearch",
      createdAt: new Date(Date.now() + 60_000),
    });
    const barred = await makeAgent(backend.db, {
      lastname: "Listsearch",
      status: "barred",
      phoneNumber: "08099990001",
      createdAt: new Date(Date.now() + 120_000),
    });
    const response = await get("/api/v1/agents?search=LISTSEARCH");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(AgentListSchema, body);
    expect(ids(body)).toEqual([barred.id, older.id]);
    expect(body).toMatchObject({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect(body.agents[0]).toMatchObject({
      id: barred.id,
      agentId: barred.number,
      userId: barred.id,
      user: {
        id: barred.id,
        firstname: barred.firstname,
        lastname: "Listsearch",
        email: barred.email,
        phone: "08099990001",
        status: "barred",
      },
    });
    expect(older.number).toBeLessThan(barred.number);

    expect(ids(await (await get("/api/v1/agents?search=listsearch&status=barred")).json())).toEqual([
      barred.id,
    ]);
    expect(ids(await (await get("/api/v1/agents?search=0809999")).json())).toEqual([barred.id]);
    expect(
      ids(await (await get(`/api/v1/agents?search=${encodeURIComponent("test listsearch")}`)).json()),
    ).toEqual([barred.id, older.id]);
    const bad = await get("/api/v1/agents?status=asleep");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ status: ["Status must be active or barred"] });
  });

  it("counts the customers each agent registered, live ones only", async () => {
    const agent = await makeAgent(backend.db);
    await makeCustomer(backend.db, { agentId: agent.id });
    await makeCustomer(backend.db, { agentId: agent.id });
    await makeCustomer(backend.db, { agentId: agent.id, deletedAt: new Date() });
    const body = await (await get(`/api/v1/agents?search=${encodeURIComponent(agent.email)}`)).json();
    expect(body.agents[0]).toMatchObject({
      id: agent.id,
      registeredCustomers: 2,
      sales: 0,
      onGoingSales: 0,
      inventoryInPossession: 0,
    });
    expect((await (await get(`/api/v1/agents/${agent.id}`)).json()).registeredCustomers).toBe(2);
  });
});

describe("customers registered by an agent", () => {
  const createCustomer = (fields: Record<string, unknown>) =>
    backend.request("POST", "/api/v1/customers/create", {
      token: team.admin.token,
      body: {
        firstname: "Obiageli",
        lastname: "Eze",
        email: `obiageli.${Math.random().toString(36).slice(2)}@example.test`,
        phone: `0907${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
        location: "Aba",
        ...fields,
      },
    });

  it("records the agent and counts the customer on the agent's card", async () => {
    const agent = await makeAgent(backend.db);
    const response = await createCustomer({ agentId: agent.id });
    expect(response.status).toBe(201);
    expect((await response.json()).agentId).toBe(agent.id);
    expect((await (await get(`/api/v1/agents/${agent.id}`)).json()).registeredCustomers).toBe(1);
  });

  it("refuses an unknown or barred agent as a field error", async () => {
    const unknown = await createCustomer({ agentId: "no-such-agent" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fieldErrors).toEqual({ agentId: ["Agent not found"] });
    const barred = await makeAgent(backend.db, { status: "barred" });
    const refused = await createCustomer({ agentId: barred.id });
    expect((await refused.json()).fieldErrors).toEqual({ agentId: ["This agent is barred"] });
  });

  it("takes an empty agent as none", async () => {
    const response = await createCustomer({ agentId: "" });
    expect(response.status).toBe(201);
    expect((await response.json()).agentId).toBeNull();
  });
});

describe("GET /api/v1/agents/statistics/view", () => {
  it("counts all, active and barred agents", async () => {
    const live = isNull(agents.deletedAt);
    const before = await (await get("/api/v1/agents/statistics/view")).json();
    expectExactly(AgentStatsSchema, before);
    expect(before).toEqual({
      total: await backend.db.$count(agents, live),
      active: await backend.db.$count(agents, and(live, eq(agents.status, "active"))),
      barred: await backend.db.$count(agents, and(live, eq(agents.status, "barred"))),
    });
    await makeAgent(backend.db, { status: "barred" });
    await makeAgent(backend.db);
    await makeAgent(backend.db, { deletedAt: new Date() });
    expect(await (await get("/api/v1/agents/statistics/view")).json()).toEqual({
      total: before.total + 2,
      active: before.active + 1,
      barred: before.barred + 1,
    });
  });

  it("answers zeros, not a 404, when there are no agents", async () => {
    const empty = await createTestBackend();
    try {
      const { token } = await signedInAs(empty, "viewer");
      const response = await empty.request("GET", "/api/v1/agents/statistics/view", { token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ total: 0, active: 0, barred: 0 });
    } finally {
      await empty.close();
    }
  });
});

describe("GET /api/v1/agents/{id}", () => {
  it("answers 404 for an unknown or deleted agent", async () => {
    const gone = await makeAgent(backend.db, { deletedAt: new Date() });
    for (const id of ["no-such-agent", gone.id]) {
      const response = await get(`/api/v1/agents/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        message: "Agent not found",
        error: "Not Found",
      });
    }
  });
});

describe("PATCH /api/v1/agents/{id}", () => {
  it("edits the fields given and audits what changed", async () => {
    const agent = await makeAgent(backend.db, { phoneNumber: "08011112222" });
    const response = await patch(agent.id, { location: "Ikeja", phoneNumber: "", addressType: "WORK" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(AgentRecordSchema, body);
    expect(body.user).toMatchObject({
      location: "Ikeja",
      phone: null,
      addressType: "WORK",
      status: "active",
    });
    const [audit] = await backend.db.select().from(auditLog).where(eq(auditLog.recordId, agent.id));
    expect(audit).toMatchObject({
      action: "update",
      summary: `Updated agent ${agent.firstname} ${agent.lastname} (phoneNumber, addressType, location)`,
    });
  });

  it("bars and unbars an agent", async () => {
    const agent = await makeAgent(backend.db);
    const barred = await patch(agent.id, { status: "barred" });
    expect((await barred.json()).user.status).toBe("barred");
    const unbarred = await patch(agent.id, { status: "active" }, team.sales.token);
    expect((await unbarred.json()).user.status).toBe("active");
    const actions = await backend.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.recordId, agent.id))
      .orderBy(auditLog.createdAt);
    expect(actions).toEqual([
      { action: "bar", summary: `Barred agent ${agent.firstname} ${agent.lastname}` },
      { action: "unbar", summary: `Unbarred agent ${agent.firstname} ${agent.lastname}` },
    ]);
  });

  it("refuses another agent's e-mail, an empty patch, bad values and unknown agents", async () => {
    const taken = await makeAgent(backend.db);
    const agent = await makeAgent(backend.db);
    const clash = await patch(agent.id, { email: taken.email.toUpperCase() });
    expect(clash.status).toBe(400);
    expect((await clash.json()).fieldErrors).toEqual({ email: ["An agent with this email already exists"] });
    // Its own address is no clash.
    expect((await patch(agent.id, { email: agent.email })).status).toBe(200);

    const empty = await patch(agent.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("At least one field must be provided to update");
    expect((await (await patch(agent.id, { status: "asleep" })).json()).fieldErrors).toEqual({
      status: ["Status must be active or barred"],
    });
    expect((await (await patch(agent.id, { location: "" })).json()).fieldErrors).toEqual({
      location: ["Location is required"],
    });
    expect((await patch("no-such-agent", { status: "barred" })).status).toBe(404);
  });
});

describe("permissions", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/v1/agents"],
    ["GET", "/api/v1/agents/statistics/view"],
    ["GET", "/api/v1/agents/some-id"],
    ["POST", "/api/v1/agents/create", {}],
    ["PATCH", "/api/v1/agents/some-id", {}],
  ];

  it("lets sales (manage:Agents) read, create and edit", async () => {
    const response = await create(newAgent(), team.sales.token);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect((await get("/api/v1/agents", team.sales.token)).status).toBe(200);
    expect((await get("/api/v1/agents/statistics/view", team.sales.token)).status).toBe(200);
    expect((await get(`/api/v1/agents/${id}`, team.sales.token)).status).toBe(200);
    expect((await patch(id, { location: "Jos" }, team.sales.token)).status).toBe(200);
  });

  it("lets a viewer (read:Agents) read but not create or edit", async () => {
    const agent = await makeAgent(backend.db);
    expect((await get("/api/v1/agents", team.viewer.token)).status).toBe(200);
    expect((await get(`/api/v1/agents/${agent.id}`, team.viewer.token)).status).toBe(200);
    const refused = await create(newAgent(), team.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    expect((await patch(agent.id, { status: "barred" }, team.viewer.token)).status).toBe(403);
  });

  it.each(routes)("%s %s answers 403 to a role without Agents permission", async (method, path, body) => {
    const response = await backend.request(method, path, { token: team.support.token, body });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each(routes)("%s %s answers 401 without a token", async (method, path, body) => {
    const response = await backend.request(method, path, { body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("GET /api/v1/overview with agents, devices and tickets", () => {
  const counts = async (token: string) => {
    const body = await (await backend.request("GET", "/api/v1/overview", { token })).json();
    expectExactly(OverviewSchema, body);
    return body.counts as Record<string, number>;
  };

  it("counts live agents, devices and tickets for the roles that may read each", async () => {
    await makeAgent(backend.db, { deletedAt: new Date() });
    await makeDevice(backend.db);
    await makeTicket(backend.db);
    const expected = {
      agents: await backend.db.$count(agents, isNull(agents.deletedAt)),
      devices: await backend.db.$count(devices),
      tickets: await backend.db.$count(tickets),
    };
    expect(await counts(team.viewer.token)).toMatchObject(expected);
    const support = await counts(team.support.token);
    expect(support).toMatchObject({ devices: expected.devices, tickets: expected.tickets });
    expect(support).not.toHaveProperty("agents");
    const sales = await counts(team.sales.token);
    expect(sales).toMatchObject({ agents: expected.agents, devices: expected.devices });
    expect(sales).not.toHaveProperty("tickets");
  });
});
