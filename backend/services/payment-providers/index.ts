import type { BackendConfig } from "../../config";
import type { AppDb } from "../../db/client";
import { createFlutterwaveProvider } from "./flutterwave";
import { createSandboxProvider } from "./sandbox";
import type { PaymentProvider } from "./provider";

export type { CheckoutRequest, PaymentProvider, ProviderTransaction } from "./provider";
export { ProviderUnavailable } from "./provider";

/** Flutterwave when its keys are set, else the built-in sandbox (ARCHITECTURE §4). */
export function paymentProviderFor(
  config: Pick<BackendConfig, "flutterwave" | "appUrl">,
  db: AppDb,
): PaymentProvider {
  return config.flutterwave
    ? createFlutterwaveProvider(config.flutterwave)
    : createSandboxProvider(db, config.appUrl);
}
