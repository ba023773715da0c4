import type { LoaderFunctionArgs } from "@remix-run/node";
import { TicketListQuerySchema, TicketListSchema, TicketStatsSchema } from "#backend/schemas/tickets";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { loadList } from "~/utils/lists.server";
import { sectionTab } from "~/utils/navigation";
import { can } from "~/utils/permissions";

export async function ticketListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { title, filter } = sectionTab("support", tab);
  const [stats, page] = await Promise.all([
    apiRead(request, "/v1/tickets/stats", TicketStatsSchema),
    loadList(request, {
      path: "/v1/tickets",
      query: TicketListQuerySchema,
      answer: TicketListSchema,
      fixed: filter ?? {},
    }),
  ]);
  return { title, stats, page, canCreate: can(user, "write:Tickets") };
}
