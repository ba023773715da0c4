import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { TicketRecord } from "#backend/schemas/tickets";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DropdownMenu } from "~/components/dropdown-menu";
import { ListAction, ListSection } from "~/components/list-section";
import { StatCard } from "~/components/stat-card";
import { capitalise, formatBadgeCount, formatDate } from "~/utils/format";
import { listHref } from "~/utils/list-params";
import { useListRefresh } from "~/utils/use-freshness";
import type { TicketSection } from "./ticket-rules";
import { ticketSection } from "./ticket-rules";
import type { ticketListLoader } from "./ticket-list.server";
import { TicketStatusPill } from "./ticket-status";

function columns(section: TicketSection): Column<TicketRecord>[] {
  return [
    {
      header: "Subject",
      primary: true,
      cell: (ticket) => (
        <Link to={`/${section}/${ticket.id}`} className="hover:underline">
          {ticket.subject}
        </Link>
      ),
    },
    { header: "Type", cell: (ticket) => capitalise(ticket.type) },
    { header: "Priority", cell: (ticket) => capitalise(ticket.priority) },
    { header: "Status", cell: (ticket) => <TicketStatusPill status={ticket.status} /> },
    { header: "Customer", cell: (ticket) => ticket.customerName ?? "" },
    { header: "Assigned To", cell: (ticket) => ticket.assigneeName ?? "Nobody" },
    { header: "Opened", cell: (ticket) => formatDate(ticket.createdAt) },
  ];
}

function TicketActionsMenu({ exportHref }: { exportHref: string }) {
  return (
    <DropdownMenu
      label="More ticket actions"
      trigger={<span aria-hidden="true">⋯</span>}
      triggerClassName="h-9 w-9 justify-center"
      panelClassName="w-48"
    >
      {/* A document download, not a page: the browser fetches it itself, JavaScript or not. */}
      <a href={exportHref} download className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
        Export List
      </a>
    </DropdownMenu>
  );
}

export function TicketListPage() {
  const { title, stats, page, can } = useLoaderData<typeof ticketListLoader>();
  const location = useLocation();
  const section = ticketSection(location.pathname);
  useListRefresh();
  const exportParams = new URLSearchParams();
  if (page.query.status) exportParams.set("status", page.query.status);
  if (page.query.search) exportParams.set("search", page.query.search);
  const exportQuery = exportParams.toString();
  const allPath = `/${section}/all`;
  const actions = (
    <>
      {can.create ? (
        <ListAction to={listHref(`${allPath}/new`, location.pathname === allPath ? location.search : "")}>
          New Ticket
        </ListAction>
      ) : null}
      <TicketActionsMenu exportHref={`/${section}/export${exportQuery ? `?${exportQuery}` : ""}`} />
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label="Total Tickets" value={formatBadgeCount(stats.totalTicketCount)} />
        <StatCard label="Active Tickets" value={formatBadgeCount(stats.activeTicketCount)} />
        <StatCard label="Open Tickets" value={formatBadgeCount(stats.openTicketCount)} />
      </div>
      <ListSection
        title={title}
        searchLabel="Tickets"
        search={page.query.search}
        actions={actions}
        page={page.list}
        itemLabel="tickets"
        emptyHint={can.create ? "Tickets you open with New Ticket will be listed here." : undefined}
      >
        <DataTable
          caption={title}
          columns={columns(section)}
          rows={page.list.tickets}
          rowKey={(row) => row.id}
        />
      </ListSection>
      <Outlet />
    </div>
  );
}
