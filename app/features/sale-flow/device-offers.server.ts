import { UNASSIGNED } from "#backend/constants/devices";
import { DeviceListSchema } from "#backend/schemas/devices";
import type { DeviceList } from "#backend/schemas/devices";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { apiReadOrFailure } from "~/api.server";
import type { DraftItem } from "./draft-view";
import type { DevicePickerState } from "./device-picker";

const OFFERED = 10;

// Free devices: of that item (or of none yet), not on a sale, not chosen here or for another product of the
// draft.
export async function deviceOffers(
  request: Request,
  draft: SaleDraft,
  item: DraftItem,
  state: DevicePickerState,
) {
  const taken = new Set([
    ...state.chosen.map((device) => device.id),
    ...draft.items
      .filter((other) => other.productId !== item.productId)
      .flatMap((other) => other.devices?.map((device) => device.id) ?? []),
  ]);
  const free = (search: string, inventoryId: string) =>
    apiReadOrFailure(request, "/v1/device", DeviceListSchema, {
      inventoryId,
      linked: "false",
      search: search || undefined,
      limit: Math.min(100, OFFERED + taken.size),
    });
  return Promise.all(
    item.deviceRequirements.map(async (requirement) => {
      const search = state.search[requirement.inventoryId] ?? "";
      // Units registered without an item are offered too: sold as this item, they become its units.
      const [own, unassigned] = await Promise.all([
        free(search, requirement.inventoryId),
        free(search, UNASSIGNED),
      ]);
      const offer = (devices: DeviceList["devices"], withoutItem: boolean) =>
        devices
          .filter((device) => !taken.has(device.id))
          .map((device) => ({ id: device.id, serialNumber: device.serialNumber, withoutItem }));
      return {
        inventoryId: requirement.inventoryId,
        name: requirement.name,
        required: requirement.required,
        search,
        offered: own.ok
          ? [
              ...offer(own.data.devices, false),
              ...(unassigned.ok ? offer(unassigned.data.devices, true) : []),
            ].slice(0, OFFERED)
          : null,
      };
    }),
  );
}
export type DeviceOffer = Awaited<ReturnType<typeof deviceOffers>>[number];
