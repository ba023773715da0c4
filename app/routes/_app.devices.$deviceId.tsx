import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DEVICE_EVENT_LABELS } from "#backend/constants/devices";
import type { DeviceRecord } from "#backend/schemas/devices";
import { CopyButton } from "~/components/copy-button";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { TokenForm } from "~/features/devices/token-form";
import { TokenTable } from "~/features/devices/token-table";
import { formatDate, formatNumber, formatTime } from "~/utils/format";
import type { action, loader } from "~/features/devices/device-page.server";

export { action, loader } from "~/features/devices/device-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.device.serialNumber} — Devices — SolarDesk` : "Device — SolarDesk" },
];

function yesNo(value: boolean) {
  return value ? "Yes" : "No";
}

function deviceDetails(device: DeviceRecord, key: React.ReactNode): [string, React.ReactNode][] {
  return [
    ["Serial Number", device.serialNumber],
    ["Key", key],
    ["Starting Code", device.startingCode ?? "N/A"],
    ["Count", device.count === null ? "N/A" : formatNumber(device.count)],
    ["Time Divider", device.timeDivider === null ? "N/A" : formatNumber(device.timeDivider)],
    ["Restricted Digit Mode", yesNo(device.restrictedDigitMode)],
    ["Hardware Model", device.hardwareModel ?? "N/A"],
    ["Firmware Version", device.firmwareVersion ?? "N/A"],
    ["Tokenable", yesNo(device.isTokenable)],
    ["Status", device.faulty ? "Faulty (set aside)" : device.linked ? "Linked to a sale" : "Available"],
    ["Added On", formatDate(device.createdAt)],
  ];
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

export default function DeviceRoute() {
  const { device, item, can, issued } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const revealed = actionData && "revealedKey" in actionData ? actionData.revealedKey : null;
  const tokenAnswer = actionData && "result" in actionData ? actionData : undefined;
  const issuedToken = issued ? device.tokens.find((token) => token.id === issued) : undefined;
  const key = revealed ? (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="break-all rounded bg-amber-50 px-1.5 py-0.5 font-mono text-xs text-amber-900">
        {revealed}
      </code>
      <CopyButton value={revealed} />
      <span className="text-xs text-slate-600">Shown this once; reload the page to hide it.</span>
    </span>
  ) : (
    <span className="font-mono text-xs">{device.key || "No key (makes no tokens)"}</span>
  );
  return (
    <div className="flex flex-col gap-4">
      <ActionToast toast={actionData?.toast} />
      <Link to="/devices/all" className="text-sm text-brand-700 hover:underline">
        ← All devices
      </Link>
      <section
        aria-labelledby="device-serial"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="device-serial" className="text-lg font-semibold">
            {device.serialNumber}
          </h2>
          {can.reveal && !revealed && device.key ? (
            <Form method="post">
              <SubmitButton intent="reveal-key" pendingText="Revealing..." className="py-2">
                Reveal key
              </SubmitButton>
            </Form>
          ) : null}
        </header>
        <DetailList rows={deviceDetails(device, key)} />
      </section>
      <Panel id="device-item" title="Inventory Item">
        {item && device.inventoryId ? (
          <>
            <p>
              <span className="font-medium text-slate-900">{item.name}</span> · SKU {item.sku} ·{" "}
              {item.manufacturerName} · {item.itemClass}
            </p>
            <Link
              to={`/devices/all?inventoryId=${encodeURIComponent(device.inventoryId)}`}
              className="mt-2 inline-block text-brand-700 hover:underline"
            >
              All devices of this item
            </Link>
          </>
        ) : device.inventoryId ? (
          <p>The inventory item of this device cannot be shown to your role.</p>
        ) : (
          <p>Not recorded as a unit of an inventory item.</p>
        )}
      </Panel>
      <Panel id="device-sale" title="Sale">
        <p>{device.linked ? "Linked to a sale item." : "Not linked to a sale"}</p>
      </Panel>
      <Panel id="device-history" title="History">
        {device.history.length ? (
          <ol className="flex flex-col gap-2">
            {device.history.map((event) => (
              <li key={event.id}>
                <p className="font-medium text-slate-900">
                  {DEVICE_EVENT_LABELS[event.kind]}:{" "}
                  <Link to={`/sales/${event.sale.id}`} className="text-brand-700 hover:underline">
                    sale {event.sale.saleNumber}
                  </Link>
                </p>
                <p>{event.summary}</p>
                <p className="text-xs text-slate-600">
                  {formatDate(event.createdAt)} {formatTime(event.createdAt)} ·{" "}
                  {event.staff?.name ?? "System"}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No swap or repossession yet: they are listed here when they happen.</p>
        )}
      </Panel>
      <Panel id="device-tokens" title="Tokens">
        {issuedToken ? (
          <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            New token: <span className="font-mono font-semibold">{issuedToken.token}</span>
          </p>
        ) : null}
        {device.tokens.length ? (
          <TokenTable tokens={device.tokens} caption="Tokens of this device" highlight={issued} />
        ) : (
          <p>No tokens issued yet. Tokens made for this device will be listed here.</p>
        )}
        {can.reveal ? <TokenForm answer={tokenAnswer} /> : null}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
