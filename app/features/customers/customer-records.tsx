import { Link } from "@remix-run/react";
import type { CustomerTabs } from "#backend/schemas/customers";
import type { DeviceList } from "#backend/schemas/devices";
import type { TicketList } from "#backend/schemas/tickets";
import type { Column } from "~/components/data-table";
import { DataTable } from "~/components/data-table";
import { DetailList } from "~/components/detail-list";
import { Panel } from "~/components/panel";
import { TicketStatusPill } from "~/features/tickets/ticket-status";
import { capitalise, formatDate, formatNaira, formatNumber } from "~/utils/format";

/** The figures are of all the customer's records; their definitions are said beside them. */
export function CustomerAccount({ tabs }: { tabs: CustomerTabs }) {
  return (
    <Panel id="customer-account" title="Account">
      <DetailList
        rows={[
          ["Balance", <strong key="balance">{formatNaira(tabs.balance)}</strong>],
          ["Total of sales", formatNaira(tabs.totalPrice)],
          ["Paid", formatNaira(tabs.totalPaid)],
          ["Sales", formatNumber(tabs.sales)],
          ["Devices", formatNumber(tabs.devices)],
          ["Open tickets", `${formatNumber(tabs.openTickets)} of ${formatNumber(tabs.tickets)}`],
        ]}
      />
      <p className="mt-3 text-xs text-slate-600">
        Balance: what the customer still owes over all their sales, cancelled sales left out. Devices: the
        units sold to them. Open tickets: open or being worked on.
      </p>
    </Panel>
  );
}

const DEVICE_COLUMNS: Column<DeviceList["devices"][number]>[] = [
  {
    header: "Serial Number",
    primary: true,
    cell: (device) => (
      <Link to={`/devices/${device.id}`} className="font-mono text-brand-700 hover:underline">
        {device.serialNumber}
      </Link>
    ),
  },
  { header: "Model", cell: (device) => device.hardwareModel ?? "N/A" },
  { header: "Tokens", cell: (device) => (device.isTokenable ? "Yes" : "Not tokenable") },
];

export function CustomerDevices({ devices }: { devices: DeviceList }) {
  return (
    <Panel id="customer-devices" title="Devices">
      {devices.total === 0 ? (
        <p>No devices sold to this customer yet.</p>
      ) : (
        <>
          <DataTable
            caption="Devices of this customer"
            columns={DEVICE_COLUMNS}
            rows={devices.devices}
            rowKey={(device) => device.id}
          />
          {devices.total > devices.devices.length ? (
            <p className="mt-3">
              {devices.devices.length} of {formatNumber(devices.total)} devices shown.
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}

const TICKET_COLUMNS: Column<TicketList["tickets"][number]>[] = [
  {
    header: "Subject",
    primary: true,
    cell: (ticket) => (
      <Link to={`/support/${ticket.id}`} className="text-brand-700 hover:underline">
        {ticket.subject}
      </Link>
    ),
  },
  { header: "Type", cell: (ticket) => capitalise(ticket.type) },
  { header: "Status", cell: (ticket) => <TicketStatusPill status={ticket.status} /> },
  { header: "Opened", cell: (ticket) => formatDate(ticket.createdAt) },
];

export function CustomerTickets({ tickets }: { tickets: TicketList }) {
  return (
    <Panel id="customer-tickets" title="Tickets">
      {tickets.total === 0 ? (
        <p>No tickets for this customer.</p>
      ) : (
        <>
          <DataTable
            caption="Tickets of this customer"
            columns={TICKET_COLUMNS}
            rows={tickets.tickets}
            rowKey={(ticket) => ticket.id}
          />
          {tickets.total > tickets.tickets.length ? (
            <p className="mt-3">
              The {tickets.tickets.length} newest of {formatNumber(tickets.total)} tickets shown.
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}
