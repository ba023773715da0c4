import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { DeviceRecord } from "#backend/schemas/devices";
import { DeviceDetailSchema, RevealedKeySchema } from "#backend/schemas/devices";
import { apiRead, apiWrite } from "~/api.server";
import { CopyButton } from "~/components/copy-button";
import { DetailList } from "~/components/detail-list";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { inventoryItem } from "~/features/devices/inventory-options.server";
import { TokenForm } from "~/features/devices/token-form";
import { generateToken } from "~/features/devices/token-form.server";
import { TokenTable } from "~/features/devices/token-table";
import { requirePermission, requireUser } from "~/session.server";
import { describeFailure } from "~/utils/error-catalogue";
import { capitalise, formatDate, formatNumber } from "~/utils/format";
import { errorToast, readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.device.serialNumber} — Devices — SolarDesk` : "Device — SolarDesk" },
];

const devicePath = (id: string | undefined) => `/v1/device/${encodeURIComponent(id ?? "")}` as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const device = await apiRead(request, devicePath(params.deviceId), DeviceDetailSchema);
  const item = device.inventoryId ? await inventoryItem(request, device.inventoryId) : null;
  return {
    device,
    item: item
      ? {
          name: item.name,
          sku: item.sku,
          manufacturerName: item.manufacturerName,
          itemClass: capitalise(item.class.toLowerCase()),
        }
      : null,
    can: canFlags(user, { reveal: "manage:Devices" }),
    issued: new URL(request.url).searchParams.get("issued"),
  };
}

// 'Reveal key': the key comes back in this answer only (never in a URL, a redirect or a cookie), and the
// API logs who revealed it.
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manage:Devices");
  const formData = await readFormData(request);
  if (formData.get("intent") === "generate-token") {
    return generateToken(request, params.deviceId ?? "", formData);
  }
  const answer = await apiWrite(
    request,
    { method: "POST", path: `${devicePath(params.deviceId)}/reveal-key` },
    RevealedKeySchema,
  );
  if (!answer.ok) {
    const description = describeFailure(answer.failure);
    const [message] = [answer.failure.message].flat();
    return { revealedKey: null, toast: errorToast(description.toast ?? message ?? description.title) };
  }
  return { revealedKey: answer.data.key, toast: null };
}

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
    ["Status", device.linked ? "Linked to a sale" : "Available"],
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
    <span className="font-mono text-xs">{device.key}</span>
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
          {can.reveal && !revealed ? (
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
