import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorBox } from "~/components/error-box";
import { Modal } from "~/components/modal";
import { ActionToast } from "~/components/toaster";
import { DEVICE_STATUS_LABELS, deviceSaveButton, deviceStatus } from "~/features/sale-flow/draft-view";
import type { DeviceOffer } from "~/features/sale-flow/device-offers.server";
import type { DevicePickerState, PickedDevice } from "~/features/sale-flow/device-picker";
import { DEVICE_EDITING, DEVICE_META, DEVICE_SEARCH, deviceMeta } from "~/features/sale-flow/device-picker";
import { draftPath } from "~/features/sale-flow/paths";
import { useIsPending } from "~/utils/use-is-pending";
import type { action, loader } from "~/features/sale-flow/devices-step.server";

export { action, loader } from "~/features/sale-flow/devices-step.server";

export const meta: MetaFunction = () => [{ title: "Link Device(s) — New Sale — SolarDesk" }];

const smallButton =
  "rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

const STATUS_STYLES = {
  "not-started": "bg-slate-100 text-slate-700",
  partial: "bg-yellow-100 text-yellow-900",
  full: "bg-green-100 text-green-800",
} as const;

function DeviceRow({
  device,
  children,
}: {
  device: PickedDevice | (Omit<PickedDevice, "inventoryId"> & { inventoryId: string });
  children?: React.ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-2 py-1 text-sm">
      <input type="hidden" name={`${DEVICE_META}${device.id}`} value={deviceMeta(device)} />
      <span className="font-mono">{device.serialNumber}</span>
      {children}
    </li>
  );
}

/** A unit not yet registered is added under Devices, which brings the clerk back here. */
function registerHref(returnTo: string, inventoryId?: string) {
  const query = new URLSearchParams({ returnTo });
  if (inventoryId) query.set("forItem", inventoryId);
  return `/devices/all/new?${query.toString()}`;
}

function InventoryDevices({
  offer,
  state,
  returnTo,
}: {
  offer: DeviceOffer;
  state: DevicePickerState;
  returnTo: string | null;
}) {
  const chosen = state.chosen.filter((device) => device.inventoryId === offer.inventoryId);
  const status = deviceStatus(chosen.length, offer.required);
  const editing = state.editing.includes(offer.inventoryId);
  const canRemove = status !== "full" || editing;
  const headingId = `devices-${offer.inventoryId}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="flex-1 font-semibold text-slate-900">
          {offer.name}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
          {DEVICE_STATUS_LABELS[status]} · {chosen.length} of {offer.required} linked
        </span>
        {status === "full" ? (
          <button
            type="submit"
            name="intent"
            value={`edit:${offer.inventoryId}`}
            aria-pressed={editing}
            aria-label={`Edit linked devices of ${offer.name}`}
            className={smallButton}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-3.5 w-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
            </svg>
          </button>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">
        {offer.required} needed ({offer.required === 1 ? "one unit" : "units × quantity per unit"})
      </p>
      {chosen.length ? (
        <ul aria-label={`Linked devices of ${offer.name}`} className="mt-2 divide-y divide-slate-100">
          {chosen.map((device) => (
            <DeviceRow key={device.id} device={device}>
              {canRemove ? (
                <button
                  type="submit"
                  name="intent"
                  value={`unlink:${device.id}`}
                  aria-label={`Remove ${device.serialNumber}`}
                  className={`${smallButton} text-red-700`}
                >
                  Remove
                </button>
              ) : null}
            </DeviceRow>
          ))}
        </ul>
      ) : null}
      {status !== "full" ? (
        <div className="mt-3">
          <div role="search" className="flex gap-2">
            <label htmlFor={`${headingId}-search`} className="sr-only">
              Search devices of {offer.name}
            </label>
            <input
              id={`${headingId}-search`}
              type="search"
              name={`${DEVICE_SEARCH}${offer.inventoryId}`}
              defaultValue={offer.search}
              placeholder="Search serial number here"
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
            />
            <button type="submit" name="intent" value={`search:${offer.inventoryId}`} className={smallButton}>
              Search
            </button>
          </div>
          {offer.offered === null ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              Failed to fetch devices
            </p>
          ) : offer.offered.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {offer.search ? "No results for these filters" : "No data available"}
            </p>
          ) : (
            <ul aria-label={`Devices of ${offer.name} to link`} className="mt-2 divide-y divide-slate-100">
              {offer.offered.map((device) => (
                <DeviceRow key={device.id} device={{ ...device, inventoryId: offer.inventoryId }}>
                  {device.withoutItem ? (
                    <span className="text-xs text-slate-600">
                      No item yet: becomes a unit of {offer.name}
                    </span>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value={`link:${device.id}`}
                    aria-label={`Link ${device.serialNumber}`}
                    className={smallButton}
                  >
                    Link
                  </button>
                </DeviceRow>
              ))}
            </ul>
          )}
          {returnTo ? (
            <Link
              to={registerHref(returnTo, offer.inventoryId)}
              className="mt-2 inline-block text-sm text-brand-700 hover:underline"
            >
              Register a new unit of {offer.name}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export default function DevicesRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = actionData ?? loaded;
  const pending = useIsPending({ intent: "save" });
  const required = view.offers.reduce((sum, offer) => sum + offer.required, 0);
  const save = deviceSaveButton(view.state.chosen.length, required, view.hadSaved);
  const { pathname } = useLocation();
  const returnTo = view.can.registerDevices ? pathname : null;
  return (
    <Modal
      title="Link Device(s)"
      hint="Choose the devices that go with this product."
      closeTo={draftPath(view.draftId)}
    >
      <ActionToast toast={view.toast} />
      <p className="mb-3 text-sm font-medium text-slate-900">
        {view.productName} · {view.units} unit{view.units === 1 ? "" : "s"}
      </p>
      {view.offers.length === 0 ? (
        <div className="text-sm text-slate-600">
          <p>
            None of this product&apos;s inventory items has devices registered. Register its devices first.
          </p>
          {returnTo ? (
            <Link to={registerHref(returnTo)} className="mt-2 inline-block text-brand-700 hover:underline">
              Register a unit under Devices
            </Link>
          ) : null}
        </div>
      ) : (
        <Form method="post" preventScrollReset className="flex flex-col gap-3">
          {/* The default button: Enter in a search box searches rather than pressing the first Remove. */}
          <button type="submit" name="intent" value="refresh" hidden />
          {view.state.chosen.map((device) => (
            <input key={device.id} type="hidden" name="deviceIds" value={device.id} />
          ))}
          {view.state.editing.map((inventoryId) => (
            <input key={inventoryId} type="hidden" name={DEVICE_EDITING} value={inventoryId} />
          ))}
          {view.offers.map((offer) => (
            <InventoryDevices key={offer.inventoryId} offer={offer} state={view.state} returnTo={returnTo} />
          ))}
          <ErrorBox errors={view.message ?? []} />
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={!save.enabled || pending}
            className={`self-start rounded-full px-5 py-2.5 text-sm font-semibold text-white ${
              save.enabled ? "bg-green-700 hover:bg-green-800" : "cursor-not-allowed bg-slate-500"
            }`}
          >
            {pending ? "Saving..." : save.label}
          </button>
        </Form>
      )}
    </Modal>
  );
}
