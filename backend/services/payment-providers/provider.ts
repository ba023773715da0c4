import type { PaymentProviderName } from "../../schemas/payments";

/** What a checkout asks of a provider (amounts in kobo; providers speak naira). */
export interface CheckoutRequest {
  reference: string;
  amountKobo: number;
  currency: string;
  customer: { email: string; name: string; phone: string };
  /** Where the provider sends the browser back, with `status`, `tx_ref` and `transaction_id`. */
  redirectUrl: string;
  description: string;
  /** Carried with the transaction so the provider's dashboard and reports name the sale (spec 001 §3). */
  meta: { saleId: string; customerName: string; phoneNumber: string };
}

/** A transaction as the provider reports it: the facts verification compares with what was asked. */
export interface ProviderTransaction {
  transactionId: string;
  reference: string;
  status: "successful" | "failed" | "cancelled" | "pending";
  amountKobo: number;
  currency: string;
}

/**
 * One payment provider (ARCHITECTURE §3 "Payments"): start a hosted checkout, look a transaction up, and
 * tell whether a webhook really comes from it. Verification rules live above this, in online-payments.ts,
 * so both providers are held to the same ones.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** For the provider's inline popup in the browser; null when there is none. */
  publicKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<{ link: string }>;
  /** By the provider's transaction id when known, else by our reference; null when it has none yet. */
  findTransaction(lookup: { reference: string; transactionId?: string }): Promise<ProviderTransaction | null>;
  webhookSignatureMatches(signature: string | undefined): boolean;
}

/** The provider could not be reached or answered something unexpected: nothing is recorded. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}
