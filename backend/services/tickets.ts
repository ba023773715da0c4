import { and, asc, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AppDb } from "../db/client";
import { customers, permissions, rolePermissions, roles, ticketEvents, tickets, users } from "../db/schema";
import type { NewTicketEventRow, TicketRow } from "../db/schema";
import { pageOf } from "../schemas/list";
import { isGranted } from "../schemas/permissions";
import { canMoveTicket } from "../schemas/tickets";
import type {
  CreateTicketInput,
  TicketCommentInput,
  TicketDetail,
  TicketAssigneeList,
  TicketEvent,
  TicketExportQuery,
  TicketList,
  TicketListQuery,
  TicketRecord,
  TicketStats,
  TicketStatus,
  UpdateTicketInput,
} from "../schemas/tickets";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { forbidden, invalid, invalidField, notFound } from "./errors";
import { containsPattern } from "./search";
import { rolePermissionNames } from "./staff-protection";

export const TICKET_NOT_FOUND = "Ticket not found";
export const CUSTOMER_NOT_FOUND = "Customer not found";
export const ASSIGNEE_NOT_FOUND = "Staff member not found";
export const ASSIGNEE_CANNOT_WORK_TICKETS = "This staff member cannot work on tickets";
export const ACTIVE_NEEDS_ASSIGNEE = "Assign someone before making the ticket active";
export const OPEN_HAS_NOBODY = "An open ticket has nobody on it: make it active to keep an assignee";
export const REOPEN_CLOSED_NEEDS_MANAGE = "Only a role that manages tickets can reopen a closed ticket";
export const cannotMove = (from: TicketStatus, to: TicketStatus) =>
  `${from === "open" || from === "active" ? "An" : "A"} ${from} ticket cannot be moved to ${to}`;

const assignee = alias(users, "assignee");
const creator = alias(users, "creator");
const nameOf = (table: { id: AnyPgColumn; firstname: AnyPgColumn; lastname: AnyPgColumn }) =>
  sql<
    string | null
  >`case when ${table.id} is null then null else ${table.firstname} || ' ' || ${table.lastname} end`;

const ticketColumns = {
  id: tickets.id,
  type: tickets.type,
  priority: tickets.priority,
  subject: tickets.subject,
  description: tickets.description,
  status: tickets.status,
  customerId: tickets.customerId,
  customerName: sql<
    string | null
  >`case when ${customers.id} is null then null else ${customers.firstname} || ' ' || ${customers.lastname} end`,
  assigneeId: tickets.assigneeId,
  assigneeName: nameOf(assignee),
  creatorId: tickets.creatorId,
  creatorName: nameOf(creator),
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

function selectTickets(db: AppDb) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .leftJoin(creator, eq(creator.id, tickets.creatorId));
}

type TicketColumnsRow = Awaited<ReturnType<ReturnType<typeof selectTickets>["execute"]>>[number];

const toTicketRecord = (row: TicketColumnsRow): TicketRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function listConditions(query: TicketExportQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.customerId) conditions.push(eq(tickets.customerId, query.customerId));
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.type) conditions.push(eq(tickets.type, query.type));
  if (query.priority) conditions.push(eq(tickets.priority, query.priority));
  if (query.search) {
    conditions.push(
      ilike(sql`${tickets.subject} || ' | ' || ${tickets.description}`, containsPattern(query.search)),
    );
  }
  return and(...conditions);
}

export async function countTickets(db: AppDb, query: TicketListQuery) {
  return db.$count(tickets, listConditions(query));
}

export async function listTickets(
  db: AppDb,
  query: TicketListQuery,
  total: () => Promise<number>,
): Promise<TicketList> {
  const [rows, counted] = await Promise.all([
    selectTickets(db)
      .where(listConditions(query))
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  return pageOf("tickets", rows.map(toTicketRecord), counted, query);
}

export async function ticketStats(db: AppDb): Promise<TicketStats> {
  const [stats] = await db
    .select({
      totalTicketCount: sql<number>`count(*)::int`,
      activeTicketCount: sql<number>`(count(*) filter (where ${tickets.status} = 'active'))::int`,
      openTicketCount: sql<number>`(count(*) filter (where ${tickets.status} = 'open'))::int`,
    })
    .from(tickets);
  return stats;
}

const fromAssignee = alias(users, "from_assignee");
const toAssignee = alias(users, "to_assignee");
const actor = alias(users, "actor");

async function ticketHistory(db: AppDb, ticketId: string): Promise<TicketEvent[]> {
  const rows = await db
    .select({
      id: ticketEvents.id,
      kind: ticketEvents.kind,
      actorId: ticketEvents.actorId,
      actorName: nameOf(actor),
      fromStatus: ticketEvents.fromStatus,
      toStatus: ticketEvents.toStatus,
      fromAssigneeId: ticketEvents.fromAssigneeId,
      fromAssigneeName: nameOf(fromAssignee),
      toAssigneeId: ticketEvents.toAssigneeId,
      toAssigneeName: nameOf(toAssignee),
      body: ticketEvents.body,
      createdAt: ticketEvents.createdAt,
    })
    .from(ticketEvents)
    .leftJoin(actor, eq(actor.id, ticketEvents.actorId))
    .leftJoin(fromAssignee, eq(fromAssignee.id, ticketEvents.fromAssigneeId))
    .leftJoin(toAssignee, eq(toAssignee.id, ticketEvents.toAssigneeId))
    .where(eq(ticketEvents.ticketId, ticketId))
    .orderBy(asc(ticketEvents.sequence));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function getTicket(db: AppDb, id: string): Promise<TicketDetail> {
  const [row] = await selectTickets(db).where(eq(tickets.id, id)).limit(1);
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return { ...toTicketRecord(row), history: await ticketHistory(db, id) };
}

export async function createTicket(
  db: AppDb,
  staff: StaffActor,
  input: CreateTicketInput,
): Promise<TicketDetail> {
  if (input.customerId) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
      .limit(1);
    if (!customer) throw invalidField("customerId", CUSTOMER_NOT_FOUND);
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({ ...input, status: "open", creatorId: staff.userId })
      .returning({ id: tickets.id });
    await tx
      .insert(ticketEvents)
      .values({ ticketId: row.id, kind: "created", actorId: staff.userId, toStatus: "open" });
    await recordAudit(tx, staff, {
      action: "create",
      subject: "Tickets",
      recordId: row.id,
      summary: `Opened ticket "${input.subject}" (${input.priority} priority ${input.type})`,
      changes: {
        type: input.type,
        priority: input.priority,
        subject: input.subject,
        customerId: input.customerId ?? null,
      },
    });
    return row.id;
  });
  return getTicket(db, id);
}

async function requireAssignable(db: AppDb, userId: string) {
  const [user] = await db
    .select({ roleId: users.roleId, status: users.status, isBlocked: users.isBlocked })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw invalidField("assigneeId", ASSIGNEE_NOT_FOUND);
  const granted = await rolePermissionNames(db, user.roleId);
  if (user.status !== "active" || user.isBlocked || !isGranted(granted, "write:Tickets")) {
    throw invalidField("assigneeId", ASSIGNEE_CANNOT_WORK_TICKETS);
  }
}

// Whose active role grants write:Tickets directly, through manage:Tickets, or through an `all` permission.
export async function listTicketAssignees(db: AppDb): Promise<TicketAssigneeList> {
  const [staff, grants] = await Promise.all([
    db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, roleId: users.roleId })
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.status, "active"), eq(users.isBlocked, false)))
      .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id)),
    db
      .select({
        roleId: rolePermissions.roleId,
        name: sql<string>`${permissions.action} || ':' || ${permissions.subject}`,
      })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(and(eq(roles.active, true), isNull(roles.deletedAt))),
  ]);
  const byRole = new Map<string, string[]>();
  for (const grant of grants) byRole.set(grant.roleId, [...(byRole.get(grant.roleId) ?? []), grant.name]);
  const assignees = staff
    .filter((person) => isGranted(byRole.get(person.roleId) ?? [], "write:Tickets"))
    .map((person) => ({ id: person.id, name: `${person.firstname} ${person.lastname}` }));
  return { assignees };
}

// Assigning someone to an open ticket makes it active; taking an active ticket off its assignee makes it
// open again (docs/decisions/016).
export function nextTicketState(
  current: Pick<TicketRow, "status" | "assigneeId">,
  input: UpdateTicketInput,
  permissions: readonly string[],
): { status: TicketStatus; assigneeId: string | null } {
  let assigneeId = input.assigneeId !== undefined ? input.assigneeId : current.assigneeId;
  let status = current.status;
  if (input.status !== undefined && input.status !== current.status) {
    if (!canMoveTicket(current.status, input.status)) {
      throw invalidField("status", cannotMove(current.status, input.status));
    }
    if (current.status === "closed" && !isGranted(permissions, "manage:Tickets")) {
      throw forbidden(REOPEN_CLOSED_NEEDS_MANAGE);
    }
    status = input.status;
  } else if (input.status === undefined && assigneeId !== current.assigneeId) {
    if (current.status === "open" && assigneeId !== null) status = "active";
    if (current.status === "active" && assigneeId === null) status = "open";
  }
  if (status === "open" && assigneeId !== null) {
    // Back to open means nobody is on it; asking for open and naming someone contradicts itself.
    if (input.assigneeId) throw invalidField("assigneeId", OPEN_HAS_NOBODY);
    assigneeId = null;
  }
  if (status === "active" && assigneeId === null) throw invalidField("status", ACTIVE_NEEDS_ASSIGNEE);
  return { status, assigneeId };
}

export async function updateTicket(
  db: AppDb,
  staff: StaffActor,
  id: string,
  input: UpdateTicketInput,
): Promise<TicketDetail> {
  if (input.status === undefined && input.assigneeId === undefined) {
    throw invalid("At least one field must be provided to update");
  }
  if (input.assigneeId) await requireAssignable(db, input.assigneeId);
  await db.transaction(async (tx) => {
    // Locked, so two people moving the same ticket at once are applied one after the other.
    const [current] = await tx
      .select({ subject: tickets.subject, status: tickets.status, assigneeId: tickets.assigneeId })
      .from(tickets)
      .where(eq(tickets.id, id))
      .for("update")
      .limit(1);
    if (!current) throw notFound(TICKET_NOT_FOUND);
    const next = nextTicketState(current, input, staff.permissions);
    const events: NewTicketEventRow[] = [];
    if (next.assigneeId !== current.assigneeId) {
      events.push({
        ticketId: id,
        kind: "assignee",
        actorId: staff.userId,
        fromAssigneeId: current.assigneeId,
        toAssigneeId: next.assigneeId,
      });
    }
    if (next.status !== current.status) {
      events.push({
        ticketId: id,
        kind: "status",
        actorId: staff.userId,
        fromStatus: current.status,
        toStatus: next.status,
      });
    }
    if (events.length === 0) return;
    await tx.update(tickets).set(next).where(eq(tickets.id, id));
    // The assignment is listed before the status change it causes (the history reads in insertion order).
    await tx.insert(ticketEvents).values(events);
    const said = [
      next.status !== current.status ? `${current.status} → ${next.status}` : null,
      next.assigneeId !== current.assigneeId ? (next.assigneeId ? "assigned" : "unassigned") : null,
    ].filter(Boolean);
    await recordAudit(tx, staff, {
      action: next.status !== current.status ? "status" : "assign",
      subject: "Tickets",
      recordId: id,
      summary: `Ticket "${current.subject}": ${said.join(", ")}`,
      changes: {
        ...(next.status !== current.status ? { status: { from: current.status, to: next.status } } : {}),
        ...(next.assigneeId !== current.assigneeId
          ? { assigneeId: { from: current.assigneeId, to: next.assigneeId } }
          : {}),
      },
    });
  });
  return getTicket(db, id);
}

export async function commentOnTicket(
  db: AppDb,
  staff: StaffActor,
  id: string,
  input: TicketCommentInput,
): Promise<TicketDetail> {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ updatedAt: new Date() })
      .where(eq(tickets.id, id))
      .returning({ subject: tickets.subject });
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    await tx
      .insert(ticketEvents)
      .values({ ticketId: id, kind: "comment", actorId: staff.userId, body: input.body });
    await recordAudit(tx, staff, {
      action: "comment",
      subject: "Tickets",
      recordId: id,
      summary: `Commented on ticket "${ticket.subject}"`,
    });
  });
  return getTicket(db, id);
}

export const TICKET_EXPORT_HEADER = [
  "Ticket ID",
  "Subject",
  "Description",
  "Type",
  "Priority",
  "Status",
  "Customer",
  "Assigned to",
  "Created by",
  "Created at",
  "Last updated",
];

export const ticketExportCells = (row: TicketColumnsRow) => [
  row.id,
  row.subject,
  row.description,
  row.type,
  row.priority,
  row.status,
  row.customerName,
  row.assigneeName,
  row.creatorName,
  row.createdAt,
  row.updatedAt,
];

// Compared through the ticket's stored timestamp: a JavaScript Date would round microseconds off and skip
// or repeat rows that share a millisecond.
export function readTicketsAfter(db: AppDb, query: TicketExportQuery, after: string | null, limit: number) {
  const position = after
    ? sql`(${tickets.createdAt}, ${tickets.id}) < (select t.created_at, t.id from ${tickets} t where t.id = ${after})`
    : undefined;
  return selectTickets(db)
    .where(and(listConditions(query), position))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}
