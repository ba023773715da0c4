import { eq } from "drizzle-orm";
import { salePayments, sales } from "../db/schema";
import { RecordedPaymentSchema } from "../schemas/sales";
import { FORBIDDEN_BODY, expectExactly, signedInAs } from "../test/factories";
import { CONTRACT, RECIPIENT, makeCustomer, makeSellableProduct, oneOffSale } from "../test/sale-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "sales"));
});
afterAll(() => backend.close());

const post = (path: string, body: unknown, as = token) => backend.request("POST", path, { token: as, body });

/** An instalment sale of ₦10,000: deposit 20 % (₦2,400 with interest), 3 months. */
async function instalmentSale() {
  const { product, devices: units } = await makeSellableProduct(backend.db, { price: 10_000 });
  const customer = await makeCustomer(backend.db);
  const response = await post("/api/v1/sales/create", {
    ...oneOffSale(customer.id, product.id, [units[0].id]),
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
  });
  expect(response.status).toBe(201);
  return (await response.json()).sale as { id: string; totalPrice: number; installmentStartingPrice: number };
}

const cash = (saleId: string, amount: number | string, extra: Record<string, unknown> = {}) =>
  post("/api/v1/sales/record-cash-payment", { saleId, paymentMethod: "CASH", amount, ...extra });

describe("POST /api/v1/sales/record-cash-payment", () => {
  it("takes the deposit (INCOMPLETE, IN_INSTALLMENT), then the rest (COMPLETED, COMPLETED)", async () => {
    const sale = await instalmentSale();
    // ₦10,000 + 3 × 4 % interest = ₦11,200; 20 % deposit = ₦2,240.
    expect(sale).toMatchObject({ totalPrice: 11_200, installmentStartingPrice: 2_240 });
    const deposit = await cash(sale.id, 2_240, { status: "COMPLETED", notes: "Paid at the Ikeja shop" });
    expect(deposit.status).toBe(201);
    const first = await deposit.json();
    expectExactly(RecordedPaymentSchema, first);
    expect(first.payment).toMatchObject({
      amount: 2_240,
      method: "CASH",
      status: "INCOMPLETE",
      notes: "Paid at the Ikeja shop",
    });
    expect(first.sale).toMatchObject({ status: "IN_INSTALLMENT", totalPaid: 2_240, balance: 8_960 });
    expect(first.sale.schedule[0]).toMatchObject({ status: "PAID", paid: 2_240 });
    expect(first.sale.amountDueNow).toBe(first.sale.schedule[1].amount);

    const rest = await (await cash(sale.id, "8,960")).json();
    expect(rest.payment.status).toBe("COMPLETED");
    expect(rest.sale).toMatchObject({ status: "COMPLETED", balance: 0, amountDueNow: 0 });
    expect(rest.sale.schedule.every((line: { status: string }) => line.status === "PAID")).toBe(true);
  });

  it("writes a fractional balance in its refusal with two decimals, as the screens do", async () => {
    const sale = await instalmentSale();
    expect((await cash(sale.id, 0.2)).status).toBe(201);
    expect((await (await cash(sale.id, 11_200)).json()).fieldErrors).toEqual({
      amount: ["The amount is more than the balance of ₦11,199.80"],
    });
  });

  it("refuses more than the balance, nothing, a paid or cancelled sale, and online payments nobody verified", async () => {
    const sale = await instalmentSale();
    const over = await cash(sale.id, 11_200.01);
    expect(over.status).toBe(400);
    expect((await over.json()).fieldErrors).toEqual({
      amount: ["The amount is more than the balance of ₦11,200"],
    });
    expect((await (await cash(sale.id, 0)).json()).fieldErrors).toEqual({
      amount: ["Payment amount must be greater than 0"],
    });
    expect((await (await cash(sale.id, "")).json()).fieldErrors).toEqual({
      amount: ["Payment amount is required"],
    });
    expect((await (await cash(sale.id, 1.234)).json()).fieldErrors).toEqual({
      amount: ["Payment amount can have at most 2 decimals"],
    });
    const online = await post("/api/v1/sales/record-cash-payment", {
      saleId: sale.id,
      paymentMethod: "ONLINE",
      amount: 100,
    });
    expect((await online.json()).fieldErrors).toEqual({
      reference: ["Online payments are recorded when the payment provider confirms them"],
    });
    const invented = await post("/api/v1/sales/record-cash-payment", {
      saleId: sale.id,
      paymentMethod: "ONLINE",
      amount: 100,
      reference: "made-up-reference",
    });
    expect(invented.status).toBe(400);
    expect(await backend.db.$count(salePayments, eq(salePayments.saleId, sale.id))).toBe(0);
    expect((await cash("no-such-sale", 100)).status).toBe(404);

    await cash(sale.id, 11_200);
    expect((await (await cash(sale.id, 1)).json()).fieldErrors).toEqual({
      amount: ["This sale is already fully paid"],
    });
    const other = await instalmentSale();
    await backend.db.update(sales).set({ status: "CANCELLED" }).where(eq(sales.id, other.id));
    expect((await (await cash(other.id, 1)).json()).fieldErrors).toEqual({
      amount: ["This sale was cancelled: no payment can be recorded for it"],
    });
  });

  it("never takes the last instalment twice when two clerks record it at once", async () => {
    const sale = await instalmentSale();
    const [one, two] = await Promise.all([cash(sale.id, 11_200), cash(sale.id, 11_200)]);
    expect([one.status, two.status].sort()).toEqual([201, 400]);
    const [row] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row.paidKobo).toBe(1_120_000);
    expect(await backend.db.$count(salePayments, eq(salePayments.saleId, sale.id))).toBe(1);
  });

  it("is refused to a viewer", async () => {
    const sale = await instalmentSale();
    const { token: viewer } = await signedInAs(backend, "viewer");
    const response = await post(
      "/api/v1/sales/record-cash-payment",
      { saleId: sale.id, paymentMethod: "CASH", amount: 1 },
      viewer,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });
});
