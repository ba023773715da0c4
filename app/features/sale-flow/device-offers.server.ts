import { DeviceListSchema } from "#backend/schemas/devices";
import type { SaleDraft } from "#backend/schemas/sale-drafts";
import { apiReadOrFailure } from "~/api.server";
import type { DraftItem } from "./draft-view";
import type { DevicePickerState } from "./device-picker";

const OFFERED = 10;

// Free devices: of that item, not on a sale, not chosen here or for another product of the draft.
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
  return Promise.all(
    item.deviceRequirements.map(async (requirement) => {
      const search = state.search[requirement.inventoryId] ?? "";
      const answer = await apiReadOrFailure(request, "/v1/device", DeviceListSchema, {
        inventoryId: requirement.inventoryId,
        linked: "false",
        search: search || undefined,
        limit: Math.min(100, OFFERED + taken.size),
      });
      return {
        inventoryId: requirement.inventoryId,
        name: requirement.name,
        required: requirement.required,
        search,
        offered: answer.ok
          ? answer.data.devices
              .filter((device) => !taken.has(device.id))
              .slice(0, OFFERED)
              .map((device) => ({ id: device.id, serialNumber: device.serialNumber }))
          : null,
      };
    }),
  );
}
export type DeviceOffer = Awaited<ReturnType<typeof deviceOffers>>[number];
