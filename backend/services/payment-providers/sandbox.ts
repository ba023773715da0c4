import { desc, eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { sandboxTransactions } from "../../db/schema";
import type { PaymentProvider } from "./provider";

export const sandboxCheckoutPath = (reference: string) =>
  `/api/v1/payment/sandbox/${encodeURIComponent(reference)}`;

/**
 * The built-in provider used when no Flutterwave keys are set: its checkout page is served by this backend
 * (routes/payments.ts) and writes what the customer chose to its own ledger, which is what verification
 * reads here, the way it would ask Flutterwave. Works offline, in demos and in tests.
 */
export function createSandboxProvider(db: AppDb, appUrl: string): PaymentProvider {
  return {
    name: "sandbox",
    publicKey: null,
    async createCheckout(request) {
      return { link: `${appUrl}${sandboxCheckoutPath(request.reference)}` };
    },
    async findTransaction({ reference, transactionId }) {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        // By id alone when given: verification then compares the reference it carries with ours.
        .where(
          transactionId
            ? eq(sandboxTransactions.id, transactionId)
            : eq(sandboxTransactions.reference, reference),
        )
        .orderBy(desc(sandboxTransactions.createdAt))
        .limit(1);
      if (!row) return null;
      return {
        transactionId: row.id,
        reference: row.reference,
        status: row.status,
        amountKobo: row.amountKobo,
        currency: row.currency,
      };
    },
    // The sandbox has no webhook: its page settles the payment itself (routes/payments.ts).
    webhookSignatureMatches: () => false,
  };
}
