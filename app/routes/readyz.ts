import type { LoaderFunctionArgs } from "@remix-run/node";
import { backendProbe } from "~/probes.server";

/** The load balancer's probe: 200 when the backend's database answers (the host answers 503 while stopping). */
export async function loader(_args: LoaderFunctionArgs) {
  return backendProbe("/readyz");
}
