import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { TicketListPage } from "~/features/tickets/ticket-list";
import { ticketListLoader } from "~/features/tickets/ticket-list.server";

export const meta: MetaFunction = () => [{ title: "Open Tickets — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return ticketListLoader("open", args);
}

export default function OpenTicketsRoute() {
  return <TicketListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
