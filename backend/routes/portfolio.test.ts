import { eq } from "drizzle-orm";
import { accounts, portfolioCells } from "../db/schema";
import { rollLoanBook } from "../services/loan-book";
import { riskFigures } from "../services/portfolio";
import { writeBook } from "../demo/book-writer";
import { lagosDate } from "../schemas/dates";
import { AccountListSchema, PortfolioOptionsSchema, PortfolioSummarySchema } from "../schemas/portfolio";
import { RECIPIENT, instalmentSale, makeSellableProduct } from "../test/sale-factories";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeCustomer,
  makeRole,
  signedInAs,
} from "../test/factories";
import { addMonths } from "../services/sale-schedule";

const { backend, team } = await backendWithTeam();
const TODAY = lagosDate(new Date());
const N = 100_000;
const { product } = await makeSellableProduct(backend.db, { units: 3, price: 10_000 });
const agent = await makeAgent(backend.db, { firstname: "Musa", lastname: "Danjuma" });
// A name a spreadsheet would run as a formula.
const risky = await makeCustomer(backend.db, { firstname: "=HYPERLINK", lastname: "Okafor" });
// Three months ago, the deposit paid and nothing since: late since the first installment fell due, two
// months ago (59 to 62 days).
const threeMonthsAgo = addMonths(TODAY, -3);
const [lateSale] = await writeBook(
  backend.db,
  [
    {
      customerId: risky.id,
      agentId: agent.id,
      productId: product.id,
      recipient: RECIPIENT,
      saleDate: threeMonthsAgo,
      depositKobo: N,
      monthlyKobo: N,
      months: 6,
      payments: [{ date: threeMonthsAgo, kobo: N }],
    },
  ],
  TODAY,
);

const get = (path: string, token = team.manager.token) => backend.request("GET", path, { token });

describe("who may read the portfolio", () => {
  const paths = [
    "/api/v1/portfolio",
    "/api/v1/portfolio/options",
    "/api/v1/portfolio/accounts",
    "/api/v1/portfolio/accounts/export",
  ];

  it("admin and manager may, with every route", async () => {
    for (const member of [team.admin, team.manager])
      for (const path of paths) expect((await get(path, member.token)).status).toBe(200);
  });

  it("every other seeded role gets a 403, and nobody signed in a 401", async () => {
    for (const member of [team.sales, team.inventory, team.support, team.viewer])
      for (const path of paths) {
        const response = await get(path, member.token);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN_BODY);
      }
    const anonymous = await backend.request("GET", "/api/v1/portfolio");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
  });

  it("a role given read:Portfolio alone may read it", async () => {
    const role = await makeRole(backend.db, "book reader", ["read:Portfolio"]);
    const { token } = await signedInAs(backend, role.id);
    expect((await get("/api/v1/portfolio", token)).status).toBe(200);
    expect((await get("/api/v1/sales", token)).status).toBe(403);
  });
});

describe("GET /api/v1/portfolio", () => {
  it("answers the figures in naira, exactly the documented shape", async () => {
    const response = await get("/api/v1/portfolio");
    const body = await response.json();
    expectExactly(PortfolioSummarySchema, body);
    expect(body.asOf).toBe(TODAY);
    expect(body.active).toEqual({ count: 1, outstanding: 6_000 });
    const late = body.buckets.filter((bucket: { count: number }) => bucket.count > 0);
    expect(late).toEqual([expect.objectContaining({ key: "31-90", count: 1, outstanding: 6_000 })]);
    expect(body.agents[0]).toMatchObject({ name: "Musa Danjuma", accounts: 1, outstanding: 6_000 });
  });

  it("takes the filters, and refuses nonsense with a 400 in the usual shape", async () => {
    const other = await get(`/api/v1/portfolio?agentId=${"x".repeat(10)}`);
    expect((await other.json()).active).toEqual({ count: 0, outstanding: 0 });
    for (const query of [
      "cohort=2026-13",
      "from=yesterday",
      "from=2026-02-31",
      `agentId=${"a".repeat(65)}`,
      "location=%00",
      `location=${"l".repeat(101)}`,
    ]) {
      const response = await get(`/api/v1/portfolio?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    }
  });

  it("offers the agents and products the book has accounts of", async () => {
    const body = await (await get("/api/v1/portfolio/options")).json();
    expectExactly(PortfolioOptionsSchema, body);
    expect(body.agents).toEqual([{ id: agent.id, name: "Musa Danjuma" }]);
    expect(body.products).toEqual([{ id: product.id, name: product.name }]);
  });
});

describe("GET /api/v1/portfolio/accounts and its export", () => {
  it("lists the accounts behind a bucket, in pages, and refuses bad keys", async () => {
    const response = await get("/api/v1/portfolio/accounts?bucket=31-90&sort=arrears");
    const body = await response.json();
    expectExactly(AccountListSchema, body);
    expect(body).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(body.accounts[0]).toMatchObject({
      saleId: lateSale,
      customerName: "=HYPERLINK Okafor",
      agentName: "Musa Danjuma",
      status: "LATE",
      outstanding: 6_000,
    });
    for (const query of ["bucket=7-8", "sort=name", "page=0", "limit=1000", "lateOver=-1", "status=LOST"])
      expect((await get(`/api/v1/portfolio/accounts?${query}`)).status, query).toBe(400);
  });

  it("exports them as CSV, formulas neutralised", async () => {
    const response = await get("/api/v1/portfolio/accounts/export?bucket=31-90");
    expect(response.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await response.text();
    const [header, row] = text.trim().split(/\r?\n/);
    expect(header).toMatch(/^Sale,Customer,Phone,Agent/);
    expect(row).toContain("'=HYPERLINK Okafor");
    expect(row).toContain("6000");
  });
});

describe("the account follows its sale in the same transaction", () => {
  it("opens with the sale and moves with a cash payment", async () => {
    const customer = await makeCustomer(backend.db);
    const { product: kit, devices } = await makeSellableProduct(backend.db, { units: 1, price: 10_000 });
    const created = await backend.request("POST", "/api/v1/sales/create", {
      token: team.admin.token,
      body: instalmentSale(customer.id, kit.id, [devices[0].id]),
    });
    expect(created.status).toBe(201);
    const { sale } = await created.json();
    const before = (await backend.db.select().from(accounts).where(eq(accounts.saleId, sale.id)))[0];
    expect(before).toMatchObject({ status: "ON_TIME", paidKobo: 0, saleDate: TODAY });
    const paid = await backend.request("POST", "/api/v1/sales/record-cash-payment", {
      token: team.admin.token,
      body: { saleId: sale.id, paymentMethod: "CASH", amount: sale.installmentStartingPrice },
    });
    expect(paid.status).toBe(201);
    const after = (await backend.db.select().from(accounts).where(eq(accounts.saleId, sale.id)))[0];
    expect(after).toMatchObject({
      paidKobo: Math.round(sale.installmentStartingPrice * 100),
      arrearsKobo: 0,
      lastPaymentOn: TODAY,
      status: "ON_TIME",
    });
    // The unit is tokenable: the deposit's token bought 30 days.
    const inThirtyDays = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(after.creditExpiry).toBe(inThirtyDays);
    // The sale's answer carries the account's figures and reads its schedule from the stored rows.
    const record = await (await get(`/api/v1/sales/${sale.id}`, team.admin.token)).json();
    expect(record.account).toEqual({
      outstanding: sale.totalPrice - sale.installmentStartingPrice,
      arrears: 0,
      expected: sale.installmentStartingPrice,
      paid: sale.installmentStartingPrice,
      daysLate: 0,
      creditExpiry: inThirtyDays,
      status: "ON_TIME",
      lastPaymentOn: TODAY,
    });
    expect(record.schedule[0]).toMatchObject({
      number: 0,
      status: "PAID",
      paid: sale.installmentStartingPrice,
    });
    const oneOff = await get(`/api/v1/sales/${lateSale}`, team.admin.token);
    expect((await oneOff.json()).account).toMatchObject({ status: "LATE" });
  });
});

describe("the dashboard after the day's roll", () => {
  it("adds the sales and payments made since to the day's start, and offers their products", async () => {
    await rollLoanBook(backend.db, TODAY);
    expect(await backend.db.$count(portfolioCells)).toBeGreaterThan(0);
    const summary = async () => PortfolioSummarySchema.parse(await (await get("/api/v1/portfolio")).json());
    const options = async () =>
      PortfolioOptionsSchema.parse(await (await get("/api/v1/portfolio/options")).json());
    const before = await summary();
    // The day's products are kept from this read on.
    await options();
    const customer = await makeCustomer(backend.db);
    const { product: kit, devices } = await makeSellableProduct(backend.db, { units: 1, price: 10_000 });
    const created = await backend.request("POST", "/api/v1/sales/create", {
      token: team.admin.token,
      body: instalmentSale(customer.id, kit.id, [devices[0].id]),
    });
    const { sale } = await created.json();
    await backend.request("POST", "/api/v1/sales/record-cash-payment", {
      token: team.admin.token,
      body: { saleId: sale.id, paymentMethod: "CASH", amount: sale.installmentStartingPrice },
    });
    const after = await summary();
    expect(after.active.count).toBe(before.active.count + 1);
    expect(after.active.outstanding).toBeCloseTo(
      before.active.outstanding + sale.totalPrice - sale.installmentStartingPrice,
      2,
    );
    // As the accounts themselves say.
    expect(after.active).toEqual((await riskFigures(backend.db, {})).active);
    expect((await options()).products.map((product) => product.id)).toContain(kit.id);
  });
});

describe("GET /api/v1/customers/:id/accounts", () => {
  it("answers the customer's accounts to those who read sales", async () => {
    const response = await get(`/api/v1/customers/${risky.id}/accounts`, team.sales.token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.accounts).toEqual([
      expect.objectContaining({ saleId: lateSale, status: "LATE", outstanding: 6_000, customerId: risky.id }),
    ]);
  });

  it("refuses a role without read:Sales, and answers 404 for nobody", async () => {
    const role = await makeRole(backend.db, "customer reader", ["read:Customers"]);
    const { token } = await signedInAs(backend, role.id);
    const refused = await get(`/api/v1/customers/${risky.id}/accounts`, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    expect((await get(`/api/v1/customers/${"n".repeat(36)}/accounts`, team.sales.token)).status).toBe(404);
  });
});
