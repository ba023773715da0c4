import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { DeviceListPage } from "~/features/devices/device-list";
import { deviceListLoader } from "~/features/devices/device-list.server";

export const meta: MetaFunction = () => [{ title: "Linked Devices — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return deviceListLoader("linked", args);
}

export default function LinkedDevicesRoute() {
  return <DeviceListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
