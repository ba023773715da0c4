import type { PaymentProviderName } from "../../schemas/payments";

/** Amounts in kobo; providers speak naira. */
export interface CheckoutRequest {
  reference: string;
  amountKobo: number;
  currency: string;
  customer: { email: string; name: string; phone: string };
  redirectUrl: string;
  description: string;
  /** Carried with the transaction so the provider's dashboard and reports name the sale (spec 001 §3). */
  meta: { saleId: string; customerName: string; phoneNumber: string };
}

export interface ProviderTransaction {
  transactionId: string;
  reference: string;
  status: "successful" | "failed" | "cancelled" | "pending";
  amountKobo: number;
  currency: string;
}

// Verification rules live above this, in online-payments.ts, so both providers are held to the same ones.
export interface PaymentProvider {
  name: PaymentProviderName;
  publicKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<{ link: string }>;
  findTransaction(lookup: { reference: string; transactionId?: string }): Promise<ProviderTransaction | null>;
  webhookSignatureMatches(signature: string | undefined): boolean;
}

export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}
