import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ProviderUnavailable } from "./provider";
import type { PaymentProvider, ProviderTransaction } from "./provider";

// Spec 001 §1's channels in Flutterwave's words; its mobile-money options each name another country's
// networks, none Nigeria's, so none is listed.
export const FLUTTERWAVE_PAYMENT_OPTIONS = "card, banktransfer, ussd, qr";

export interface FlutterwaveKeys {
  publicKey: string;
  secretKey: string;
  webhookHash: string;
  baseUrl: string;
}

const TIMEOUT_MS = 15_000;

const CheckoutAnswer = z.object({ status: z.literal("success"), data: z.object({ link: z.string().url() }) });

const TransactionAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    id: z.union([z.number(), z.string()]),
    tx_ref: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
  }),
});

/** Anything unknown is still pending. */
function transactionStatus(status: string): ProviderTransaction["status"] {
  const word = status.toLowerCase();
  if (word === "successful" || word === "completed") return "successful";
  if (word === "failed" || word === "error") return "failed";
  if (word === "cancelled") return "cancelled";
  return "pending";
}

/** Answers are parsed, never trusted by shape. */
export function createFlutterwaveProvider(
  keys: FlutterwaveKeys,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  async function call(path: string, init: RequestInit = {}) {
    try {
      return await fetchImpl(`${keys.baseUrl}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${keys.secretKey}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailable(
        `Flutterwave did not answer (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  async function readJson(response: Response) {
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new ProviderUnavailable(`Flutterwave answered ${response.status} without JSON`);
    }
  }

  return {
    name: "flutterwave",
    publicKey: keys.publicKey,
    async createCheckout(request) {
      const response = await call("/v3/payments", {
        method: "POST",
        body: JSON.stringify({
          tx_ref: request.reference,
          amount: request.amountKobo / 100,
          currency: request.currency,
          redirect_url: request.redirectUrl,
          customer: {
            email: request.customer.email,
            name: request.customer.name,
            phonenumber: request.customer.phone,
          },
          customizations: { title: "Product Purchase", description: request.description },
          payment_options: FLUTTERWAVE_PAYMENT_OPTIONS,
          meta: request.meta,
        }),
      });
      const body = await readJson(response);
      const parsed = CheckoutAnswer.safeParse(body);
      if (!response.ok || !parsed.success) {
        const message = z.object({ message: z.string() }).safeParse(body);
        throw new ProviderUnavailable(
          `Flutterwave refused the checkout: ${message.success ? message.data.message : `status ${response.status}`}`,
        );
      }
      return { link: parsed.data.data.link };
    },
    async findTransaction({ reference, transactionId }) {
      const response = transactionId
        ? await call(`/v3/transactions/${encodeURIComponent(transactionId)}/verify`)
        : await call(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`);
      // Flutterwave answers 400/404 "No transaction was found" for a checkout nobody has paid yet.
      if (response.status === 400 || response.status === 404) return null;
      const body = await readJson(response);
      const parsed = TransactionAnswer.safeParse(body);
      if (!response.ok || !parsed.success) {
        throw new ProviderUnavailable(`Flutterwave answered the verification with status ${response.status}`);
      }
      const data = parsed.data.data;
      return {
        transactionId: String(data.id),
        reference: data.tx_ref,
        status: transactionStatus(data.status),
        amountKobo: Math.round(data.amount * 100),
        currency: data.currency.toUpperCase(),
      };
    },
    webhookSignatureMatches(signature) {
      if (!signature) return false;
      const given = Buffer.from(signature);
      const expected = Buffer.from(keys.webhookHash);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
