import { sql } from "drizzle-orm";
import { z } from "zod";
import { ACTION_ERRORS } from "../constants/account-actions";
import { queryRows } from "../db/query-rows";
import { deviceTokens } from "../db/schema";
import { writeBook } from "../demo/book-writer";
import { ActionResultSchema, TimelineSchema } from "../schemas/account-actions";
import { addDays, dayText, lagosToday } from "../schemas/dates";
import { PortfolioSummarySchema } from "../schemas/portfolio";
import { addMonths } from "../services/sale-schedule";
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
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";
import { makeItem } from "../test/stock-factories";

const { backend, team } = await backendWithTeam();
// Sales staff whose role may sell but not manage sales: the delay's limits apply to them.
const seller = await signedInAs(
  backend,
  (await makeRole(backend.db, "Counter sales", ["write:Sales", "read:Sales"])).id,
);
const collector = await signedInAs(backend, "collector");
const TODAY = lagosToday();
const N = 100_000; // ₦1,000 in kobo
const { product } = await makeSellableProduct(backend.db, { units: 4, price: 10_000 });
const agent = await makeAgent(backend.db, { firstname: "Musa", lastname: "Actions" });
const customers = await Promise.all(
  ["Ada", "Bayo", "Chidi", "Dayo", "Efe", "Femi", "Gbenga", "Hauwa", "Ifeoma"].map((firstname) =>
    makeCustomer(backend.db, { firstname, lastname: "Actions" }),
  ),
);

/** A sale on `saleDate`, its deposit paid and then `paidMonths` monthly installments. */
const account = (index: number, saleDate: string, paidMonths: number, device = false) => ({
  customerId: customers[index].id,
  agentId: agent.id,
  productId: product.id,
  recipient: RECIPIENT,
  saleDate,
  depositKobo: N,
  monthlyKobo: N,
  months: 12,
  device,
  payments: Array.from({ length: paidMonths + 1 }, (_, month) => ({
    date: addMonths(saleDate, month),
    kobo: N,
  })),
});
// Ada: about 60 days late; Bayo: defaulted (six months without paying); Chidi: in credit; Dayo: late by a
// few days with a tokenable unit; Efe: late, for the concurrency test; Femi: late, for the write-off's
// portfolio figures.
const [ada, bayo, chidi, dayo, efe, femi, gbenga, hauwa, ifeoma] = await writeBook(
  backend.db,
  [
    account(0, addMonths(TODAY, -3), 0),
    account(1, addMonths(TODAY, -6), 0),
    account(2, addMonths(TODAY, -2), 2),
    account(3, addDays(addMonths(TODAY, -1), -3), 0, true),
    account(4, addMonths(TODAY, -3), 0),
    account(5, addMonths(TODAY, -8), 0),
    account(6, addMonths(TODAY, -4), 1, true),
    account(7, addMonths(TODAY, -3), 1),
    account(8, addMonths(TODAY, -3), 1, true),
  ],
  TODAY,
);

const post = (path: string, body: unknown, token: string) => backend.request("POST", path, { token, body });
const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });

const schedule = (saleId: string) =>
  queryRows(
    backend.db,
    sql`select number, due_date::text as due, paid_kobo = amount_kobo as paid
      from account_schedule where sale_id = ${saleId} order by number`,
    z.object({ number: z.number(), due: z.string(), paid: z.boolean() }),
  );
const figures = async (saleId: string) =>
  (
    await queryRows(
      backend.db,
      sql`select status, days_late, credit_expiry::text as credit_expiry from accounts where sale_id = ${saleId}`,
      z.object({ status: z.string(), days_late: z.number(), credit_expiry: z.string().nullable() }),
    )
  )[0];

async function refusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  // A rule tied to a field answers as validation does: a list, each line led by the field's name.
  const lines = [(await response.json()).message].flat();
  expect(lines).toHaveLength(1);
  expect(lines[0].replace(/^\w+: /, "")).toBe(message);
}

describe("who may act on an account", () => {
  it("refuses readers and nobody signed in: 403 and 401 in the usual shape", async () => {
    for (const member of [team.viewer, team.support, team.manager, collector]) {
      for (const [path, body] of [
        [`/api/v1/accounts/${ada}/delay`, { days: 1 }],
        [`/api/v1/accounts/${ada}/default`, {}],
        [`/api/v1/accounts/${ada}/undo-default`, {}],
        [`/api/v1/accounts/${bayo}/write-off`, { reason: "Gone" }],
      ] as const) {
        const response = await post(path, body, member.token);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN_BODY);
      }
    }
    // Selling is not managing: a default and a write-off need manage:Sales.
    expect((await post(`/api/v1/accounts/${ada}/default`, {}, seller.token)).status).toBe(403);
    expect((await post(`/api/v1/accounts/${bayo}/write-off`, { reason: "x" }, seller.token)).status).toBe(
      403,
    );
    const anonymous = await backend.request("POST", `/api/v1/accounts/${ada}/delay`, { body: { days: 1 } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
    expect((await get(`/api/v1/accounts/${ada}/timeline`, team.inventory.token)).status).toBe(200);
  });

  it("answers 404 for no such sale and 400 for odd bodies, never a 500", async () => {
    await refusal(
      await post("/api/v1/accounts/nope/delay", { days: 1 }, team.admin.token),
      404,
      "Sale not found",
    );
    expect((await get("/api/v1/accounts/nope/timeline")).status).toBe(404);
    for (const body of [
      { days: 0 },
      { days: 31 },
      { days: 1e308 },
      { days: "2\u0000" },
      { days: [2] },
      { days: 2, reason: "x".repeat(501) },
      { days: { a: { b: { c: { d: 1 } } } } },
    ]) {
      const response = await post(`/api/v1/accounts/${ada}/delay`, body, team.admin.token);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const reason of ["", "   ", "x".repeat(501)])
      expect((await post(`/api/v1/accounts/${bayo}/write-off`, { reason }, team.admin.token)).status).toBe(
        400,
      );
    expect((await get(`/api/v1/accounts/${ada}/timeline`)).status).toBe(200);
  });
});

describe("a delay", () => {
  it("moves the unpaid installments and the credit by the days, never the paid ones, and shows on the timeline", async () => {
    const before = await schedule(ada);
    const was = await figures(ada);
    const response = await post(
      `/api/v1/accounts/${ada}/delay`,
      { days: 2, reason: "Harvest" },
      seller.token,
    );
    expect(response.status).toBe(200);
    const body = ActionResultSchema.parse(await response.json());
    expectExactly(ActionResultSchema, body);
    const after = await schedule(ada);
    for (const [index, line] of after.entries())
      expect(line.due).toBe(before[index].paid ? before[index].due : addDays(before[index].due, 2));
    expect(after[0].due).toBe(before[0].due);
    expect(body.account.daysLate).toBe(was.days_late - 2);
    expect(body.account.creditExpiry).toBe(addDays(was.credit_expiry!, 2));
    expect(body.event).toMatchObject({
      kind: "DELAY",
      reason: "Harvest",
      before: { daysLate: was.days_late },
      after: { daysLate: was.days_late - 2 },
    });
    const timeline = TimelineSchema.parse(await (await get(`/api/v1/accounts/${ada}/timeline`)).json());
    expectExactly(TimelineSchema, timeline);
    expect(timeline.events[0]).toMatchObject({ id: body.event.id, staff: { id: seller.user.id } });
    const [audit] = await queryRows(
      backend.db,
      sql`select action, subject from audit_log where record_id = ${ada} order by created_at desc limit 1`,
      z.object({ action: z.string(), subject: z.string() }),
    );
    expect(audit).toEqual({ action: "delay", subject: "Sales" });
  });

  it("needs a manager for more than 2 days or a second delay within 24 hours", async () => {
    await refusal(
      await post(`/api/v1/accounts/${ada}/delay`, { days: 1 }, seller.token),
      403,
      ACTION_ERRORS.delayAgain,
    );
    await refusal(
      await post(`/api/v1/accounts/${chidi}/delay`, { days: 3 }, seller.token),
      403,
      ACTION_ERRORS.delayTooLong,
    );
    expect((await post(`/api/v1/accounts/${ada}/delay`, { days: 10 }, team.sales.token)).status).toBe(200);
  });

  it("gives a tokenable unit a token for the days and takes a few days late account out of LATE", async () => {
    const was = await figures(dayo);
    expect(was.status).toBe("LATE");
    const days = was.days_late + 1;
    const tokens = async () =>
      (
        await queryRows(
          backend.db,
          sql`select count(*)::int as n from device_tokens where sale_id = ${dayo} and days = ${days}`,
          z.object({ n: z.number() }),
        )
      )[0].n;
    const before = await tokens();
    const response = await post(`/api/v1/accounts/${dayo}/delay`, { days }, team.admin.token);
    expect(response.status).toBe(200);
    expect(await tokens()).toBe(before + 1);
    expect((await figures(dayo)).status).toBe("ON_TIME");
    const list = await (await get("/api/v1/portfolio/accounts?status=LATE&pageSize=100")).json();
    expect(list.accounts.map((row: { saleId: string }) => row.saleId)).not.toContain(dayo);
  });
});

describe("default and write-off", () => {
  it("marks a late account defaulted, refuses twice, and undoes it back to late", async () => {
    const marked = await post(`/api/v1/accounts/${efe}/default`, { reason: "Moved away" }, team.admin.token);
    expect(marked.status).toBe(200);
    expect((await marked.json()).account.status).toBe("DEFAULTED");
    await refusal(
      await post(`/api/v1/accounts/${efe}/default`, {}, team.admin.token),
      400,
      ACTION_ERRORS.alreadyDefaulted,
    );
    const undone = await post(`/api/v1/accounts/${efe}/undo-default`, {}, team.admin.token);
    expect(undone.status).toBe(200);
    expect((await undone.json()).account.status).toBe("LATE");
    const timeline = await (await get(`/api/v1/accounts/${efe}/timeline`)).json();
    expect(timeline.events.map((event: { kind: string }) => event.kind)).toEqual([
      "DEFAULT_UNDONE",
      "MARKED_DEFAULTED",
    ]);
  });

  it("cannot undo a default that 90 days late gave, nor write off an account that is not defaulted", async () => {
    await refusal(
      await post(`/api/v1/accounts/${bayo}/undo-default`, {}, team.admin.token),
      400,
      ACTION_ERRORS.notMarkedDefaulted,
    );
    await refusal(
      await post(`/api/v1/accounts/${chidi}/write-off`, { reason: "x" }, team.admin.token),
      400,
      ACTION_ERRORS.notDefaulted,
    );
  });

  it("a write-off leaves the active book, PAR and the worklist and counts in write-offs", async () => {
    const summary = async () => PortfolioSummarySchema.parse(await (await get("/api/v1/portfolio")).json());
    const was = await summary();
    const [{ outstanding }] = await queryRows(
      backend.db,
      sql`select outstanding_kobo / 100.0 as outstanding from accounts where sale_id = ${femi}`,
      z.object({ outstanding: z.coerce.number() }),
    );
    const response = await post(
      `/api/v1/accounts/${femi}/write-off`,
      { reason: "Customer died" },
      team.admin.token,
    );
    expect(response.status).toBe(200);
    expect((await response.json()).account.status).toBe("WRITTEN_OFF");
    const now = await summary();
    expect(now.active.count).toBe(was.active.count - 1);
    expect(now.active.outstanding).toBeCloseTo(was.active.outstanding - outstanding, 2);
    expect(now.writtenOff).toEqual({
      count: was.writtenOff.count + 1,
      outstanding: was.writtenOff.outstanding + outstanding,
    });
    const par90 = (body: typeof was) => body.par.find((par) => par.days === 90)!;
    expect(now.par).not.toEqual(was.par);
    expect(par90(now)).toBeDefined();
    const worklist = await (await get("/api/v1/collections?pageSize=100")).json();
    expect(worklist.accounts.map((row: { saleId: string }) => row.saleId)).not.toContain(femi);
    await refusal(
      await post(`/api/v1/accounts/${femi}/delay`, { days: 1 }, team.admin.token),
      400,
      ACTION_ERRORS.notActive,
    );
  });
});

describe("tokens from the sale page", () => {
  const deviceOf = async (saleId: string) =>
    (
      await queryRows(
        backend.db,
        sql`select d.id, d.serial_number from devices d join sale_items i on i.id = d.sale_item_id
          where i.sale_id = ${saleId}`,
        z.object({ id: z.string(), serial_number: z.string() }),
      )
    )[0];

  /** The customer's newest message about the sale: its kind and text. */
  const lastMessage = async (saleId: string) =>
    (
      await queryRows(
        backend.db,
        sql`select kind, body, status from messages where sale_id = ${saleId} order by created_at desc limit 1`,
        z.object({ kind: z.string(), body: z.string(), status: z.string() }),
      )
    )[0];

  it("issues a token for the sale's own device, sends it to the customer, and puts it on the timeline", async () => {
    const device = await deviceOf(dayo);
    const response = await post(
      `/api/v1/accounts/${dayo}/token`,
      { deviceId: device.id, days: 7 },
      team.inventory.token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toMatchObject({ days: 7, serialNumber: device.serial_number, deviceId: device.id });
    expect(body.event).toMatchObject({
      kind: "TOKEN",
      summary: `a 7-day token for device ${device.serial_number}`,
    });
    expect(await lastMessage(dayo)).toMatchObject({ kind: "TOKEN", status: "QUEUED" });
    expect((await lastMessage(dayo)).body).toContain(body.token.token);
  });

  it("refuses another sale's device, days with unlock, and staff who may not manage devices", async () => {
    const device = await deviceOf(dayo);
    const other = await post(
      `/api/v1/accounts/${ada}/token`,
      { deviceId: device.id, days: 7 },
      team.admin.token,
    );
    await refusal(other, 400, ACTION_ERRORS.notThisSale);
    const both = await post(
      `/api/v1/accounts/${dayo}/token`,
      { deviceId: device.id, days: 7, unlock: true },
      team.admin.token,
    );
    await refusal(both, 400, "Give either a number of days or unlock");
    const sales = await post(
      `/api/v1/accounts/${dayo}/token`,
      { deviceId: device.id, days: 7 },
      team.sales.token,
    );
    expect(sales.status).toBe(403);
  });

  it("resends the latest token unchanged to the customer, or says why it cannot", async () => {
    const latest = (
      await queryRows(
        backend.db,
        sql`select token from device_tokens where sale_id = ${dayo} order by created_at desc, count desc limit 1`,
        z.object({ token: z.string() }),
      )
    )[0];
    const tokens = async () => backend.db.$count(deviceTokens, sql`${deviceTokens.saleId} = ${dayo}`);
    const issued = await tokens();
    const response = await post(`/api/v1/accounts/${dayo}/resend-token`, {}, team.sales.token);
    expect(response.status).toBe(200);
    expect((await response.json()).event.kind).toBe("TOKEN_RESENT");
    expect(await lastMessage(dayo)).toMatchObject({ kind: "TOKEN" });
    expect((await lastMessage(dayo)).body).toContain(latest.token);
    expect(await tokens()).toBe(issued);
    await refusal(
      await post(`/api/v1/accounts/${ada}/resend-token`, {}, team.sales.token),
      400,
      ACTION_ERRORS.noToken,
    );
    expect(
      (await post(`/api/v1/accounts/${dayo}/resend-token`, { constructor: 1 }, team.sales.token)).status,
    ).toBe(400);
  });
});

describe("repossession", () => {
  it("records each visit on the timeline, and a promise made at the door on the collection case", async () => {
    const visit = await post(`/api/v1/accounts/${efe}/repossess`, { outcome: "NOT_HOME" }, team.admin.token);
    expect(visit.status).toBe(200);
    expect((await visit.json()).event).toMatchObject({
      kind: "REPOSSESSION_ATTEMPT",
      summary: "Not at home",
    });
    const incomplete = await post(
      `/api/v1/accounts/${efe}/repossess`,
      { outcome: "PROMISED" },
      team.admin.token,
    );
    expect(incomplete.status).toBe(400);
    const promised = await post(
      `/api/v1/accounts/${efe}/repossess`,
      { outcome: "PROMISED", promiseAmount: "500", promiseDate: addDays(TODAY, 3), note: "At the door" },
      team.admin.token,
    );
    expect(promised.status).toBe(200);
    expect((await promised.json()).event.summary).toBe(
      `Promised to pay: ₦500 by ${dayText(addDays(TODAY, 3))}`,
    );
    const collection = await (await get(`/api/v1/collections/${efe}`)).json();
    expect(collection.account.promise).toMatchObject({ amount: 500, date: addDays(TODAY, 3), state: "OPEN" });
    expect((await figures(efe)).status).toBe("LATE");
  });

  it("on collected: the account is repossessed, its unit back in stock as returned with a reset token", async () => {
    const returned = await makeItem(backend.db, { itemClass: "RETURNED", name: "Returned solar kit" });
    const regular = await makeItem(backend.db, { name: "Regular kit" });
    const collect = (body: Record<string, unknown>) =>
      post(
        `/api/v1/accounts/${gbenga}/repossess`,
        {
          outcome: "COLLECTED",
          returnedItemId: returned.id,
          unitCost: "20000",
          resalePrice: "35000",
          ...body,
        },
        team.admin.token,
      );
    await refusal(await collect({ returnedItemId: regular.id }), 400, ACTION_ERRORS.notReturnedItem);
    await refusal(
      await collect({ resalePrice: "100" }),
      400,
      "Resale price cannot be below the value of the returned unit",
    );
    expect((await collect({ returnedItemId: undefined })).status).toBe(400);
    const activeBefore = PortfolioSummarySchema.parse(await (await get("/api/v1/portfolio")).json()).active
      .count;

    const response = await collect({ note: "Collected from the shop" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.account.status).toBe("REPOSSESSED");
    expect(body.event).toMatchObject({ kind: "REPOSSESSED", reason: "Collected from the shop" });
    expect(body.event.summary).toMatch(
      /^1 unit back in stock as Returned solar kit in .+, a reset token issued$/,
    );

    const [device] = await queryRows(
      backend.db,
      sql`select d.sale_item_id, d.inventory_id,
          (select kind from device_tokens t where t.device_id = d.id order by t.count desc limit 1) as last_kind
        from devices d where d.id in (select device_id from device_tokens where sale_id = ${gbenga})`,
      z.object({ sale_item_id: z.string().nullable(), inventory_id: z.string(), last_kind: z.string() }),
    );
    expect(device).toEqual({ sale_item_id: null, inventory_id: returned.id, last_kind: "SET_TIME" });
    const [stock] = await queryRows(
      backend.db,
      sql`select sum(remaining_quantity)::int as units, min(price)::bigint as price from inventory_batches
        where inventory_item_id = ${returned.id}`,
      z.object({ units: z.number(), price: z.coerce.number() }),
    );
    expect(stock).toEqual({ units: 1, price: 3_500_000 });
    const activeAfter = PortfolioSummarySchema.parse(await (await get("/api/v1/portfolio")).json()).active
      .count;
    expect(activeAfter).toBe(activeBefore - 1);
    await refusal(await collect({}), 400, ACTION_ERRORS.notActive);
    // Selling is not managing: a repossession needs manage:Sales.
    expect(
      (await post(`/api/v1/accounts/${ada}/repossess`, { outcome: "NOT_HOME" }, seller.token)).status,
    ).toBe(403);
  });
});

describe("early payoff", () => {
  it("quotes the outstanding balance, refuses a stale quote, and accepting it completes the account with an unlock token", async () => {
    const quote = await (await get(`/api/v1/accounts/${dayo}/payoff-quote`, team.sales.token)).json();
    const [{ outstanding }] = await queryRows(
      backend.db,
      sql`select outstanding_kobo / 100.0 as outstanding from accounts where sale_id = ${dayo}`,
      z.object({ outstanding: z.coerce.number() }),
    );
    expect(quote).toMatchObject({ outstanding, discount: 0, amount: outstanding });
    await refusal(
      await post(`/api/v1/accounts/${dayo}/payoff`, { amount: String(outstanding - 1) }, team.sales.token),
      400,
      ACTION_ERRORS.quoteChanged,
    );
    const response = await post(
      `/api/v1/accounts/${dayo}/payoff`,
      { amount: String(outstanding) },
      team.sales.token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.account).toMatchObject({ status: "COMPLETED", outstanding: 0 });
    expect(body.event).toMatchObject({ kind: "PAID_OFF", after: { status: "Completed" } });
    const [unlock] = await queryRows(
      backend.db,
      sql`select count(*)::int as n from device_tokens where sale_id = ${dayo} and kind = 'DISABLE_PAYG'`,
      z.object({ n: z.number() }),
    );
    expect(unlock.n).toBe(1);
    // The customer is told, with the unlock token: one message, queued with the payment.
    const told = await queryRows(
      backend.db,
      sql`select kind, body from messages where sale_id = ${dayo} order by created_at desc limit 1`,
      z.object({ kind: z.string(), body: z.string() }),
    );
    expect(told[0].kind).toBe("COMPLETED");
    await refusal(await get(`/api/v1/accounts/${dayo}/payoff-quote`), 400, ACTION_ERRORS.notActive);
    expect((await post(`/api/v1/accounts/${ada}/payoff`, { amount: "1" }, team.viewer.token)).status).toBe(
      403,
    );
  });
});

describe("cancelling with a refund due", () => {
  it("closes the account, records the refund as REFUND_DUE and refuses a refund above what was paid", async () => {
    await refusal(
      await post(
        `/api/v1/accounts/${hauwa}/cancel`,
        { reason: "Wrong house", refund: "2000.01" },
        team.admin.token,
      ),
      400,
      "The refund is more than the ₦2,000 paid",
    );
    expect((await post(`/api/v1/accounts/${hauwa}/cancel`, { refund: "10" }, team.admin.token)).status).toBe(
      400,
    );
    expect(
      (await post(`/api/v1/accounts/${hauwa}/cancel`, { reason: "x", refund: "1" }, seller.token)).status,
    ).toBe(403);
    const response = await post(
      `/api/v1/accounts/${hauwa}/cancel`,
      { reason: "The customer moved before installation", refund: "1,500" },
      team.admin.token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.account.status).toBe("CANCELLED");
    expect(body.event).toMatchObject({
      kind: "CANCELLED",
      summary: "refund due ₦1,500 of ₦2,000 paid; stock and devices released",
    });
    const payments = await queryRows(
      backend.db,
      sql`select status, amount_kobo::int as kobo from sale_payments where sale_id = ${hauwa} order by created_at`,
      z.object({ status: z.string(), kobo: z.number() }),
    );
    expect(payments.at(-1)).toEqual({ status: "REFUND_DUE", kobo: 150_000 });
    const sale = await (await get(`/api/v1/sales/${hauwa}`)).json();
    expect(sale.status).toBe("CANCELLED");
    await refusal(
      await post(`/api/v1/accounts/${hauwa}/cancel`, { reason: "Again", refund: "0" }, team.admin.token),
      400,
      ACTION_ERRORS.notActive,
    );
  });
});

describe("two actions at once on one account", () => {
  it("take turns: of two small delays by sales staff at the same moment exactly one is given", async () => {
    const [first, second] = await Promise.all([
      post(`/api/v1/accounts/${chidi}/delay`, { days: 1 }, seller.token),
      post(`/api/v1/accounts/${chidi}/delay`, { days: 1 }, seller.token),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const timeline = await (await get(`/api/v1/accounts/${chidi}/timeline`)).json();
    expect(timeline.events.filter((event: { kind: string }) => event.kind === "DELAY")).toHaveLength(1);
  });

  it("a token from the device page and a delay at once both go through (the account is taken first by both)", async () => {
    const [device] = await queryRows(
      backend.db,
      sql`select d.id from devices d join sale_items i on i.id = d.sale_item_id where i.sale_id = ${ifeoma}`,
      z.object({ id: z.string() }),
    );
    for (let round = 0; round < 3; round += 1) {
      const [token, delay] = await Promise.all([
        post(`/api/v1/device/${device.id}/generate-token`, { days: 2 }, team.admin.token),
        post(`/api/v1/accounts/${ifeoma}/delay`, { days: 1 }, team.admin.token),
      ]);
      expect([token.status, delay.status]).toEqual([201, 200]);
    }
  });

  it("a write-off and a delay at once: the delay sees the write-off or the write-off sees the delay", async () => {
    const [delay, written] = await Promise.all([
      post(`/api/v1/accounts/${bayo}/delay`, { days: 5 }, team.admin.token),
      post(`/api/v1/accounts/${bayo}/write-off`, { reason: "Both at once" }, team.admin.token),
    ]);
    expect(written.status).toBe(200);
    expect([200, 400]).toContain(delay.status);
    const kinds = (await (await get(`/api/v1/accounts/${bayo}/timeline`)).json()).events.map(
      (event: { kind: string }) => event.kind,
    );
    expect(kinds[0]).toBe("WRITTEN_OFF");
    expect((await figures(bayo)).status).toBe("WRITTEN_OFF");
  });
});
