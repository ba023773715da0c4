import { desc, eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { sandboxTransactions } from "../../db/schema";
import type { PaymentProvider } from "./provider";

export const sandboxCheckoutPath = (reference: string) => `/payment/sandbox/${encodeURIComponent(reference)}`;

// Used without Flutterwave keys (in production only with PAYMENT_SANDBOX=1). Its page writes to the
// sandbox's own ledger, which verification reads the way it would ask Flutterwave.
export function createSandboxProvider(db: AppDb): PaymentProvider {
  return {
    name: "sandbox",
    publicKey: null,
    async createCheckout(request) {
      return { link: `${new URL(request.redirectUrl).origin}${sandboxCheckoutPath(request.reference)}` };
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
