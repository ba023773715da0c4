import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { httpError } from "../http/errors";
import { createGuard, signedInActor } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { SANDBOX_PAGE_CSP, sandboxPage } from "../http/sandbox-page";
import { readJsonBody, readQuery, validationError } from "../http/validation";
import {
  InitializePaymentSchema,
  InitializedPaymentSchema,
  SandboxDecisionSchema,
  VerificationSchema,
  VerifyCallbackQuerySchema,
  WebhookBodySchema,
} from "../schemas/payments";
import { ServiceError } from "../services/errors";
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
      "The built-in sandbox provider's checkout page (when no Flutterwave keys are set): amount, reference, " +
      "Pay (optionally another amount) and Cancel",
    access: "public",
    success: { ...ok("The checkout page", z.string()), contentType: "text/html" },
    errors: { 404: "Unknown reference" },
  },
  {
    method: "post",
    path: "/api/v1/payment/sandbox/{reference}",
    tag: "Payments",
    summary:
      "The sandbox page's Pay or Cancel (form fields `decision`, `amount`): redirects the browser back to the " +
      "web app's /sales/all with `status`, `tx_ref` and `transaction_id`, as Flutterwave does",
    access: "public",
    success: {
      status: 303,
      description: "Back to the web app",
      schema: z.string(),
      contentType: "text/plain",
    },
    errors: { 404: "Unknown reference" },
  },
];

function htmlPage(html: string, status = 200) {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": SANDBOX_PAGE_CSP,
      "Cache-Control": "no-store",
    },
  });
}

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

  return new Hono<ApiEnv>()
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
    .get("/sandbox/:reference", async (c) => {
      const checkout =
        context.provider.name === "sandbox" ? await sandboxCheckout(db, c.req.param("reference")) : null;
      if (!checkout) throw httpError(404, UNKNOWN_REFERENCE(c.req.param("reference")));
      return htmlPage(sandboxPage(checkout));
    })
    .post("/sandbox/:reference", async (c) => {
      const reference = c.req.param("reference");
      const checkout = context.provider.name === "sandbox" ? await sandboxCheckout(db, reference) : null;
      if (!checkout) throw httpError(404, UNKNOWN_REFERENCE(reference));
      const form = Object.fromEntries(
        Object.entries(await c.req.parseBody()).filter(([, value]) => typeof value === "string"),
      );
      // Cancel needs no amount: a half-typed amount must not stop the customer from leaving.
      const parsed = SandboxDecisionSchema.safeParse(
        form.decision === "cancel" ? { decision: "cancel" } : form,
      );
      if (!parsed.success) {
        const problem = validationError(parsed.error).message;
        return htmlPage(sandboxPage(checkout, problem), 400);
      }
      try {
        const location = await decideSandboxCheckout(context, reference, parsed.data);
        forgetCachedReads();
        return c.redirect(location, 303);
      } catch (error) {
        if (error instanceof ServiceError && error.kind === "invalid") {
          return htmlPage(
            sandboxPage((await sandboxCheckout(db, reference)) ?? checkout, error.message),
            400,
          );
        }
        throw error;
      }
    });
}
