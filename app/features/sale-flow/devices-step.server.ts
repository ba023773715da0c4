import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { DraftDevicesSchema } from "#backend/schemas/sale-drafts";
import { itemOf, loadDraft, productApi, savePart } from "~/features/sale-flow/draft.server";
import { deviceOffers } from "~/features/sale-flow/device-offers.server";
import type { DevicePickerState } from "~/features/sale-flow/device-picker";
import { applyDeviceIntent, deviceIntent, readDevicePicker } from "~/features/sale-flow/device-picker";
import { requireUser } from "~/session.server";
import { canFlags } from "~/utils/permissions";
import { errorToast, readFormData } from "~/utils/forms.server";
import type { ToastData } from "~/components/toaster";

async function pickerData(request: Request, draftId: string | undefined, productId: string | undefined) {
  const draft = await loadDraft(request, draftId);
  const item = itemOf(draft, productId);
  return { draft, item };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { draft, item } = await pickerData(request, params.draftId, params.productId);
  const state: DevicePickerState = {
    chosen: (item.devices ?? []).map((device) => ({ ...device })),
    search: {},
    editing: [],
  };
  return {
    draftId: draft.id,
    productName: item.product.name,
    units: item.units,
    hadSaved: item.devices !== null,
    state,
    offers: await deviceOffers(request, draft, item, state),
    message: null as string | null,
    toast: null as ToastData | null,
    can: canFlags(user, { registerDevices: "write:Devices" }),
  };
}

/** Link, unlink, search and edit answer the modal again; save links exactly what the item needs. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { draft, item } = await pickerData(request, params.draftId, params.productId);
  const formData = await readFormData(request);
  const intent = deviceIntent(String(formData.get("intent") ?? ""));
  const required = Object.fromEntries(
    item.deviceRequirements.map((entry) => [entry.inventoryId, entry.required]),
  );
  const state = applyDeviceIntent(readDevicePicker(formData), intent, formData, required);
  const answer = async (message: string | null, status = 200) =>
    data(
      {
        draftId: draft.id,
        productName: item.product.name,
        units: item.units,
        hadSaved: item.devices !== null,
        state,
        offers: await deviceOffers(request, draft, item, state),
        message,
        toast: message ? errorToast(message) : null,
        can: canFlags(user, { registerDevices: "write:Devices" }),
      },
      { status },
    );
  if (intent.kind !== "save") return answer(null);
  const parsed = DraftDevicesSchema.safeParse({ deviceIds: state.chosen.map((device) => device.id) });
  if (!parsed.success) return answer("Link the devices this product needs", 400);
  return savePart(
    request,
    draft.id,
    { method: "PUT", rest: productApi(item.productId, "devices"), body: parsed.data },
    (failure) =>
      answer(
        Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? failure.message ?? "Failed to link the devices",
        failure.status === 0 ? 503 : failure.status,
      ),
  );
}
