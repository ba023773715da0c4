import type { LoaderFunctionArgs } from "@remix-run/node";
import { backendProbe } from "~/probes.server";

/** Public health probe for ops: 200 when the backend's database answers. */
export async function loader(_args: LoaderFunctionArgs) {
  return backendProbe("/healthz");
}
