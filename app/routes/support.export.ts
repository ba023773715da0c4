import type { LoaderFunctionArgs } from "@remix-run/node";
import { TicketExportQuerySchema } from "#backend/schemas/tickets";
import { readListQuery } from "#backend/schemas/list";
import { ticketSection } from "~/features/tickets/ticket-rules";
import { requireUser } from "~/session.server";
import { downloadCsv } from "~/utils/downloads.server";

/** A bad URL value is dropped rather than refused, as on a list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const { status, type, priority, search } = readListQuery(TicketExportQuerySchema, url.searchParams);
  return downloadCsv(request, {
    path: "/v1/tickets/export",
    query: { status, type, priority, search },
    back: `/${ticketSection(url.pathname)}/all`,
  });
}
