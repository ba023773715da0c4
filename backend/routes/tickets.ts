import { Hono } from "hono";
import { z } from "zod";
import { csvResponse, inBatches } from "../http/csv";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import { lagosDate } from "../schemas/dates";
import {
  CreateTicketSchema,
  TicketAssigneeListSchema,
  TicketCommentSchema,
  TicketDetailSchema,
  TicketExportQuerySchema,
  TicketListQuerySchema,
  TicketListSchema,
  TicketStatsSchema,
  UpdateTicketSchema,
} from "../schemas/tickets";
import type { TicketList, TicketListQuery } from "../schemas/tickets";
import {
  TICKET_EXPORT_HEADER,
  commentOnTicket,
  countTickets,
  createTicket,
  getTicket,
  listTicketAssignees,
  listTickets,
  readTicketsAfter,
  ticketExportCells,
  ticketStats,
  updateTicket,
} from "../services/tickets";

export const ticketOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/tickets",
    tag: "Support",
    summary: "Ticket list, newest first; `status` picks a tab, `search` looks in subject and description",
    access: "read:Tickets",
    query: TicketListQuerySchema,
    success: ok("One page of tickets", TicketListSchema),
  },
  {
    method: "get",
    path: "/api/v1/tickets/stats",
    tag: "Support",
    summary: "Counts for the ticket stat cards",
    access: "read:Tickets",
    success: ok("The counts", TicketStatsSchema),
  },
  {
    method: "get",
    path: "/api/v1/tickets/export",
    tag: "Support",
    summary:
      "The tickets the filters select as a CSV file, streamed; cells that could run as formulas are neutralised",
    access: "read:Tickets",
    query: TicketExportQuerySchema,
    success: { ...ok("The CSV file", z.string()), contentType: "text/csv" },
  },
  {
    method: "get",
    path: "/api/v1/tickets/assignees",
    tag: "Support",
    summary:
      "Who a ticket can be assigned to: live, active, unblocked staff whose role may work on tickets, by name",
    access: "write:Tickets",
    success: ok("The staff members", TicketAssigneeListSchema),
  },
  {
    method: "post",
    path: "/api/v1/tickets/create",
    tag: "Support",
    summary: "Open a ticket, optionally about a customer",
    access: "write:Tickets",
    body: CreateTicketSchema,
    success: ok("The new ticket with its history", TicketDetailSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/tickets/{id}",
    tag: "Support",
    summary: "One ticket with its whole history (status and assignee changes, comments), oldest first",
    access: "read:Tickets",
    success: ok("The ticket", TicketDetailSchema),
    errors: { 404: "Ticket not found" },
  },
  {
    method: "patch",
    path: "/api/v1/tickets/{id}",
    tag: "Support",
    summary:
      "Change a ticket's status or assignee (docs/decisions/016); assigning someone to an open ticket makes it active",
    access: "write:Tickets",
    body: UpdateTicketSchema,
    success: ok("The ticket with its history", TicketDetailSchema),
    errors: {
      403: "Needs write:Tickets; reopening a closed ticket needs manage:Tickets",
      404: "Ticket not found",
    },
  },
  {
    method: "post",
    path: "/api/v1/tickets/{id}/comments",
    tag: "Support",
    summary: "Add a comment to a ticket's thread",
    access: "write:Tickets",
    body: TicketCommentSchema,
    success: ok("The ticket with its history", TicketDetailSchema, 201),
    errors: { 404: "Ticket not found" },
  },
];

export function ticketRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const ticketList: ListSource<TicketListQuery, TicketList> = {
    count: (query) => countTickets(db, query),
    list: (query, total) => listTickets(db, query, total),
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Tickets"), (c) => listAnswer(c, readQuery(c, TicketListQuerySchema), ticketList))
    .get("/stats", guard("read:Tickets"), async (c) => {
      return c.json(await ticketStats(db), 200);
    })
    .get("/export", guard("read:Tickets"), (c) => {
      const query = readQuery(c, TicketExportQuerySchema);
      const rows = inBatches(
        (after: string | null, limit) => readTicketsAfter(db, query, after, limit),
        (row) => row.id,
      );
      return csvResponse(`tickets_export_${lagosDate(new Date())}.csv`, TICKET_EXPORT_HEADER, cellsOf(rows));
    })
    .get("/assignees", guard("write:Tickets"), async (c) => {
      return c.json(await listTicketAssignees(db), 200);
    })
    .post("/create", guard("write:Tickets"), async (c) => {
      const input = await readJsonBody(c, CreateTicketSchema);
      return c.json(await createTicket(db, signedInActor(c), input), 201);
    })
    .get("/:id", guard("read:Tickets"), async (c) => {
      return c.json(await getTicket(db, c.req.param("id")), 200);
    })
    .patch("/:id", guard("write:Tickets"), async (c) => {
      const input = await readJsonBody(c, UpdateTicketSchema);
      return c.json(await updateTicket(db, signedInActor(c), c.req.param("id"), input), 200);
    })
    .post("/:id/comments", guard("write:Tickets"), async (c) => {
      const input = await readJsonBody(c, TicketCommentSchema);
      return c.json(await commentOnTicket(db, signedInActor(c), c.req.param("id"), input), 201);
    });
}

async function* cellsOf(rows: AsyncIterable<Parameters<typeof ticketExportCells>[0]>) {
  for await (const row of rows) yield ticketExportCells(row);
}
