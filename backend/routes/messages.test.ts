import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { arrayParam } from "../db/bulk-insert";
import { queryRows } from "../db/query-rows";
import { accounts, customers, messages } from "../db/schema";
import { writeBook } from "../demo/book-writer";
import { addDays, lagosToday } from "../schemas/dates";
import { MessageListSchema, MessageRecordSchema, MessageSettingsSchema } from "../schemas/messages";
import { queueReminders, nextSendMoment } from "../services/messaging/reminders";
import { dayForCustomer } from "../services/messaging/templates";
import { createAfricasTalkingProvider } from "../services/messaging/africastalking";
import { createTermiiProvider } from "../services/messaging/termii";
import { sandboxSmsProvider, sendQueuedMessages } from "../services/messaging/worker";
import type { Senders } from "../services/messaging/worker";
import { NO_CONTACT, OPTED_OUT } from "../services/messaging/outbox";
import { addMonths } from "../services/sale-schedule";
import {
  FORBIDDEN_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeCustomer,
  makeRole,
  signedInAs,
} from "../test/factories";
import { CONTRACT, RECIPIENT, makeSellableProduct, oneOffSale } from "../test/sale-factories";
import { startAfricasTalkingFake, startTermiiFake } from "../test/sms-fakes";

const { backend, team } = await backendWithTeam();
const collector = await signedInAs(backend, "collector");
const settingsEditor = await signedInAs(
  backend,
  (await makeRole(backend.db, "Message settings", ["manage:Settings", "read:Messages"])).id,
);
const TODAY = lagosToday();
const N = 100_000;

const post = (path: string, body: unknown, token = team.admin.token) =>
  backend.request("POST", path, { token, body });
const put = (path: string, body: unknown, token = team.admin.token) =>
  backend.request("PUT", path, { token, body });
const get = (path: string, token = team.admin.token) => backend.request("GET", path, { token });

const sandbox: Senders = { sms: sandboxSmsProvider, mailer: backend.mailer, mailerName: "log" };
const send = (senders = sandbox) => sendQueuedMessages(backend.db, senders);

const messagesOf = (customerId: string) =>
  backend.db.select().from(messages).where(eq(messages.customerId, customerId)).orderBy(messages.createdAt);

/** An instalment sale of one tokenable unit: deposit 20 % (₦2,400 with interest), 3 months. */
async function instalmentSale(customerFields: Parameters<typeof makeCustomer>[1] = {}) {
  const { product, devices: units } = await makeSellableProduct(backend.db, { price: 10_000, units: 1 });
  const customer = await makeCustomer(backend.db, { firstname: "Ngozi", ...customerFields });
  const response = await post(
    "/api/v1/sales/create",
    {
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
    },
    team.sales.token,
  );
  expect(response.status).toBe(201);
  const sale = (await response.json()).sale as { id: string; totalPrice: number };
  return { sale, customer, device: units[0] };
}

const cash = (saleId: string, amount: number) =>
  post("/api/v1/sales/record-cash-payment", { saleId, paymentMethod: "CASH", amount }, team.sales.token);

describe("messages queued by payments", () => {
  it("queues exactly one message per payment, in the payment's transaction: welcome, receipt, completed", async () => {
    const { sale, customer, device } = await instalmentSale();
    expect(await messagesOf(customer.id)).toEqual([]);

    expect((await cash(sale.id, 2_400)).status).toBe(201);
    let rows = await messagesOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "WELCOME", channel: "SMS", status: "QUEUED", saleId: sale.id });
    expect(rows[0].recipient).toBe(`234${customer.phone.slice(1)}`);
    expect(rows[0].body).toContain("Welcome Ngozi! We received your payment of NGN 2,400.");
    // The token the payment bought is in the text, and the message names its row.
    const [token] = await queryRows(
      backend.db,
      sql`select id, token, days from device_tokens where device_id = ${device.id} order by created_at desc limit 1`,
      z.object({ id: z.string(), token: z.string(), days: z.number() }),
    );
    expect(rows[0].body).toContain(`Your token: ${token.token}`);
    expect(rows[0].tokenIds).toEqual([token.id]);
    // The next due day is the account's credit expiry with the days this payment's token bought.
    const creditOf = async () =>
      (await backend.db.select().from(accounts).where(eq(accounts.saleId, sale.id)))[0].creditExpiry;
    const due = addDays(lagosToday(), token.days);
    expect(await creditOf()).toBe(due);
    expect(rows[0].body).toContain(`(${token.days} days). Next payment due ${dayForCustomer(due)}.`);

    expect((await cash(sale.id, 2_000)).status).toBe(201);
    rows = await messagesOf(customer.id);
    expect(rows.map((row) => row.kind)).toEqual(["WELCOME", "CASH_RECEIPT"]);
    expect(rows[1].body).toContain("we received NGN 2,000 in cash");
    const credit = await creditOf();
    expect(credit! > due).toBe(true);
    expect(rows[1].body).toContain(`next payment due ${dayForCustomer(credit!)}.`);

    // A refused payment (more than the balance) rolls back: no message.
    expect((await cash(sale.id, 999_999)).status).toBe(400);
    expect(await messagesOf(customer.id)).toHaveLength(2);

    const [{ balance }] = await queryRows(
      backend.db,
      sql`select (total_kobo - paid_kobo) / 100.0 as balance from sales where id = ${sale.id}`,
      z.object({ balance: z.coerce.number() }),
    );
    expect((await cash(sale.id, balance)).status).toBe(201);
    rows = await messagesOf(customer.id);
    expect(rows.map((row) => row.kind)).toEqual(["WELCOME", "CASH_RECEIPT", "COMPLETED"]);
    expect(rows[2].body).toContain("You have paid in full. Your unlock token:");
  });

  it("writes the due day the payment's statement reads as the rest of the text writes days", async () => {
    // Every month, a day with one digit and one with two, a leap day.
    const days = Array.from({ length: 12 }, (_, month) => [
      `2026-${String(month + 1).padStart(2, "0")}-05`,
      `2027-${String(month + 1).padStart(2, "0")}-28`,
    ]).flat();
    days.push("2028-02-29");
    const rows = await queryRows(
      backend.db,
      sql`select d::text as day, customer_day(d) as text from unnest(${arrayParam(days)}::date[]) d`,
      z.object({ day: z.string(), text: z.string() }),
    );
    expect(rows).toHaveLength(days.length);
    for (const row of rows) expect(row.text).toBe(dayForCustomer(row.day));
  });

  it("says nothing of a token when a payment bought none", async () => {
    const { sale, customer } = await instalmentSale();
    // Less than the deposit: no day bought, so no token.
    expect((await cash(sale.id, 1_000)).status).toBe(201);
    const [row] = await messagesOf(customer.id);
    expect(row.tokenIds).toBeNull();
    expect(row.body).toBe(
      `Welcome Ngozi! We received your payment of NGN 1,000. Next payment due ${dayForCustomer(lagosToday())}.`,
    );
  });

  it("writes a message that cannot go as FAILED with its reason: no usable number nor e-mail", async () => {
    const { sale, customer } = await instalmentSale({
      phone: `none-${Math.random().toString(36).slice(2, 8)}`,
      email: "",
    });
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    const [row] = await messagesOf(customer.id);
    expect(row).toMatchObject({ status: "FAILED", error: NO_CONTACT, recipient: "" });
  });

  it("goes by e-mail when the customer has an e-mail address but no usable number", async () => {
    const { sale, customer } = await instalmentSale({
      phone: `none-${Math.random().toString(36).slice(2, 8)}`,
    });
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    await send();
    const [row] = await messagesOf(customer.id);
    expect(row).toMatchObject({
      channel: "EMAIL",
      status: "SENT",
      recipient: customer.email,
      subject: "Welcome",
    });
    expect(backend.mailer.lastTo(customer.email)?.text).toContain("₦2,400");
  });

  it("a delay queues one message with the days added", async () => {
    const { sale, customer } = await instalmentSale();
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    expect((await post(`/api/v1/accounts/${sale.id}/delay`, { days: 3, reason: "Flooding" })).status).toBe(
      200,
    );
    const rows = await messagesOf(customer.id);
    expect(rows.map((row) => row.kind)).toEqual(["WELCOME", "DELAY_GIVEN"]);
    expect(rows[1].body).toContain("we added 3 days to your system");
  });
});

describe("the worker", () => {
  it("sends each queued message once through the sandbox, even with two workers at once", async () => {
    const { sale, customer } = await instalmentSale();
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    let calls = 0;
    const counting: Senders = {
      ...sandbox,
      sms: {
        name: "sandbox",
        send: async (sms) => {
          if (sms.to === `234${customer.phone.slice(1)}`) calls += 1;
          return sandboxSmsProvider.send(sms);
        },
      },
    };
    await Promise.all([send(counting), send(counting)]);
    const rows = await messagesOf(customer.id);
    expect(rows[0]).toMatchObject({ status: "SENT", provider: "sandbox", attempts: 1 });
    expect(rows[0].providerId).toMatch(/^sandbox-/);
    expect(calls).toBe(1);
    await send(counting);
    expect(calls).toBe(1);

    // A tester marks it delivered, as a delivery report would.
    const marked = await post(
      `/api/v1/messages/${rows[0].id}/sandbox-report`,
      { status: "DELIVERED" },
      team.support.token,
    );
    expect(marked.status).toBe(200);
    expectExactly(MessageRecordSchema, await marked.clone().json());
    expect(await marked.json()).toMatchObject({ status: "DELIVERED", error: null });
  });

  it("sends through Africa's Talking, retries a refusal that may pass, and applies its delivery reports", async () => {
    const fake = await startAfricasTalkingFake();
    try {
      const at: Senders = {
        ...sandbox,
        sms: createAfricasTalkingProvider({
          username: fake.username,
          apiKey: fake.apiKey,
          senderId: null,
          baseUrl: fake.url,
        }),
      };
      const { sale, customer } = await instalmentSale();
      expect((await cash(sale.id, 2_400)).status).toBe(201);
      fake.failNext("server-error");
      expect(await send(at)).toMatchObject({ sent: 0, retried: 1 });
      let [row] = await messagesOf(customer.id);
      expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
      expect(row.error).toContain("500");
      expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);

      await backend.db.update(messages).set({ sendAfter: new Date() }).where(eq(messages.id, row.id));
      expect(await send(at)).toMatchObject({ sent: 1 });
      [row] = await messagesOf(customer.id);
      expect(row).toMatchObject({ status: "SENT", provider: "africastalking", attempts: 2, error: null });
      expect(fake.received.at(-1)).toMatchObject({ to: `+${row.recipient}` });

      const report = (fields: Record<string, string>, query = "") =>
        backend.request("POST", `/api/v1/messages/reports/africastalking${query}`, {
          rawBody: new URLSearchParams(fields).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
      const providerId = row.providerId ?? "";
      expect((await report(fake.report("ATXid_unknown", "Success"))).status).toBe(404);
      expect((await report({ status: "Success" })).status).toBe(400);
      const failed = await report(fake.report(providerId, "Failed", "UserInBlacklist"));
      expect(failed.status).toBe(200);
      [row] = await messagesOf(customer.id);
      expect(row.status).toBe("FAILED");
      expect(row.error).toContain("UserInBlacklist");
      expect((await report(fake.report(providerId, "Success"))).status).toBe(200);
      [row] = await messagesOf(customer.id);
      expect(row).toMatchObject({ status: "DELIVERED", error: null });

      // A permanent refusal is not retried.
      const second = await instalmentSale();
      expect((await cash(second.sale.id, 2_400)).status).toBe(201);
      fake.failNext("invalid-number");
      expect(await send(at)).toMatchObject({ failed: 1 });
      const [rejected] = await messagesOf(second.customer.id);
      expect(rejected.status).toBe("REJECTED");
    } finally {
      await fake.close();
    }
  });

  it("sends through Termii and refuses a report whose signature is wrong", async () => {
    const fake = await startTermiiFake();
    const termiiBackend = await backendWithTeam();
    try {
      // A backend configured for Termii, so its webhook checks Termii's signature.
      const config = {
        ...termiiBackend.backend.config,
        sms: {
          provider: "termii" as const,
          apiKey: fake.apiKey,
          senderId: "SolarDesk",
          secretKey: fake.secretKey,
          baseUrl: fake.url,
        },
      };
      const { createApi } = await import("../app");
      const app = createApi({ db: backend.db, config, mailer: backend.mailer });
      const termii: Senders = { ...sandbox, sms: createTermiiProvider({ ...config.sms }) };
      const { sale, customer } = await instalmentSale();
      expect((await cash(sale.id, 2_400)).status).toBe(201);
      expect(await send(termii)).toMatchObject({ sent: 1 });
      let [row] = await messagesOf(customer.id);
      expect(row).toMatchObject({ status: "SENT", provider: "termii" });
      expect(fake.received.at(-1)?.body).toMatchObject({ channel: "dnd", to: row.recipient });

      const webhook = (rawBody: string, signature: string) =>
        app.fetch(
          new Request("http://backend.test/api/v1/messages/reports/termii", {
            method: "POST",
            headers: { "content-type": "application/json", "x-termii-signature": signature },
            body: rawBody,
          }),
        );
      const good = fake.report(row.providerId ?? "", "Delivered");
      expect((await webhook(good.rawBody, "0".repeat(128))).status).toBe(401);
      expect((await webhook(good.rawBody, "")).status).toBe(401);
      [row] = await messagesOf(customer.id);
      expect(row.status).toBe("SENT");
      expect((await webhook(good.rawBody, good.signature)).status).toBe(200);
      [row] = await messagesOf(customer.id);
      expect(row.status).toBe("DELIVERED");
      const forged = await queryRows(
        backend.db,
        sql`select count(*) as n from message_reports where provider = 'termii' and outcome = 'forged'`,
        z.object({ n: z.coerce.number() }),
      );
      expect(forged[0].n).toBe(2);
    } finally {
      await fake.close();
    }
  });

  it("refuses a report carrying a NUL character with a 400, never a 500", async () => {
    const at = await backend.request("POST", "/api/v1/messages/reports/africastalking", {
      rawBody: "id=ATXid_1%00&status=Success&phoneNumber=%2B2348035550101",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(at.status).toBe(400);
    const termii = await backend.request("POST", "/api/v1/messages/reports/termii", {
      rawBody: '{"message_id":"1\\u0000","status":"Delivered"}',
      headers: { "content-type": "application/json", "x-termii-signature": "abc" },
    });
    expect(termii.status).toBe(400);
  });

  it("refuses every report on a backend not configured for the gateway", async () => {
    const response = await backend.request("POST", "/api/v1/messages/reports/termii", {
      rawBody: "{}",
      headers: { "content-type": "application/json", "x-termii-signature": "abc" },
    });
    expect(response.status).toBe(401);
  });
});

describe("reminders", () => {
  const agentPromise = makeAgent(backend.db, { firstname: "Remi", lastname: "Nder" });

  /** Accounts whose credit runs out `offset` days from today (negative: days ago). */
  async function accountsExpiring(
    offsets: number[],
    customerFields: Parameters<typeof makeCustomer>[1] = {},
  ) {
    const { product } = await makeSellableProduct(backend.db, { units: offsets.length, price: 10_000 });
    const agent = await agentPromise;
    const people = await Promise.all(
      offsets.map(() => makeCustomer(backend.db, { firstname: "Tolu", ...customerFields })),
    );
    const saleIds = await writeBook(
      backend.db,
      offsets.map((_, index) => ({
        customerId: people[index].id,
        agentId: agent.id,
        productId: product.id,
        recipient: RECIPIENT,
        saleDate: addMonths(TODAY, -2),
        depositKobo: N,
        monthlyKobo: N,
        months: 12,
        payments: [{ date: addMonths(TODAY, -2), kobo: N }],
      })),
      TODAY,
    );
    for (const [index, saleId] of saleIds.entries()) {
      const expiry = addDays(TODAY, offsets[index]);
      await backend.db
        .update(accounts)
        .set({ creditExpiry: expiry, status: offsets[index] < 0 ? "LATE" : "ON_TIME" })
        .where(eq(accounts.saleId, saleId));
    }
    return { saleIds, people };
  }

  // Noon in Lagos today, and 21:00.
  const noon = new Date(`${TODAY}T11:00:00Z`);
  const evening = new Date(`${TODAY}T20:00:00Z`);

  it("queues before, on and after the due day, once each, and none for an opted-out customer", async () => {
    const { people } = await accountsExpiring([3, 1, 0, -3, -7, 2, -5]);
    const [optedOut] = await accountsExpiring([3], { messagesOptOut: true }).then((made) => made.people);
    await queueReminders(backend.db, noon);
    const kinds = await Promise.all(
      people.map(async (person) => (await messagesOf(person.id)).map((row) => row.kind)),
    );
    expect(kinds).toEqual([
      ["REMINDER_BEFORE"],
      ["REMINDER_BEFORE"],
      ["REMINDER_DUE"],
      ["REMINDER_AFTER"],
      ["REMINDER_AFTER"],
      [],
      [],
    ]);
    expect(await messagesOf(optedOut.id)).toEqual([]);
    const [before] = await messagesOf(people[0].id);
    expect(before.body).toContain("your solar credit ends in 3 days");
    expect(before.body).toMatch(/Pay NGN [\d,]+ to keep your lights on/);
    const [after] = await messagesOf(people[4].id);
    expect(after.body).toContain("was due 7 days ago");

    // Once only: another round the same day queues nothing more.
    await queueReminders(backend.db, new Date(noon.getTime() + 3_600_000));
    const again = await Promise.all(people.map(async (person) => (await messagesOf(person.id)).length));
    expect(again).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it("waits for the send window: queued in the evening, sent from 08:00 Lagos the next day", async () => {
    expect(nextSendMoment(noon)).toEqual(noon);
    expect(nextSendMoment(evening).toISOString()).toBe(`${addDays(TODAY, 1)}T07:00:00.000Z`);
    expect(nextSendMoment(new Date(`${TODAY}T05:00:00Z`)).toISOString()).toBe(`${TODAY}T07:00:00.000Z`);
    const { people } = await accountsExpiring([1]);
    await queueReminders(backend.db, evening);
    const [row] = await messagesOf(people[0].id);
    expect(row.sendAfter.toISOString()).toBe(`${addDays(TODAY, 1)}T07:00:00.000Z`);
  });

  it("is cancelled, not sent, when the customer pays before it goes out", async () => {
    const { people, saleIds } = await accountsExpiring([1]);
    await queueReminders(backend.db, noon);
    await backend.db
      .update(accounts)
      .set({ creditExpiry: addDays(TODAY, 31) })
      .where(eq(accounts.saleId, saleIds[0]));
    // As if the send window were open now.
    await backend.db
      .update(messages)
      .set({ sendAfter: new Date() })
      .where(eq(messages.customerId, people[0].id));
    await send();
    const [row] = await messagesOf(people[0].id);
    expect(row).toMatchObject({ status: "CANCELLED" });
    expect(row.error).toContain("paid or changed");
  });

  it("follows the schedule staff set, and none when reminders are off", async () => {
    const saved = await put(
      "/api/v1/messages/settings/schedule",
      { remindersOn: true, daysBefore: "5", onTheDay: false, daysAfter: [] },
      settingsEditor.token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      remindersOn: true,
      daysBefore: [5],
      onTheDay: false,
      daysAfter: [],
    });
    const { people } = await accountsExpiring([5, 0, 3]);
    await queueReminders(backend.db, noon);
    expect((await messagesOf(people[0].id)).map((row) => row.kind)).toEqual(["REMINDER_BEFORE"]);
    expect(await messagesOf(people[1].id)).toEqual([]);
    expect(await messagesOf(people[2].id)).toEqual([]);

    expect(
      (
        await put(
          "/api/v1/messages/settings/schedule",
          { remindersOn: false, daysBefore: [5], onTheDay: true, daysAfter: [3] },
          settingsEditor.token,
        )
      ).status,
    ).toBe(200);
    const more = await accountsExpiring([5]);
    await queueReminders(backend.db, noon);
    expect(await messagesOf(more.people[0].id)).toEqual([]);

    const refused = await put(
      "/api/v1/messages/settings/schedule",
      { remindersOn: true, daysBefore: "3, 3, 99", onTheDay: true, daysAfter: [] },
      settingsEditor.token,
    );
    expect(refused.status).toBe(400);
    expect(
      (
        await put(
          "/api/v1/messages/settings/schedule",
          { remindersOn: true, daysBefore: [3, 1], onTheDay: true, daysAfter: [3, 7] },
          team.sales.token,
        )
      ).status,
    ).toBe(403);
    // Back to the defaults for the other tests.
    expect(
      (
        await put(
          "/api/v1/messages/settings/schedule",
          { remindersOn: true, daysBefore: [3, 1], onTheDay: true, daysAfter: [3, 7] },
          settingsEditor.token,
        )
      ).status,
    ).toBe(200);
  });
});

describe("templates", () => {
  it("lists the settings with every template, its variables and its SMS length", async () => {
    const response = await get("/api/v1/messages/settings", settingsEditor.token);
    expect(response.status).toBe(200);
    const settings = MessageSettingsSchema.parse(await response.json());
    expect(settings.provider.sms).toBe("sandbox");
    expect(settings.templates.map((template) => template.kind)).toContain("REMINDER_BEFORE");
    const welcome = settings.templates.find((template) => template.kind === "WELCOME");
    expect(welcome?.variables).toContain("token");
    expect(welcome?.length.encoding).toBe("GSM-7");
  });

  it("refuses unknown variables, saves a good template and uses it for the next message", async () => {
    const refused = await put(
      "/api/v1/messages/templates/WELCOME",
      { body: "Hi {customerName}, {nickname} {token}" },
      settingsEditor.token,
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toEqual([expect.stringContaining("Unknown variable {nickname}")]);

    const saved = await put(
      "/api/v1/messages/templates/WELCOME",
      { body: "Hi {customerName}! Token {token}." },
      settingsEditor.token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      kind: "WELCOME",
      edited: true,
      body: "Hi {customerName}! Token {token}.",
    });

    const { sale, customer } = await instalmentSale();
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    const [row] = await messagesOf(customer.id);
    expect(row.body).toMatch(/^Hi Ngozi! Token \d/);

    const reset = await backend.request("DELETE", "/api/v1/messages/templates/WELCOME", {
      token: settingsEditor.token,
    });
    expect(await reset.json()).toMatchObject({ edited: false });
  });

  it("previews a template with a real account and counts its SMS parts", async () => {
    // A customer with a mobile number: the preview is the SMS's text (NGN, not ₦).
    const { sale } = await instalmentSale({ firstname: "Preview", phone: "08031234567" });
    const response = await post(
      "/api/v1/messages/templates/REMINDER_DUE/preview",
      { body: "Hello {customerName}, pay {amount} ✅", saleId: sale.id },
      settingsEditor.token,
    );
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview.text).toBe("Hello Preview, pay NGN 5,000 ✅");
    expect(preview.length).toMatchObject({ encoding: "UCS-2", parts: 1 });
    expect(
      (await post("/api/v1/messages/templates/NOPE/preview", { body: "x" }, settingsEditor.token)).status,
    ).toBe(404);
    expect(
      (await post("/api/v1/messages/templates/REMINDER_DUE/preview", { body: "x" }, team.support.token))
        .status,
    ).toBe(403);
  });
});

describe("messages staff write", () => {
  it("writes to one customer, refuses unknown variables, and fails an opted-out customer's at once", async () => {
    const customer = await makeCustomer(backend.db, { firstname: "Kemi" });
    const sent = await post(
      `/api/v1/customers/${customer.id}/messages`,
      { body: "Hello {customerName}, please call us." },
      collector.token,
    );
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      kind: "MANUAL",
      status: "QUEUED",
      body: "Hello Kemi, please call us.",
    });
    expect(
      (await post(`/api/v1/customers/${customer.id}/messages`, { body: "{token}" }, collector.token)).status,
    ).toBe(400);
    expect(
      (await post(`/api/v1/customers/${customer.id}/messages`, { body: "a\u0000b" }, collector.token)).status,
    ).toBe(400);
    expect(
      (await post(`/api/v1/customers/${customer.id}/messages`, { body: "x".repeat(641) }, collector.token))
        .status,
    ).toBe(400);
    expect(
      (await post(`/api/v1/customers/${customer.id}/messages`, { body: "hello" }, team.viewer.token)).status,
    ).toBe(403);
    expect(
      (await post("/api/v1/customers/no-such-customer/messages", { body: "hello" }, collector.token)).status,
    ).toBe(404);

    const optOut = await put(
      `/api/v1/customers/${customer.id}/messages-opt-out`,
      { optedOut: true },
      team.sales.token,
    );
    expect(await optOut.json()).toEqual({ optedOut: true });
    const refused = await post(
      `/api/v1/customers/${customer.id}/messages`,
      { body: "hello" },
      collector.token,
    );
    expect(await refused.json()).toMatchObject({ status: "FAILED", error: OPTED_OUT });
    const [row] = await backend.db
      .select({ optOut: customers.messagesOptOut })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row.optOut).toBe(true);
  });

  it("sends a failed message again to the number as it is now", async () => {
    const { sale, customer } = await instalmentSale({
      phone: `none-${Math.random().toString(36).slice(2, 8)}`,
      email: "",
    });
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    const [failed] = await messagesOf(customer.id);
    expect((await post(`/api/v1/messages/${failed.id}/resend`, {}, team.support.token)).status).toBe(400);
    await backend.db.update(customers).set({ phone: "0803 555 0101" }).where(eq(customers.id, customer.id));
    const resent = await post(`/api/v1/messages/${failed.id}/resend`, {}, team.support.token);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ status: "QUEUED", recipient: "2348035550101", error: null });
    expect((await post(`/api/v1/messages/${failed.id}/resend`, {}, team.support.token)).status).toBe(400);
    expect((await post(`/api/v1/messages/${failed.id}/resend`, {}, team.viewer.token)).status).toBe(403);
    expect((await post("/api/v1/messages/nope/resend", {}, team.support.token)).status).toBe(404);
  });

  it("writes to a filtered worklist after the count is confirmed, and limits how often", async () => {
    const late = await makeAgent(backend.db, { firstname: "Bulk", lastname: "Agent" });
    const { product } = await makeSellableProduct(backend.db, { units: 3, price: 10_000 });
    const people = await Promise.all([0, 1, 2].map(() => makeCustomer(backend.db, { firstname: "Late" })));
    await backend.db.update(customers).set({ messagesOptOut: true }).where(eq(customers.id, people[2].id));
    await writeBook(
      backend.db,
      people.map((person) => ({
        customerId: person.id,
        agentId: late.id,
        productId: product.id,
        recipient: RECIPIENT,
        saleDate: addMonths(TODAY, -4),
        depositKobo: N,
        monthlyKobo: N,
        months: 12,
        payments: [{ date: addMonths(TODAY, -4), kobo: N }],
      })),
      TODAY,
    );
    const filters = { agentId: late.id, tab: "all" };
    const counted = await post("/api/v1/messages/list-count", { filters }, collector.token);
    expect(await counted.json()).toEqual({ count: 3 });
    const changed = await post(
      "/api/v1/messages/list",
      { body: "Please pay, {customerName}.", expected: 2, filters },
      collector.token,
    );
    expect(changed.status).toBe(400);
    expect((await changed.json()).message).toEqual([expect.stringContaining("it now has 3 accounts")]);
    const sent = await post(
      "/api/v1/messages/list",
      { body: "Please pay, {customerName}.", expected: 3, filters },
      collector.token,
    );
    expect(sent.status).toBe(201);
    expect(await sent.json()).toEqual({ queued: 2, skipped: 1 });
    expect((await messagesOf(people[0].id))[0]).toMatchObject({ kind: "MANUAL", body: "Please pay, Late." });
    expect(
      (await post("/api/v1/messages/list", { body: "x", expected: 3, filters }, team.viewer.token)).status,
    ).toBe(403);
    expect(
      (
        await post(
          "/api/v1/messages/list",
          { body: "x", expected: 3, filters: { tab: "all", nested: { a: 1 } } },
          collector.token,
        )
      ).status,
    ).toBe(400);
    expect(
      (await post("/api/v1/messages/list", { body: "x", expected: 1e12, filters }, collector.token)).status,
    ).toBe(400);
    expect(
      (await post("/api/v1/messages/list", { body: "x", expected: 3, filters }, collector.token)).status,
    ).toBe(201);
    expect(
      (await post("/api/v1/messages/list", { body: "x", expected: 3, filters }, collector.token)).status,
    ).toBe(201);
    const limited = await post("/api/v1/messages/list", { body: "x", expected: 3, filters }, collector.token);
    expect(limited.status).toBe(429);
  });
});

describe("the outbox list", () => {
  it("filters by status, channel and customer, for whoever may read messages", async () => {
    const { sale, customer } = await instalmentSale();
    expect((await cash(sale.id, 2_400)).status).toBe(201);
    const response = await get(
      `/api/v1/messages?customerId=${customer.id}&status=QUEUED&channel=SMS`,
      team.support.token,
    );
    expect(response.status).toBe(200);
    const page = await response.json();
    expectExactly(MessageListSchema, page);
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect(page.messages[0]).toMatchObject({
      customerName: customer.firstname + " " + customer.lastname,
      kind: "WELCOME",
    });
    expect((await get(`/api/v1/messages?status=NOPE`, team.support.token)).status).toBe(400);
    expect((await get(`/api/v1/messages?from=2026-12-05&to=2026-12-01`, team.support.token)).status).toBe(
      400,
    );
    expect((await get(`/api/v1/messages?limit=1e9`, team.support.token)).status).toBe(400);
    expect(await (await get("/api/v1/messages", team.sales.token)).json()).toEqual(FORBIDDEN_BODY);
    expect((await get(`/api/v1/messages/${page.messages[0].id}`, team.manager.token)).status).toBe(200);
    expect((await get(`/api/v1/messages/nope`, team.manager.token)).status).toBe(404);
  });
});
