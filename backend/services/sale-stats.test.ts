import { eq } from "drizzle-orm";
import { messages, paymentCheckouts, sales } from "../db/schema";
import { CHECKOUT_STATUSES } from "../schemas/payments";
import { SALE_STATUSES, SALE_TABS } from "../schemas/sales";
import { makeCustomer } from "../test/sale-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { countSales, isWholeTab, saleStats } from "./sale-records";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const DAY = 86_400_000;
let reference = 0;

/**
 * Every status, with and without a contract, with no checkout or with checkouts whose latest one is in
 * each checkout status (an older one in the opposite state, so only the latest may count).
 */
async function seedEverySaleShape() {
  const customer = await makeCustomer(backend.db);
  for (const status of SALE_STATUSES) {
    for (const hasContract of [false, true]) {
      for (const latest of [null, ...CHECKOUT_STATUSES]) {
        const [sale] = await backend.db
          .insert(sales)
          .values({
            customerId: customer.id,
            status,
            paymentMethod: latest ? "ONLINE" : "CASH",
            applyMargin: false,
            outrightMarginBps: 0,
            loanMarginBps: 0,
            monthlyInterestBps: 0,
            hasContract,
            totalKobo: 100_000,
            dueNowKobo: 100_000,
            totalMonthlyKobo: 0,
            installmentMonths: 0,
          })
          .returning({ id: sales.id });
        if (!latest) continue;
        const checkout = (status: (typeof CHECKOUT_STATUSES)[number], createdAt: Date) => ({
          reference: `stats-${reference++}`,
          saleId: sale.id,
          provider: "sandbox" as const,
          amountKobo: 100_000,
          currency: "NGN",
          status,
          createdAt,
        });
        await backend.db
          .insert(paymentCheckouts)
          .values([
            checkout(latest === "PENDING" ? "FAILED" : "PENDING", new Date(Date.now() - DAY)),
            checkout(latest, new Date()),
          ]);
      }
    }
  }
}

describe("saleStats", () => {
  it("counts each tab, All, Active and Cancelled exactly as the list's own filters select them", async () => {
    await seedEverySaleShape();
    const stats = await saleStats(backend.db);
    for (const tab of SALE_TABS) {
      expect({ tab, count: stats.byTab[tab] }).toEqual({
        tab,
        count: await countSales(backend.db, { tab, page: 1, limit: 20 }),
      });
    }
    const byStatus = async (status: (typeof SALE_STATUSES)[number]) =>
      countSales(backend.db, { status, page: 1, limit: 20 });
    expect(stats.all).toBe(await backend.db.$count(sales));
    expect(stats.active).toBe((await byStatus("UNPAID")) + (await byStatus("IN_INSTALLMENT")));
    expect(stats.cancelled).toBe(await byStatus("CANCELLED"));
    // Guards against a vacuous comparison: the seeded shapes fill every tab.
    for (const tab of SALE_TABS) expect(stats.byTab[tab]).toBeGreaterThan(0);
  });

  it("stays exact as sales change status, gain a contract, and are deleted", async () => {
    await seedEverySaleShape();
    await backend.db.update(sales).set({ status: "COMPLETED" }).where(eq(sales.status, "IN_INSTALLMENT"));
    await backend.db.update(sales).set({ hasContract: true }).where(eq(sales.status, "UNPAID"));
    const unpaid = await backend.db.select({ id: sales.id }).from(sales).where(eq(sales.status, "UNPAID"));
    await backend.db.delete(paymentCheckouts).where(eq(paymentCheckouts.saleId, unpaid[0].id));
    await backend.db.delete(messages).where(eq(messages.saleId, unpaid[0].id));
    await backend.db.delete(sales).where(eq(sales.id, unpaid[0].id));

    const stats = await saleStats(backend.db);
    for (const tab of SALE_TABS) {
      expect({ tab, count: stats.byTab[tab] }).toEqual({
        tab,
        count: await countSales(backend.db, { tab, page: 1, limit: 20 }),
      });
    }
    expect(stats.all).toBe(await backend.db.$count(sales));
    expect(stats.byTab.installment).toBe(0);
  });
});

describe("isWholeTab", () => {
  it("is true only when nothing but the tab and the page narrows the list", () => {
    expect(isWholeTab({ page: 3, limit: 20 })).toBe(true);
    expect(isWholeTab({ tab: "closed", page: 1, limit: 50 })).toBe(true);
    expect(isWholeTab({ tab: "new", page: 1, limit: 20, search: "ada" })).toBe(false);
    expect(isWholeTab({ page: 1, limit: 20, status: "UNPAID" })).toBe(false);
    expect(isWholeTab({ page: 1, limit: 20, startDate: "2026-01-01" })).toBe(false);
    expect(isWholeTab({ page: 1, limit: 20, customerId: "c1" })).toBe(false);
    expect(isWholeTab({ page: 1, limit: 20, agentId: "a1" })).toBe(false);
  });
});
