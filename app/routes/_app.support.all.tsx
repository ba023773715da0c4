import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { TicketListPage } from "~/features/tickets/ticket-list";
import { ticketListLoader } from "~/features/tickets/ticket-list.server";

export const meta: MetaFunction = () => [{ title: "All Tickets — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return ticketListLoader("all", args);
}

export default function AllTicketsRoute() {
  return <TicketListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
