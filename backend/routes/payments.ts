import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { httpError } from "../http/errors";
import { createGuard, signedInActor } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  InitializePaymentSchema,
  InitializedPaymentSchema,
  SandboxCheckoutSchema,
  SandboxDecisionSchema,
  SandboxOutcomeSchema,
  VerificationSchema,
  VerifyCallbackQuerySchema,
  WebhookBodySchema,
} from "../schemas/payments";
import {
  UNKNOWN_REFERENCE,
  decideSandboxCheckout,
  handleWebhook,
  initializePayment,
  sandboxCheckout,
  verifyPayment,
} from "../services/online-payments";
import type { PaymentContext } from "../services/online-payments";
import { paymentProviderFor } from "../services/payment-providers";

export const INVALID_SIGNATURE = "Invalid webhook signature";

export const paymentOperations: Operation[] = [
  {
    method: "post",
    path: "/api/v1/payment/initialize",
    tag: "Payments",
    summary:
      "Start an online payment for a sale: `amount` defaults to what is due now (the deposit, or the next " +
      "instalment) and may not exceed the balance; answers the provider's checkout link and our reference",
    access: "write:Sales",
    body: InitializePaymentSchema,
    success: ok("The checkout", InitializedPaymentSchema, 201),
    errors: { 404: "Sale not found", 502: "The payment provider did not answer" },
  },
  {
    method: "get",
    path: "/api/v1/payment/verify/callback",
    tag: "Payments",
    summary:
      "Verify a checkout with the provider (`txref` or `tx_ref`, and `transaction_id` or `transactionid`) and " +
      "record its payment once: success (COMPLETED or INCOMPLETE), processing (PENDING), or 400 when the " +
      "payment did not go through or its amount or currency differ from what was asked",
    access: "read:Sales",
    query: z.object({
      txref: z.string().optional(),
      tx_ref: z.string().optional(),
      transaction_id: z.string().optional(),
      transactionid: z.string().optional(),
      status: z.string().optional(),
    }),
    success: ok("The verification", VerificationSchema),
    errors: { 502: "The payment provider did not answer" },
  },
  {
    method: "post",
    path: "/api/v1/payment/flw-webhook",
    tag: "Payments",
    summary:
      "Flutterwave's webhook, signed with the `verif-hash` header (FLW_WEBHOOK_HASH); the transaction is " +
      "looked up with Flutterwave again and its payment recorded once",
    access: "public",
    body: WebhookBodySchema,
    success: ok("Received", z.object({ received: z.literal(true), recorded: z.boolean() })),
    errors: { 401: INVALID_SIGNATURE },
  },
  {
    method: "get",
    path: "/api/v1/payment/sandbox/{reference}",
    tag: "Payments",
    summary:
      "The built-in sandbox provider's checkout (no Flutterwave keys; PAYMENT_SANDBOX=1 in production), " +
      "shown by the web app's /payment/sandbox/{reference} page: amount, reference, status, sale",
    access: "write:Sales",
    success: ok("The checkout", SandboxCheckoutSchema),
    errors: { 404: "Unknown reference" },
  },
  {
    method: "post",
    path: "/api/v1/payment/sandbox/{reference}",
    tag: "Payments",
    summary:
      "The sandbox checkout's Pay (optionally another `amount`, to try a mismatch) or Cancel (`decision`): " +
      "settles or closes it at once and answers the `status`, `tx_ref` and `transaction_id` that " +
      "Flutterwave's redirect would carry back to /sales/all",
    access: "write:Sales",
    body: SandboxDecisionSchema,
    success: ok("Decided", SandboxOutcomeSchema),
    errors: { 404: "Unknown reference" },
  },
];

export function paymentRoutes({ db, config, mailer, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const context: PaymentContext = {
    db,
    mailer,
    provider: paymentProviderFor(config, db),
    appUrl: config.appUrl,
  };
  const forgetCachedReads = () => {
    for (const cache of Object.values(caches)) cache.clear();
  };

  return (
    new Hono<ApiEnv>()
      .post("/initialize", guard("write:Sales"), async (c) => {
        const input = await readJsonBody(c, InitializePaymentSchema);
        return c.json(await initializePayment(context, signedInActor(c), input), 201);
      })
      .get("/verify/callback", guard("read:Sales"), async (c) => {
        const query = readQuery(c, VerifyCallbackQuerySchema);
        try {
          return c.json(await verifyPayment(context, query, signedInActor(c)), 200);
        } finally {
          // A GET that may record a payment: the cached lists and counts must not show the old balance.
          forgetCachedReads();
        }
      })
      .post("/flw-webhook", async (c) => {
        if (!context.provider.webhookSignatureMatches(c.req.header("verif-hash"))) {
          throw httpError(401, INVALID_SIGNATURE);
        }
        const body = await readJsonBody(c, WebhookBodySchema);
        const result = await handleWebhook(context, {
          transactionId: String(body.data.id),
          reference: body.data.tx_ref,
        });
        return c.json({ received: true as const, ...result }, 200);
      })
      // Completing a sandbox checkout records a payment and issues device tokens: only staff who may take
      // payments can, never whoever holds the reference (it travels in URLs and browser history).
      .get("/sandbox/:reference", guard("write:Sales"), async (c) => {
        const reference = c.req.param("reference");
        if (context.provider.name !== "sandbox") throw httpError(404, UNKNOWN_REFERENCE(reference));
        return c.json(await sandboxCheckout(db, reference), 200);
      })
      .post("/sandbox/:reference", guard("write:Sales"), async (c) => {
        const reference = c.req.param("reference");
        if (context.provider.name !== "sandbox") throw httpError(404, UNKNOWN_REFERENCE(reference));
        const decision = await readJsonBody(c, SandboxDecisionSchema);
        const outcome = await decideSandboxCheckout(context, reference, decision, signedInActor(c));
        forgetCachedReads();
        return c.json(outcome, 200);
      })
  );
}
