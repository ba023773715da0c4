import type { BackendConfig } from "../../config";
import type { AppDb } from "../../db/client";
import type { PaymentProviderName } from "../../schemas/payments";
import { createFlutterwaveProvider } from "./flutterwave";

export { FLUTTERWAVE_PAYMENT_OPTIONS } from "./flutterwave";
import { createSandboxProvider } from "./sandbox";
import type { PaymentProvider } from "./provider";

export type { CheckoutRequest, PaymentProvider, ProviderTransaction } from "./provider";
export { ProviderUnavailable } from "./provider";

export const paymentProviderName = (config: Pick<BackendConfig, "flutterwave">): PaymentProviderName =>
  config.flutterwave ? "flutterwave" : "sandbox";

export function paymentProviderFor(config: Pick<BackendConfig, "flutterwave">, db: AppDb): PaymentProvider {
  return config.flutterwave ? createFlutterwaveProvider(config.flutterwave) : createSandboxProvider(db);
}
