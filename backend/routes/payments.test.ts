import { eq } from "drizzle-orm";
import { deviceTokens, devices, messages, paymentCheckouts, salePayments, sales } from "../db/schema";
import { ErrorBodySchema } from "../schemas/errors";
import {
  InitializedPaymentSchema,
  SandboxCheckoutSchema,
  SandboxOutcomeSchema,
  VerificationSchema,
} from "../schemas/payments";
import { FORBIDDEN_BODY, expectExactly, signedInAs } from "../test/factories";
import { startFlutterwaveFake } from "../test/flutterwave-fake";
import type { FlutterwaveFake } from "../test/flutterwave-fake";
import { CONTRACT, RECIPIENT, makeCustomer, makeSellableProduct, oneOffSale } from "../test/sale-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

type Sale = { id: string; totalPrice: number; installmentStartingPrice: number };

/** An instalment sale of ₦10,000 over 3 months at 4 %: ₦11,200 in all, deposit ₦2,240, then ₦2,986.67 a month. */
async function instalmentSale(backend: TestBackend, token: string, paymentMethod = "ONLINE") {
  const { product, devices: units } = await makeSellableProduct(backend.db, { price: 10_000 });
  const customer = await makeCustomer(backend.db);
  const response = await backend.request("POST", "/api/v1/sales/create", {
    token,
    body: {
      ...oneOffSale(customer.id, product.id, [units[0].id]),
      paymentMethod,
      saleItems: [
        {
          productId: product.id,
          quantity: 1,
          paymentMode: "INSTALLMENT",
          installmentDuration: 3,
          installmentStartingPrice: 20,
          devices: [units[0].id],
          saleRecipient: RECIPIENT,
        },
      ],
      ...CONTRACT,
    },
  });
  expect(response.status).toBe(201);
  return { sale: (await response.json()).sale as Sale, device: units[0], customer };
}

async function oneOff(backend: TestBackend, token: string) {
  const { product, devices: units } = await makeSellableProduct(backend.db, { price: 5_000 });
  const customer = await makeCustomer(backend.db);
  const response = await backend.request("POST", "/api/v1/sales/create", {
    token,
    body: { ...oneOffSale(customer.id, product.id, [units[0].id]), paymentMethod: "ONLINE" },
  });
  expect(response.status).toBe(201);
  return { sale: (await response.json()).sale as Sale, device: units[0] };
}

const paymentsOf = (backend: TestBackend, saleId: string) =>
  backend.db.select().from(salePayments).where(eq(salePayments.saleId, saleId));

describe("with the built-in sandbox provider", () => {
  let backend: TestBackend;
  let token: string;
  beforeAll(async () => {
    backend = await createTestBackend();
    ({ token } = await signedInAs(backend, "sales"));
  });
  afterAll(() => backend.close());

  const initialize = (body: unknown, as = token) =>
    backend.request("POST", "/api/v1/payment/initialize", { token: as, body });
  const verify = (query: string, as = token) =>
    backend.request("GET", `/api/v1/payment/verify/callback?${query}`, { token: as });
  /**
   * Staff on the sandbox page: Pay (optionally another amount) or Cancel; answers where the web app sends
   * the browser back to (the sale's page) and with what query, as Flutterwave's redirect would.
   */
  async function checkout(reference: string, decision: "pay" | "cancel", amount?: number, as = token) {
    const response = await backend.request("POST", `/api/v1/payment/sandbox/${reference}`, {
      token: as,
      body: { decision, ...(amount !== undefined ? { amount } : {}) },
    });
    expect(response.status).toBe(200);
    const outcome = await response.json();
    expectExactly(SandboxOutcomeSchema, outcome);
    const { saleId, ...query } = outcome;
    const [pending] = await backend.db
      .select({ saleId: paymentCheckouts.saleId })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.reference, reference));
    expect(saleId).toBe(pending.saleId);
    const back = new URL(`http://app.test/sales/${saleId}`);
    for (const [name, value] of Object.entries(query)) {
      if (typeof value === "string") back.searchParams.set(name, value);
    }
    return back;
  }

  it("takes a deposit through the sandbox checkout, records it once however often it is verified, and issues a token", async () => {
    const { sale, device, customer } = await instalmentSale(backend, token);
    const started = await initialize({ saleId: sale.id });
    expect(started.status).toBe(201);
    const payment = await started.json();
    expectExactly(InitializedPaymentSchema, payment);
    expect(payment).toMatchObject({ amount: 2_240, currency: "NGN", provider: "sandbox", publicKey: null });
    expect(payment.link).toBe(`http://app.test/payment/sandbox/${payment.reference}`);

    const page = await backend.request("GET", `/api/v1/payment/sandbox/${payment.reference}`, { token });
    expect(page.status).toBe(200);
    const shown = await page.json();
    expectExactly(SandboxCheckoutSchema, shown);
    expect(shown).toEqual({
      reference: payment.reference,
      amount: 2_240,
      currency: "NGN",
      status: "PENDING",
      saleId: sale.id,
    });
    expect(JSON.stringify(shown)).not.toContain(customer.email);

    const back = await checkout(payment.reference, "pay");
    expect(back.searchParams.get("status")).toBe("successful");
    expect(back.searchParams.get("tx_ref")).toBe(payment.reference);
    const transactionId = back.searchParams.get("transaction_id");
    expect(transactionId).toBeTruthy();

    // The browser coming back, a reload, the spec's own query names, and all at once.
    const query = `tx_ref=${payment.reference}&transaction_id=${transactionId}&status=successful`;
    const answers = await Promise.all([
      verify(query),
      verify(query),
      verify(`txref=${payment.reference}`),
      verify(`txref=${payment.reference}&transactionid=${transactionId}`),
      verify(`transaction_id=${transactionId}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expectExactly(VerificationSchema, body);
      expect(body).toMatchObject({
        status: "success",
        paymentStatus: "INCOMPLETE",
        amount: 2_240,
        saleId: sale.id,
      });
    }
    const recorded = await paymentsOf(backend, sale.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: "ONLINE",
      status: "INCOMPLETE",
      amountKobo: 224_000,
      provider: "sandbox",
    });

    const saleNow = await (await backend.request("GET", `/api/v1/sales/${sale.id}`, { token })).json();
    expect(saleNow).toMatchObject({ status: "IN_INSTALLMENT", totalPaid: 2_240, balance: 8_960 });
    expect(saleNow.payments[0]).toMatchObject({
      method: "ONLINE",
      status: "INCOMPLETE",
      reference: payment.reference,
    });
    const tokens = saleNow.items[0].devices[0].tokens;
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ kind: "ADD_TIME", days: 30, value: 30, paymentId: recorded[0].id });
    expect(tokens[0].token).toMatch(/^\d{9}$/);
    const [deviceNow] = await backend.db.select().from(devices).where(eq(devices.id, device.id));
    expect(deviceNow.count).toBe(tokens[0].count);
    expect(deviceNow.count).toBeGreaterThan(device.count ?? 0);
    // The customer is told in a message queued with the payment, the token in it.
    const [told] = await backend.db.select().from(messages).where(eq(messages.saleId, sale.id));
    expect(told).toMatchObject({ kind: "WELCOME", status: "QUEUED", paymentId: recorded[0].id });
    expect(told.body).toContain(tokens[0].token);

    // The client posting the verified payment again (spec §4) reads it back, never counts it twice.
    const acknowledged = await backend.request("POST", "/api/v1/sales/record-cash-payment", {
      token,
      body: {
        saleId: sale.id,
        paymentMethod: "ONLINE",
        amount: 2_240,
        status: "INCOMPLETE",
        reference: payment.reference,
      },
    });
    expect(acknowledged.status).toBe(200);
    expect((await acknowledged.json()).payment.id).toBe(recorded[0].id);
    expect(await paymentsOf(backend, sale.id)).toHaveLength(1);

    // The next instalment, online from the sale page: the amount due now is the first monthly amount.
    const next = await (await initialize({ saleId: sale.id })).json();
    expect(next.amount).toBe(saleNow.schedule[1].amount);
    const nextBack = await checkout(next.reference, "pay");
    const second = await (await verify(nextBack.search.slice(1))).json();
    expect(second).toMatchObject({ status: "success", paymentStatus: "INCOMPLETE" });
    const after = await (await backend.request("GET", `/api/v1/sales/${sale.id}`, { token })).json();
    const newest = after.items[0].devices[0].tokens;
    expect(newest).toHaveLength(2);
    expect(newest[0]).toMatchObject({ kind: "ADD_TIME", days: 30 });
    expect(newest[0].count).toBeGreaterThan(newest[1].count);
  });

  it("opens a checkout under the reference the page showed, once however often Pay is pressed", async () => {
    const { sale } = await instalmentSale(backend, token);
    const reference = `pay-${Date.now().toString(16)}`;
    const first = await (await initialize({ saleId: sale.id, reference })).json();
    const again = await (await initialize({ saleId: sale.id, reference })).json();
    expect(first.reference).toBe(reference);
    expect(again).toMatchObject({ reference, amount: first.amount });
    const rows = await backend.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.reference, reference));
    expect(rows).toHaveLength(1);
    // The same reference for another amount or another sale is someone else's payment.
    const other = await oneOff(backend, token);
    for (const body of [
      { saleId: sale.id, reference, amount: 1 },
      { saleId: other.sale.id, reference },
    ]) {
      const refused = await initialize(body);
      expect(refused.status).toBe(400);
      expect((await refused.json()).fieldErrors).toEqual({
        reference: ["This reference belongs to another payment"],
      });
    }
    const odd = await initialize({ saleId: sale.id, reference: "no spaces allowed" });
    expect((await odd.json()).fieldErrors).toEqual({
      reference: ["Reference must be 8 to 64 letters, digits or dashes"],
    });
    const back = await checkout(reference, "pay");
    expect((await (await verify(back.search.slice(1))).json()).status).toBe("success");
  });

  it("answers 'Payment was not successful' for a cancelled checkout and records nothing", async () => {
    const { sale } = await instalmentSale(backend, token);
    const tabOf = async () => {
      const tabs = [];
      for (const tab of ["new", "payment"]) {
        const page = await (
          await backend.request("GET", `/api/v1/sales/list?tab=${tab}&search=${sale.id}`, { token })
        ).json();
        if (page.total > 0) tabs.push(tab);
      }
      return tabs;
    };
    // An online sale starts its first checkout when it is created: it is 'In Payment' (docs/decisions/018).
    expect(await tabOf()).toEqual(["payment"]);
    const payment = await (await initialize({ saleId: sale.id })).json();
    expect(await tabOf()).toEqual(["payment"]);
    const back = await checkout(payment.reference, "cancel");
    expect(back.searchParams.get("status")).toBe("cancelled");
    expect(back.searchParams.get("transaction_id")).toBeNull();
    const answer = await verify(back.search.slice(1));
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("Payment was not successful. Please try again.");
    expect(await paymentsOf(backend, sale.id)).toHaveLength(0);
    const [row] = await backend.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.reference, payment.reference));
    expect(row.status).toBe("CANCELLED");
    expect(await tabOf()).toEqual(["new"]);
    // A closed checkout cannot be paid afterwards: the customer starts a new one.
    const late = await backend.request("POST", `/api/v1/payment/sandbox/${payment.reference}`, {
      token,
      body: { decision: "pay" },
    });
    expect(late.status).toBe(400);
    expect((await late.json()).message).toBe("This checkout is closed: start a new payment from the sale");
  });

  it("counts a different amount the provider verified, flags it for review, and marks any excess for refund", async () => {
    const { sale, device } = await instalmentSale(backend, token);
    const payment = await (await initialize({ saleId: sale.id })).json();
    expect(payment.amount).toBe(2_240);
    const back = await checkout(payment.reference, "pay", 1000);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await verify(back.search.slice(1));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        status: "success",
        paymentStatus: "INCOMPLETE",
        amount: 1_000,
        message:
          "Payment verified, but for ₦1,000 instead of the ₦2,240 asked: ₦1,000 is counted, and the payment is flagged for review on the sale",
      });
    }
    const recorded = await paymentsOf(backend, sale.id);
    expect(recorded).toMatchObject([{ status: "INCOMPLETE", amountKobo: 100_000 }]);
    const [saleRow] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(saleRow).toMatchObject({ paidKobo: 100_000, status: "IN_INSTALLMENT" });
    // Less than the deposit buys no days yet (the token rule of every payment).
    expect(await backend.db.$count(deviceTokens, eq(deviceTokens.deviceId, device.id))).toBe(0);
    const record = await (await backend.request("GET", `/api/v1/sales/${sale.id}`, { token })).json();
    expect(record.payments[0].review).toBe("Paid another amount than asked: check it with the customer");

    // More than the whole balance: the balance is counted, the rest is due back to the customer.
    const rest = await (await initialize({ saleId: sale.id, amount: 10_200 })).json();
    expect(rest.amount).toBe(10_200);
    const over = await checkout(rest.reference, "pay", 12_000);
    const answer = await (await verify(over.search.slice(1))).json();
    expect(answer).toMatchObject({ paymentStatus: "COMPLETED", amount: 12_000 });
    expect(answer.message).toBe(
      "Payment verified, but for ₦12,000 instead of the ₦10,200 asked: ₦10,200 is counted, ₦1,800 is to be refunded, and the payment is flagged for review on the sale",
    );
    const all = await paymentsOf(backend, sale.id);
    expect(all.map((row) => [row.status, row.amountKobo])).toEqual([
      ["INCOMPLETE", 100_000],
      ["COMPLETED", 1_020_000],
      ["REFUND_DUE", 180_000],
    ]);
    const [paidRow] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(paidRow).toMatchObject({ paidKobo: 1_120_000, status: "COMPLETED" });
    expect(await backend.db.$count(deviceTokens, eq(deviceTokens.deviceId, device.id))).toBeGreaterThan(0);
  });

  it("asks for the customer's e-mail before a card payment, and takes cash without one; no token e-mail is sent", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 5_000 });
    const customer = await makeCustomer(backend.db, { email: "" });
    const created = await backend.request("POST", "/api/v1/sales/create", {
      token,
      body: {
        ...oneOffSale(customer.id, product.id, [units[0].id]),
        paymentMethod: "ONLINE",
        saleItems: [
          {
            ...oneOffSale(customer.id, product.id, [units[0].id]).saleItems[0],
            saleRecipient: { ...RECIPIENT, email: "" },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const sale = (await created.json()).sale as Sale & { amountDueNow: number };
    const refused = await initialize({ saleId: sale.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      saleId: [
        "This customer has no e-mail address, which card payments need: add one on the customer's page, or record a cash payment",
      ],
    });
    const sent = backend.mailer.messages.length;
    const cash = await backend.request("POST", "/api/v1/sales/record-cash-payment", {
      token,
      body: { saleId: sale.id, paymentMethod: "CASH", amount: sale.amountDueNow },
    });
    expect(cash.status).toBe(201);
    const [device] = (await (await backend.request("GET", `/api/v1/sales/${sale.id}`, { token })).json())
      .items[0].devices;
    expect(device.tokens).toHaveLength(1);
    expect(backend.mailer.messages.length).toBe(sent);
  });

  it("unlocks a one-off sale's device for good once paid", async () => {
    const { sale, device } = await oneOff(backend, token);
    const payment = await (await initialize({ saleId: sale.id })).json();
    expect(payment.amount).toBe(5_000);
    const back = await checkout(payment.reference, "pay");
    const answer = await (await verify(back.search.slice(1))).json();
    expect(answer).toMatchObject({ status: "success", paymentStatus: "COMPLETED" });
    const device_ = await (await backend.request("GET", `/api/v1/device/${device.id}`, { token })).json();
    expect(device_.tokens).toHaveLength(1);
    expect(device_.tokens[0]).toMatchObject({ kind: "DISABLE_PAYG", days: null, saleId: sale.id });
  });

  it("records a payment that arrives after the sale was cancelled, flagged for refund", async () => {
    const { sale } = await instalmentSale(backend, token);
    const payment = await (await initialize({ saleId: sale.id })).json();
    await backend.db.update(sales).set({ status: "CANCELLED" }).where(eq(sales.id, sale.id));
    const back = await checkout(payment.reference, "pay");
    const answer = await (await verify(back.search.slice(1))).json();
    expect(answer).toMatchObject({ status: "success", paymentStatus: "INCOMPLETE" });
    expect(answer.message).toContain("flagged for refund");
    const [recorded] = await paymentsOf(backend, sale.id);
    expect(recorded.status).toBe("REFUND_DUE");
    const [saleRow] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(saleRow.paidKobo).toBe(0);
  });

  it("serves the checkout from the origin the web app names, and falls back to APP_URL", async () => {
    const { sale } = await instalmentSale(backend, token);
    const here = await initialize({ saleId: sale.id, redirectUrl: "http://127.0.0.1:3000/sales/all" });
    expect(here.status).toBe(201);
    const payment = await here.json();
    expect(payment.link).toBe(`http://127.0.0.1:3000/payment/sandbox/${payment.reference}`);
    for (const redirectUrl of [
      "javascript:alert(1)",
      "ftp://files.example.com/x",
      "/sales/all",
      "x".repeat(3000),
    ]) {
      const refused = await initialize({ saleId: sale.id, redirectUrl });
      expect(refused.status).toBe(400);
      expect(Object.keys((await refused.json()).fieldErrors)).toEqual(["redirectUrl"]);
    }
  });

  it("refuses amounts beyond the balance, unknown sales and references, odd input, and roles that may not", async () => {
    const { sale } = await instalmentSale(backend, token);
    const over = await initialize({ saleId: sale.id, amount: 11_200.01 });
    expect(over.status).toBe(400);
    expect((await over.json()).fieldErrors).toEqual({
      amount: ["The amount is more than the balance of ₦11,200"],
    });
    expect((await initialize({ saleId: "no-such-sale" })).status).toBe(404);
    expect((await initialize({ saleId: sale.id, amount: 1e30 })).status).toBe(400);
    expect((await initialize({ saleId: "a\u0000b" })).status).toBe(400);
    const unknown = await verify("txref=nobody-started-this");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe("No payment was started with reference nobody-started-this");
    const missing = await verify("status=successful");
    expect(missing.status).toBe(400);

    const { token: viewer } = await signedInAs(backend, "viewer");
    const refused = await initialize({ saleId: sale.id }, viewer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    expect((await backend.request("GET", "/api/v1/payment/verify/callback?txref=x")).status).toBe(401);
    // Without Flutterwave keys there is no webhook to trust.
    const webhook = await backend.request("POST", "/api/v1/payment/flw-webhook", {
      body: { event: "charge.completed", data: { id: 1, tx_ref: "x", status: "successful" } },
      headers: { "verif-hash": "anything" },
    });
    expect(webhook.status).toBe(401);
    expect((await backend.request("GET", "/api/v1/payment/sandbox/unknown-ref", { token })).status).toBe(404);
  });

  it("lets only signed-in staff who may take payments see or complete a sandbox checkout", async () => {
    const { sale } = await instalmentSale(backend, token);
    const payment = await (await initialize({ saleId: sale.id })).json();
    const path = `/api/v1/payment/sandbox/${payment.reference}`;
    const { token: viewer } = await signedInAs(backend, "viewer");
    for (const as of [undefined, "not-a-token", viewer]) {
      const status = as === viewer ? 403 : 401;
      const page = await backend.request("GET", path, { token: as });
      expect(page.status).toBe(status);
      expectExactly(ErrorBodySchema, await page.json());
      for (const decision of ["pay", "cancel"]) {
        const refused = await backend.request("POST", path, { token: as, body: { decision } });
        expect(refused.status).toBe(status);
        const body = await refused.json();
        expectExactly(ErrorBodySchema, body);
        expect(body.statusCode).toBe(status);
      }
    }
    // A form post without a token, as the public page took them, is refused too.
    const formPost = await backend.request("POST", path, {
      rawBody: "decision=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(formPost.status).toBe(401);
    // Nothing was paid or cancelled: the checkout is still open, no payment and no token.
    const [row] = await backend.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.reference, payment.reference));
    expect(row).toMatchObject({ status: "PENDING", paymentId: null });
    expect(await paymentsOf(backend, sale.id)).toHaveLength(0);

    // Staff who may take it: the payment is recorded in their name.
    const seller = await signedInAs(backend, "sales");
    const back = await checkout(payment.reference, "pay", undefined, seller.token);
    expect(back.searchParams.get("status")).toBe("successful");
    const [recorded] = await paymentsOf(backend, sale.id);
    expect(recorded.recordedBy).toBe(seller.user.id);
  });
});

describe("with Flutterwave (a local stand-in of its API)", () => {
  let fake: FlutterwaveFake;
  let backend: TestBackend;
  let token: string;
  beforeAll(async () => {
    fake = await startFlutterwaveFake();
    backend = await createTestBackend({
      flutterwave: {
        publicKey: fake.publicKey,
        secretKey: fake.secretKey,
        webhookHash: fake.webhookHash,
        baseUrl: fake.baseUrl,
      },
    });
    ({ token } = await signedInAs(backend, "sales"));
  });
  afterAll(async () => {
    await backend.close();
    await fake.close();
  });

  const webhook = (reference: string, id: number, hash = fake.webhookHash) =>
    backend.request("POST", "/api/v1/payment/flw-webhook", {
      body: { event: "charge.completed", data: { id, tx_ref: reference, status: "successful", amount: 1 } },
      headers: { "verif-hash": hash },
    });

  it("starts a hosted checkout and records the payment once: callback 5 times and webhook twice, at once", async () => {
    const { sale } = await instalmentSale(backend, token);
    const started = await (
      await backend.request("POST", "/api/v1/payment/initialize", { token, body: { saleId: sale.id } })
    ).json();
    expect(started).toMatchObject({ provider: "flutterwave", publicKey: fake.publicKey, amount: 2_240 });
    expect(started.link).toMatch(/^https:\/\/checkout\.flutterwave\.com\//);
    expect(fake.checkouts.get(started.reference)).toMatchObject({
      amount: 2_240,
      currency: "NGN",
      redirectUrl: "http://app.test/sales/all",
    });
    // The web app names the address its user is on; Flutterwave sends the browser back there.
    const elsewhere = await (
      await backend.request("POST", "/api/v1/payment/initialize", {
        token,
        body: { saleId: sale.id, redirectUrl: "http://192.168.1.20:3000/sales/all" },
      })
    ).json();
    expect(fake.checkouts.get(elsewhere.reference)?.redirectUrl).toBe("http://192.168.1.20:3000/sales/all");

    // Not paid yet: the callback says so and records nothing.
    const early = await (
      await backend.request("GET", `/api/v1/payment/verify/callback?txref=${started.reference}`, { token })
    ).json();
    expect(early).toMatchObject({ status: "processing", paymentStatus: "PENDING" });

    const id = fake.pay(started.reference);
    const callback = () =>
      backend.request(
        "GET",
        `/api/v1/payment/verify/callback?tx_ref=${started.reference}&transaction_id=${id}&status=successful`,
        { token },
      );
    const answers = await Promise.all([
      callback(),
      webhook(started.reference, id),
      callback(),
      callback(),
      webhook(started.reference, id),
      callback(),
      callback(),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const recorded = await paymentsOf(backend, sale.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      status: "INCOMPLETE",
      amountKobo: 224_000,
      provider: "flutterwave",
      providerTransactionId: String(id),
    });
    const [saleRow] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(saleRow).toMatchObject({ paidKobo: 224_000, status: "IN_INSTALLMENT" });
  });

  it("records a payment from the webhook alone (the customer closed the window)", async () => {
    const { sale } = await instalmentSale(backend, token);
    const started = await (
      await backend.request("POST", "/api/v1/payment/initialize", {
        token,
        body: { saleId: sale.id, amount: 3_000 },
      })
    ).json();
    const id = fake.pay(started.reference);
    const answer = await webhook(started.reference, id);
    expect(await answer.json()).toEqual({ received: true, recorded: true });
    expect(await paymentsOf(backend, sale.id)).toHaveLength(1);
  });

  it("refuses a webhook with a wrong or missing hash, and ignores unknown references", async () => {
    const { sale } = await instalmentSale(backend, token);
    const started = await (
      await backend.request("POST", "/api/v1/payment/initialize", { token, body: { saleId: sale.id } })
    ).json();
    const id = fake.pay(started.reference);
    const wrong = await webhook(started.reference, id, "not-the-hash");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid webhook signature");
    const none = await backend.request("POST", "/api/v1/payment/flw-webhook", {
      body: { data: { id, tx_ref: started.reference } },
    });
    expect(none.status).toBe(401);
    expect(await paymentsOf(backend, sale.id)).toHaveLength(0);
    const unknown = await webhook("someone-elses-reference", id);
    expect(await unknown.json()).toEqual({ received: true, recorded: false });
    for (const rawBody of [
      "{not json",
      '{"constructor": "x", "__proto__": {"admin": true}}',
      JSON.stringify({ data: { id: 1, tx_ref: "a\u0000b" } }),
      JSON.stringify({ data: { id: 1e30, tx_ref: "x" } }),
    ]) {
      const refused = await backend.request("POST", "/api/v1/payment/flw-webhook", {
        rawBody,
        headers: { "verif-hash": fake.webhookHash, "content-type": "application/json" },
      });
      expect(refused.status).toBe(400);
      const body = await refused.json();
      // Not expectExactly when a field is called __proto__: zod (rightly) never copies that key.
      if (Object.hasOwn(body.fieldErrors ?? {}, "__proto__"))
        expect(ErrorBodySchema.safeParse(body).success).toBe(true);
      else expectExactly(ErrorBodySchema, body);
    }
  });

  it("counts a different naira amount, but never another currency or someone else's transaction", async () => {
    const { sale } = await instalmentSale(backend, token);
    const ask = async () =>
      (
        await backend.request("POST", "/api/v1/payment/initialize", { token, body: { saleId: sale.id } })
      ).json();
    const verify = (reference: string, id: number) =>
      backend.request("GET", `/api/v1/payment/verify/callback?tx_ref=${reference}&transaction_id=${id}`, {
        token,
      });

    // Less than asked, verified in naira: counted, and flagged.
    const cheaper = await ask();
    const underpaid = await verify(cheaper.reference, fake.pay(cheaper.reference, { amount: 100 }));
    expect(underpaid.status).toBe(200);
    expect((await underpaid.json()).message).toContain("for ₦100 instead of the ₦2,240 asked");

    const dollars = await ask();
    const foreign = await verify(dollars.reference, fake.pay(dollars.reference, { currency: "USD" }));
    expect(foreign.status).toBe(400);

    // Someone else's transaction id put in the return address of this checkout.
    const mine = await ask();
    const theirs = await ask();
    const swapped = await verify(mine.reference, fake.pay(theirs.reference));
    expect(swapped.status).toBe(400);
    expect((await swapped.json()).message).toBe("This transaction belongs to another payment");

    const recorded = await paymentsOf(backend, sale.id);
    expect(recorded.map((payment) => payment.status).sort()).toEqual(["INCOMPLETE", "MISMATCHED"]);
    const [saleRow] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(saleRow.paidKobo).toBe(10_000);
  });

  it("answers 502 with the reason when Flutterwave does not answer, and records nothing", async () => {
    const { sale } = await instalmentSale(backend, token);
    fake.failNext(1);
    const refused = await backend.request("POST", "/api/v1/payment/initialize", {
      token,
      body: { saleId: sale.id },
    });
    expect(refused.status).toBe(502);
    expect((await refused.json()).message).toContain("Flutterwave refused the checkout");
    const started = await (
      await backend.request("POST", "/api/v1/payment/initialize", { token, body: { saleId: sale.id } })
    ).json();
    const id = fake.pay(started.reference);
    fake.failNext(1);
    const down = await backend.request(
      "GET",
      `/api/v1/payment/verify/callback?tx_ref=${started.reference}&transaction_id=${id}`,
      { token },
    );
    expect(down.status).toBe(502);
    expect(await paymentsOf(backend, sale.id)).toHaveLength(0);
  });
});
