import type { LoaderFunctionArgs } from "@remix-run/node";
import { TicketListQuerySchema, TicketListSchema, TicketStatsSchema } from "#backend/schemas/tickets";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";

export async function ticketListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadListPage(request, user, {
    section: "support",
    tab,
    stats: { path: "/v1/tickets/stats", answer: TicketStatsSchema },
    list: { path: "/v1/tickets", query: TicketListQuerySchema, answer: TicketListSchema },
    can: { create: "write:Tickets" },
  });
}
