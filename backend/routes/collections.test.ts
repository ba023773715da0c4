import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../db/query-rows";
import { writeBook } from "../demo/book-writer";
import {
  CollectionCaseSchema,
  CollectionCountsSchema,
  CollectionListSchema,
  CollectionOptionsSchema,
} from "../schemas/collections";
import { addDays, lagosToday } from "../schemas/dates";
import { addMonths } from "../services/sale-schedule";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeCustomer,
  makeUser,
  signedInAs,
} from "../test/factories";
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";

const { backend, team } = await backendWithTeam();
const collector = await signedInAs(backend, "collector", { firstname: "Bola", lastname: "Collector" });
const TODAY = lagosToday();
const N = 100_000; // ₦1,000 in kobo
const { product } = await makeSellableProduct(backend.db, { units: 4, price: 10_000 });
const agent = await makeAgent(backend.db, { firstname: "Musa", lastname: "Danjuma" });
const [ada, bayo, chidi, dayo] = await Promise.all(
  ["Ada", "Bayo", "Chidi", "Dayo"].map((firstname) =>
    makeCustomer(backend.db, { firstname, lastname: "Worklist" }),
  ),
);

/** A sale on `saleDate`, its deposit paid and then `paidMonths` monthly installments. */
const account = (customerId: string, saleDate: string, paidMonths: number) => {
  return {
    customerId,
    agentId: agent.id,
    productId: product.id,
    recipient: RECIPIENT,
    saleDate,
    depositKobo: N,
    monthlyKobo: N,
    months: 12,
    payments: Array.from({ length: paidMonths + 1 }, (_, index) => ({
      date: addMonths(saleDate, index),
      kobo: N,
    })),
  };
};
// Ada: nothing since her deposit three months ago (about 60 days late); Bayo: nothing for six months
// (defaulted); Chidi: paid up to date (in credit, not on the worklist); Dayo: his first installment fell due
// about two weeks ago.
const [adaSale, bayoSale, chidiSale, dayoSale] = await writeBook(
  backend.db,
  [
    account(ada.id, addMonths(TODAY, -3), 0),
    account(bayo.id, addMonths(TODAY, -6), 0),
    account(chidi.id, addMonths(TODAY, -2), 2),
    account(dayo.id, addDays(TODAY, -45), 0),
  ],
  TODAY,
);

const get = (path: string, token = collector.token) => backend.request("GET", path, { token });
const post = (path: string, body: unknown, token = collector.token) =>
  backend.request("POST", path, { token, body });
const put = (path: string, body: unknown, token = collector.token) =>
  backend.request("PUT", path, { token, body });
const names = (body: { accounts: { customerName: string }[] }) =>
  body.accounts.map((row) => row.customerName.split(" ")[0]);

describe("who may work collections", () => {
  it("admin and collector may read and write; a manager may read only", async () => {
    for (const member of [team.admin, collector, team.manager]) {
      expect((await get("/api/v1/collections", member.token)).status).toBe(200);
      expect((await get("/api/v1/collections/counts", member.token)).status).toBe(200);
      expect((await get(`/api/v1/collections/${adaSale}`, member.token)).status).toBe(200);
    }
    const refused = await post("/api/v1/collections/assign", { saleIds: [adaSale] }, team.manager.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
  });

  it("every other seeded role gets a 403 on every route, and nobody signed in a 401", async () => {
    for (const member of [team.sales, team.inventory, team.support, team.viewer]) {
      for (const path of [
        "/api/v1/collections",
        "/api/v1/collections/counts",
        `/api/v1/collections/${adaSale}`,
      ])
        expect((await get(path, member.token)).status).toBe(403);
      for (const [path, body] of [
        ["/api/v1/collections/assign", { saleIds: [adaSale] }],
        [`/api/v1/collections/${adaSale}/contacts`, { channel: "CALL", outcome: "REACHED" }],
      ] as const) {
        const response = await post(path, body, member.token);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN_BODY);
      }
    }
    const anonymous = await backend.request("GET", "/api/v1/collections");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("the worklist", () => {
  it("lists late and defaulted accounts only, most days late first, in the documented shape", async () => {
    const body = await (await get("/api/v1/collections")).json();
    expectExactly(CollectionListSchema, body);
    expect(names(body)).toEqual(["Bayo", "Ada", "Dayo"]);
    expect(body.accounts[0]).toMatchObject({ status: "DEFAULTED", assignedTo: null, promise: null });
    expect(body.total).toBe(3);
  });

  it("filters by bucket, agent and search, and refuses nonsense with a 400", async () => {
    expect(names(await (await get("/api/v1/collections?bucket=31-90")).json())).toEqual(["Ada"]);
    expect(names(await (await get("/api/v1/collections?bucket=90%2B")).json())).toEqual(["Bayo"]);
    expect((await (await get(`/api/v1/collections?agentId=${agent.id}`)).json()).total).toBe(3);
    expect((await (await get("/api/v1/collections?agentId=nobody")).json()).total).toBe(0);
    expect(names(await (await get("/api/v1/collections?search=dayo")).json())).toEqual(["Dayo"]);
    for (const query of [
      "tab=everything",
      "bucket=current",
      "promiseDue=maybe",
      `assignedTo=${"a".repeat(65)}`,
      "search=%00",
      "limit=1000",
      "page=-1",
    ]) {
      const response = await get(`/api/v1/collections?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    }
  });

  it("answers 404 for a sale that is not an account", async () => {
    const response = await get("/api/v1/collections/no-such-sale");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, message: "Account not found" });
  });
});

describe("assigning accounts", () => {
  it("offers the active staff who work collections, and the agents with late accounts", async () => {
    const response = await get("/api/v1/collections/options");
    const body = await response.json();
    expectExactly(CollectionOptionsSchema, body);
    expect(body.agents).toEqual([{ id: agent.id, name: "Musa Danjuma" }]);
    const ids = body.collectors.map((row: { id: string }) => row.id);
    expect(ids).toContain(collector.user.id);
    expect(ids).toContain(team.admin.user.id);
    expect(ids).not.toContain(team.manager.user.id);
    expect(ids).not.toContain(team.viewer.user.id);
  });

  it("gives several at once to a collector, who then sees them under Mine; empty gives them back", async () => {
    const response = await post("/api/v1/collections/assign", {
      saleIds: [adaSale, dayoSale],
      assignedTo: collector.user.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ assigned: 2, assignedTo: collector.user.id });
    const mine = await (await get("/api/v1/collections?tab=mine")).json();
    expect(names(mine)).toEqual(["Ada", "Dayo"]);
    expect(mine.accounts[0].assignedToName).toBe("Bola Collector");
    expect(names(await (await get("/api/v1/collections?assignedTo=none")).json())).toEqual(["Bayo"]);
    const counts = await (await get("/api/v1/collections/counts")).json();
    expectExactly(CollectionCountsSchema, counts);
    expect(counts).toMatchObject({ all: 3, mine: 2 });
    // Someone else's Mine is their own.
    expect((await (await get("/api/v1/collections?tab=mine", team.admin.token)).json()).total).toBe(0);

    await post("/api/v1/collections/assign", { saleIds: [dayoSale], assignedTo: "" });
    expect(names(await (await get("/api/v1/collections?tab=mine")).json())).toEqual(["Ada"]);
    const [audit] = await queryRows(
      backend.db,
      sql`select count(*) as n from audit_log where subject = 'Collections' and action = 'assign-collector'`,
      z.object({ n: z.coerce.number() }),
    );
    expect(audit.n).toBe(3);
  });

  it("refuses unknown accounts, staff who cannot work, too many at once, odd keys and bad bodies", async () => {
    const blocked = await makeUser(backend.db, { role: "collector", isBlocked: true });
    const viewer = await makeUser(backend.db, { role: "viewer" });
    const cases: [unknown, RegExp][] = [
      [{ saleIds: [adaSale, "no-such-sale"], assignedTo: collector.user.id }, /do not exist/],
      [{ saleIds: [adaSale], assignedTo: blocked.id }, /active staff member who works collections/],
      [{ saleIds: [adaSale], assignedTo: viewer.id }, /active staff member who works collections/],
      [{ saleIds: [adaSale], assignedTo: "nobody-at-all" }, /active staff member/],
      [{ saleIds: [] }, /at least one account/],
      [{ saleIds: Array.from({ length: 101 }, (_, index) => `sale-${index}`) }, /at most 100/],
      [{ saleIds: [adaSale], admin: true }, /./],
      [{ saleIds: [`${adaSale}\u0000`] }, /./],
      [{ saleIds: "everything" }, /./],
    ];
    for (const [body, message] of cases) {
      const response = await post("/api/v1/collections/assign", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expect(JSON.stringify(answer.message)).toMatch(message);
    }
    let deep: unknown = [adaSale];
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect((await post("/api/v1/collections/assign", { saleIds: deep })).status).toBe(400);
  });
});

describe("logging contacts and promises", () => {
  it("records a promise, follows it up the day after its date, and lists the contact log newest first", async () => {
    const date = addDays(TODAY, 3);
    await post(`/api/v1/collections/${bayoSale}/contacts`, { channel: "CALL", outcome: "NO_ANSWER" });
    const response = await post(`/api/v1/collections/${bayoSale}/contacts`, {
      channel: "VISIT",
      outcome: "PROMISED",
      promiseAmount: "2,500.50",
      promiseDate: date,
      note: "Will pay after market day",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(CollectionCaseSchema, body);
    expect(body.account.promise).toEqual({ amount: 2_500.5, date, state: "OPEN" });
    expect(body.account.followUpOn).toBe(addDays(date, 1));
    expect(body.contacts.map((contact: { outcome: string }) => contact.outcome)).toEqual([
      "PROMISED",
      "NO_ANSWER",
    ]);
    expect(body.contacts[0]).toMatchObject({
      channel: "VISIT",
      note: "Will pay after market day",
      promise: { amount: 2_500.5, date },
      staffName: "Bola Collector",
    });
    expect((await (await get("/api/v1/collections?neverContacted=true")).json()).total).toBe(2);
  });

  it("refuses a promise without its amount or date, in the past, too far out or above the outstanding", async () => {
    const path = `/api/v1/collections/${adaSale}/contacts`;
    const promise = { channel: "CALL", outcome: "PROMISED" };
    const cases: [unknown, string][] = [
      [promise, "promiseAmount: Promised amount is required"],
      [{ ...promise, promiseAmount: 100 }, "promiseDate: Promise date is required"],
      [
        { ...promise, promiseAmount: 100, promiseDate: addDays(TODAY, -1) },
        "promiseDate: Promise date must be today or later",
      ],
      [
        { ...promise, promiseAmount: 100, promiseDate: addDays(TODAY, 91) },
        "promiseDate: Promise date must be within 90 days",
      ],
      [
        { ...promise, promiseAmount: 100, promiseDate: "2026-02-31" },
        "promiseDate: Promise date must be a real date",
      ],
      [
        { ...promise, promiseAmount: 1e15, promiseDate: TODAY },
        "promiseAmount: Promised amount must be a positive number with at most 2 decimals",
      ],
      [
        { ...promise, promiseAmount: 100_000, promiseDate: TODAY },
        "promiseAmount: The promised amount is more than the outstanding ₦12,000",
      ],
      [{ channel: "FAX", outcome: "REACHED" }, "channel: Choose how the customer was contacted"],
      [
        { channel: "CALL", outcome: "REACHED", followUpOn: addDays(TODAY, -2) },
        "followUpOn: Follow-up date must be today or later",
      ],
      [
        { channel: "CALL", outcome: "REACHED", note: "n".repeat(1_001) },
        "note: Note must be at most 1000 characters",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post(path, body);
      expect(response.status, message).toBe(400);
      expect((await response.json()).message, message).toContain(message);
    }
    expect(
      (await post("/api/v1/collections/no-such-sale/contacts", { channel: "CALL", outcome: "REACHED" }))
        .status,
    ).toBe(404);
    expect(
      (await post(`/api/v1/collections/${chidiSale}/contacts`, { channel: "CALL", outcome: "REACHED" }))
        .status,
    ).toBe(201);
  });

  it("two contacts logged at once on one account both land", async () => {
    const both = await Promise.all(
      ["REACHED", "REFUSED"].map((outcome) =>
        post(`/api/v1/collections/${dayoSale}/contacts`, { channel: "SMS", outcome }),
      ),
    );
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    const body = await (await get(`/api/v1/collections/${dayoSale}`)).json();
    expect(body.contacts).toHaveLength(2);
  });
});

describe("a promise's state, worked out by the database", () => {
  it("is kept once payments of the amount arrive by its date", async () => {
    await post(`/api/v1/collections/${adaSale}/contacts`, {
      channel: "CALL",
      outcome: "PROMISED",
      promiseAmount: 1_500,
      promiseDate: TODAY,
    });
    const promisesDue = await (await get("/api/v1/collections?promiseDue=true")).json();
    expect(names(promisesDue)).toEqual(["Ada"]);
    expect((await (await get("/api/v1/collections/counts")).json()).promisesDueToday).toBe(1);
    for (const amount of [1_000, 500]) {
      const paid = await post(
        "/api/v1/sales/record-cash-payment",
        { saleId: adaSale, paymentMethod: "CASH", amount },
        team.admin.token,
      );
      expect(paid.status).toBe(201);
    }
    const body = await (await get(`/api/v1/collections/${adaSale}`)).json();
    expect(body.account.promise).toMatchObject({ amount: 1_500, state: "KEPT" });
  });

  it("is broken when its date passes without them, and broken promises come first", async () => {
    // A promise made a week ago for two days ago (the API only takes dates from today).
    await backend.db.execute(sql`update collection_cases
      set promise_on = ${addDays(TODAY, -2)}::date, promise_made_at = now() - interval '7 days'
      where sale_id = ${bayoSale}`);
    await backend.db
      .execute(sql`insert into collection_cases (sale_id, promise_kobo, promise_on, promise_made_at)
      values (${dayoSale}, 100, ${addDays(TODAY, -1)}::date, now() - interval '3 days')
      on conflict (sale_id) do update set promise_kobo = 100, promise_on = ${addDays(TODAY, -1)}::date,
        promise_made_at = now() - interval '3 days'`);
    const broken = await (await get("/api/v1/collections?tab=broken")).json();
    expect(names(broken)).toEqual(["Bayo", "Dayo"]);
    expect(broken.accounts[1].promise.state).toBe("BROKEN");
    const all = await (await get("/api/v1/collections")).json();
    // Dayo, fewer days late than Ada, comes before her: his promise was broken.
    expect(names(all)).toEqual(["Bayo", "Dayo", "Ada"]);
    expect((await (await get("/api/v1/collections/counts")).json()).broken).toBe(2);
    // Pages of one follow the same order across the broken promises' end, and the total stays the whole.
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const body = await (await get(`/api/v1/collections?limit=1&page=${page}`)).json();
      expect(body.total).toBe(3);
      pages.push(...names(body));
    }
    expect(pages).toEqual(["Bayo", "Dayo", "Ada"]);
    const second = await (await get("/api/v1/collections?limit=2&page=2&search=Ada")).json();
    expect([names(second), second.total]).toEqual([[], 1]);
  });
});

describe("follow-up dates", () => {
  it("brings an account back under Due today on its date, and can be cleared", async () => {
    const set = await put(`/api/v1/collections/${adaSale}/follow-up`, { followUpOn: TODAY });
    expect(set.status).toBe(200);
    expect((await set.json()).account.followUpOn).toBe(TODAY);
    expect(names(await (await get("/api/v1/collections?tab=due")).json())).toContain("Ada");
    const cleared = await put(`/api/v1/collections/${adaSale}/follow-up`, { followUpOn: "" });
    expect((await cleared.json()).account.followUpOn).toBeNull();
    expect(names(await (await get("/api/v1/collections?tab=due")).json())).not.toContain("Ada");
    for (const body of [
      { followUpOn: addDays(TODAY, -1) },
      { followUpOn: addDays(TODAY, 400) },
      { when: TODAY },
    ]) {
      expect((await put(`/api/v1/collections/${adaSale}/follow-up`, body)).status).toBe(400);
    }
  });
});
