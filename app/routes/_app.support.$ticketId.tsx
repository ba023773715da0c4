import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/error-panel";
import { TicketPage } from "~/features/tickets/ticket-page";
import { ticketPageAction, ticketPageLoader } from "~/features/tickets/ticket-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.ticket.subject} — Support — SolarDesk` : "Ticket — SolarDesk" },
];

export async function loader(args: LoaderFunctionArgs) {
  return ticketPageLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return ticketPageAction(args);
}

export default function TicketRoute() {
  return <TicketPage answer={useActionData<typeof action>()} />;
}

export const ErrorBoundary = SectionErrorBoundary;
