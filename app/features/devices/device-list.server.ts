import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { DeviceListQuerySchema, DeviceRecordSchema } from "#backend/schemas/devices";
import { listSchema } from "#backend/schemas/list";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";
import { FILTER_PANEL } from "./device-filters";
import { inventoryItem, inventoryItemOptions } from "./inventory-options.server";

const DeviceRowSchema = DeviceRecordSchema.pick({
  id: true,
  serialNumber: true,
  key: true,
  startingCode: true,
  hardwareModel: true,
  firmwareVersion: true,
  isTokenable: true,
  linked: true,
  createdAt: true,
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;
const DeviceRowListSchema = listSchema("devices", DeviceRowSchema);

// The inventory items are read only while the filter panel is open, so a list costs one API read.
export async function deviceListLoader(tab: string, { request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The key filter is for roles that manage devices and has no place in a URL (it is a secret).
  const url = new URL(request.url);
  url.searchParams.delete("key");
  const listRequest = new Request(url, request);
  const panelOpen = url.searchParams.get(FILTER_PANEL.name) === FILTER_PANEL.value;
  const [list, items] = await Promise.all([
    loadListPage(listRequest, user, {
      section: "devices",
      tab,
      list: { path: "/v1/device", query: DeviceListQuerySchema, answer: DeviceRowListSchema },
      can: { create: "write:Devices" },
    }),
    panelOpen ? inventoryItemOptions(request) : null,
  ]);
  const inventoryId = list.page.query.inventoryId;
  const filteredItem = inventoryId ? await inventoryItem(request, inventoryId) : null;
  return {
    ...list,
    panel: panelOpen ? { items } : null,
    filteredItemName: filteredItem ? `${filteredItem.name} (${filteredItem.sku})` : null,
  };
}
