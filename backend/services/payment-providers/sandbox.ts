import { desc, eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { sandboxTransactions } from "../../db/schema";
import type { PaymentProvider } from "./provider";

/** The web app's sandbox checkout page (app/routes/payment.sandbox.$reference.tsx). */
export const sandboxCheckoutPath = (reference: string) => `/payment/sandbox/${encodeURIComponent(reference)}`;

/**
 * The built-in provider used when no Flutterwave keys are set (in production only with PAYMENT_SANDBOX=1):
 * its checkout page is a web app page for signed-in staff who may take payments, which calls this
 * backend's /payment/sandbox endpoints (routes/payments.ts); they write what was chosen to the sandbox's
 * own ledger, which is what verification reads here, the way it would ask Flutterwave. Works offline, in
 * demos and in tests.
 */
export function createSandboxProvider(db: AppDb): PaymentProvider {
  return {
    name: "sandbox",
    publicKey: null,
    // The checkout page lives in the web app the browser comes back to.
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
