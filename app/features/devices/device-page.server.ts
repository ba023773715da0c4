import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DeviceDetailSchema, RevealedKeySchema } from "#backend/schemas/devices";
import { apiRead, apiWrite } from "~/api.server";
import { inventoryItem } from "~/features/devices/inventory-options.server";
import { generateToken } from "~/features/devices/token-form.server";
import { requirePermission, requireUser } from "~/session.server";
import { describeFailure } from "~/utils/error-catalogue";
import { capitalise } from "~/utils/format";
import { errorToast, readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

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
