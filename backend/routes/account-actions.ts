import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody } from "../http/validation";
import {
  ActionResultSchema,
  CancelSchema,
  DefaultSchema,
  DelaySchema,
  PayoffQuoteSchema,
  PayoffSchema,
  RepossessionSchema,
  ResendTokenSchema,
  RestructurePreviewSchema,
  RestructureSchema,
  SwapSchema,
  SaleTokenSchema,
  TimelineSchema,
  WriteOffSchema,
} from "../schemas/account-actions";
import {
  acceptPayoff,
  accountTimeline,
  cancelWithRefund,
  giveDelay,
  issueSaleToken,
  markDefaulted,
  payoffQuote,
  recordRepossession,
  resendLastToken,
  undoDefault,
  writeOff,
} from "../services/account-actions";
import { restructureAccount, restructurePreview, swapDevice } from "../services/account-terms";
import { TokenRecordSchema } from "../schemas/token-records";

// Contract actions on an account (issue 27 §2), named by the account's sale id. Refusals: 400 for a rule
// (wrong status, not an account), 403 for a delay beyond what the caller may give, 404 for no such sale.

const refusals = { 400: "The account's status does not allow it", 404: "Sale not found" };

export const accountActionOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/accounts/{saleId}/timeline",
    tag: "Accounts",
    summary: "The account's timeline: every contract action, newest first, with who, when and before → after",
    access: "read:Sales",
    success: ok("The events", TimelineSchema),
    errors: { 404: "Sale not found" },
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/delay",
    tag: "Accounts",
    summary:
      "Extend the credit by `days` (1–30) without payment: unpaid installments move by the same days, each tokenable device gets a token for them (e-mailed to the customer). More than 2 days, or a second delay within 24 hours, needs manage:Sales",
    access: "write:Sales",
    body: DelaySchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: { ...refusals, 403: "A longer or second delay needs manage:Sales" },
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/default",
    tag: "Accounts",
    summary: "Mark an on-time or late account defaulted from today",
    access: "manage:Sales",
    body: DefaultSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/undo-default",
    tag: "Accounts",
    summary: "Take back a default marked by hand: the account gets the status its payments give it",
    access: "manage:Sales",
    body: DefaultSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/token",
    tag: "Accounts",
    summary:
      "Issue a token for one of the sale's devices (`deviceId`), for `days` or `unlock`, as the device page does; e-mailed to the customer",
    access: "manage:Devices",
    body: SaleTokenSchema,
    success: ok(
      "The account after it, its event and the token",
      ActionResultSchema.extend({ token: TokenRecordSchema }),
    ),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/resend-token",
    tag: "Accounts",
    summary: "E-mail the sale's latest token to the customer again",
    access: "write:Sales",
    body: ResendTokenSchema,
    success: ok("The account and its event", ActionResultSchema),
    errors: { 400: "No token yet, or no e-mail address", 404: "Sale not found" },
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/repossess",
    tag: "Accounts",
    summary:
      "Record a visit to take the unit back (`outcome`). PROMISED needs `promiseAmount` (naira) and `promiseDate`, and goes to the collection case; COLLECTED needs `returnedItemId` (a returned-class stock item), `unitCost` and `resalePrice` (naira): the account becomes REPOSSESSED, its devices go back to stock under that item with a reset token each",
    access: "manage:Sales",
    body: RepossessionSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "get",
    path: "/api/v1/accounts/{saleId}/payoff-quote",
    tag: "Accounts",
    summary:
      "What the customer owes to own the unit today: the outstanding balance, no discount (`rule` says why)",
    access: "read:Sales",
    success: ok("The quote", PayoffQuoteSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/payoff",
    tag: "Accounts",
    summary:
      "Accept the payoff quote: `amount` (naira) must be the quote as shown; records a cash payment of it, which completes the account and issues each device's unlock token (e-mailed)",
    access: "write:Sales",
    body: PayoffSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/cancel",
    tag: "Accounts",
    summary:
      "Cancel an account's sale (`reason` required): stock and devices released; `refund` (naira, 0 to what was paid) recorded as a payment REFUND_DUE",
    access: "manage:Sales",
    body: CancelSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/write-off",
    tag: "Accounts",
    summary:
      "Write off a defaulted account (`reason` required): its outstanding leaves the active book and PAR and counts in write-offs",
    access: "manage:Sales",
    body: WriteOffSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/restructure-preview",
    tag: "Accounts",
    summary:
      "The schedule new terms would give, nothing saved: `installments` (1–60) or `monthlyAmount` (naira), `firstDueDate` (today to 92 days ahead) and `reason`, as for the restructure",
    access: "manage:Sales",
    body: RestructureSchema,
    success: ok("The rows kept, the new rows and the rows they replace (naira)", RestructurePreviewSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/restructure",
    tag: "Accounts",
    summary:
      "Spread what is unpaid over new installments: `installments` or `monthlyAmount` (naira), `firstDueDate`, `reason`, and `unpaid` (naira) as the preview showed it (a changed balance is refused). Paid installments never change; the old schedule is kept on the event; each tokenable device gets a token setting its credit to the first due date (e-mailed)",
    access: "manage:Sales",
    body: RestructureSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
  {
    method: "post",
    path: "/api/v1/accounts/{saleId}/swap",
    tag: "Accounts",
    summary:
      "Replace the sale's device `oldDeviceId` with the device `newSerialNumber` from stock (one unit of its stock item leaves stock); `destination` RETURNED (with `returnedItemId`, `unitCost`, `resalePrice` in naira: back to stock, reset token) or FAULTY (set aside); `reason`. The new device gets a token setting it to the account's credit, or an unlock token when paid (e-mailed)",
    access: "manage:Devices",
    body: SwapSchema,
    success: ok("The account after it and its event", ActionResultSchema),
    errors: refusals,
  },
];

export function accountActionRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  return new Hono<ApiEnv>()
    .get("/:saleId/timeline", guard("read:Sales"), async (c) => {
      return c.json({ events: await accountTimeline(db, c.req.param("saleId")) }, 200);
    })
    .post("/:saleId/delay", guard("write:Sales"), async (c) => {
      const input = await readJsonBody(c, DelaySchema);
      const saleId = c.req.param("saleId");
      const { tokens: _tokens, ...result } = await giveDelay(db, signedInActor(c), saleId, input);
      return c.json(result, 200);
    })
    .post("/:saleId/default", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, DefaultSchema);
      return c.json(await markDefaulted(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/undo-default", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, DefaultSchema);
      return c.json(await undoDefault(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/token", guard("manage:Devices"), async (c) => {
      const input = await readJsonBody(c, SaleTokenSchema);
      const saleId = c.req.param("saleId");
      return c.json(await issueSaleToken(db, signedInActor(c), saleId, input), 200);
    })
    .post("/:saleId/resend-token", guard("write:Sales"), async (c) => {
      await readJsonBody(c, ResendTokenSchema);
      return c.json(await resendLastToken(db, signedInActor(c), c.req.param("saleId")), 200);
    })
    .post("/:saleId/repossess", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, RepossessionSchema);
      return c.json(await recordRepossession(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .get("/:saleId/payoff-quote", guard("read:Sales"), async (c) =>
      c.json(await payoffQuote(db, c.req.param("saleId")), 200),
    )
    .post("/:saleId/payoff", guard("write:Sales"), async (c) => {
      const input = await readJsonBody(c, PayoffSchema);
      return c.json(await acceptPayoff(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/cancel", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, CancelSchema);
      return c.json(await cancelWithRefund(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/write-off", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, WriteOffSchema);
      return c.json(await writeOff(db, signedInActor(c), c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/restructure-preview", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, RestructureSchema);
      return c.json(await restructurePreview(db, c.req.param("saleId"), input), 200);
    })
    .post("/:saleId/restructure", guard("manage:Sales"), async (c) => {
      const input = await readJsonBody(c, RestructureSchema);
      const saleId = c.req.param("saleId");
      const { tokens: _tokens, ...result } = await restructureAccount(db, signedInActor(c), saleId, input);
      return c.json(result, 200);
    })
    .post("/:saleId/swap", guard("manage:Devices"), async (c) => {
      const input = await readJsonBody(c, SwapSchema);
      const saleId = c.req.param("saleId");
      const { tokens: _tokens, ...result } = await swapDevice(db, signedInActor(c), saleId, input);
      return c.json(result, 200);
    });
}
