import { sql } from "drizzle-orm";
import { z } from "zod";
import { ACTION_ERRORS, noStockFor, tooManyInstallments } from "../constants/account-actions";
import { queryRows } from "../db/query-rows";
import { writeBook } from "../demo/book-writer";
import { ActionResultSchema, RestructurePreviewSchema } from "../schemas/account-actions";
import { DeviceDetailSchema } from "../schemas/devices";
import { addDays, dayText, lagosToday } from "../schemas/dates";
import { addMonths } from "../services/sale-schedule";
import {
  FORBIDDEN_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeCustomer,
  makeDevice,
  makeRole,
  signedInAs,
} from "../test/factories";
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";
import { makeItem } from "../test/stock-factories";

// Restructuring an account and swapping its device (issue 27 §2, decision 041).

const { backend, team } = await backendWithTeam();
const seller = await signedInAs(
  backend,
  (await makeRole(backend.db, "Counter sales", ["write:Sales", "read:Sales"])).id,
);
const TODAY = lagosToday();
const N = 100_000; // ₦1,000 in kobo
const {
  product,
  battery,
  devices: spare,
} = await makeSellableProduct(backend.db, { units: 4, price: 10_000 });
const agent = await makeAgent(backend.db, { firstname: "Musa", lastname: "Terms" });
const names = ["Ada", "Bayo", "Chidi", "Dayo", "Efe", "Femi", "Gbenga", "Hauwa"];
const customers = await Promise.all(
  names.map((firstname) =>
    makeCustomer(backend.db, {
      firstname,
      lastname: "Terms",
      email: `${firstname.toLowerCase()}@example.com`,
    }),
  ),
);

/** A sale on `saleDate` of ₦1,000 down and 12 × ₦1,000, with the payments given (kobo, a month apart). */
const account = (index: number, saleDate: string, payments: number[], device = false) => ({
  customerId: customers[index].id,
  agentId: agent.id,
  productId: product.id,
  recipient: RECIPIENT,
  saleDate,
  depositKobo: N,
  monthlyKobo: N,
  months: 12,
  device,
  payments: payments.map((kobo, month) => ({ date: addMonths(saleDate, month), kobo })),
});
// Ada: deposit only, about 60 days late; Bayo: deposit and half a month; Chidi: nothing paid; Dayo: late
// by a few days with a tokenable unit; Efe: in credit with a tokenable unit; Femi, Gbenga: tokenable, for
// the swaps; Hauwa: for two actions at once.
const [ada, bayo, chidi, dayo, efe, femi, gbenga, hauwa] = await writeBook(
  backend.db,
  [
    account(0, addMonths(TODAY, -3), [N]),
    account(1, addMonths(TODAY, -3), [N, N / 2]),
    account(2, addMonths(TODAY, -1), []),
    account(3, addDays(addMonths(TODAY, -1), -3), [N], true),
    account(4, addMonths(TODAY, -2), [N, N, N], true),
    account(5, addMonths(TODAY, -2), [N, N], true),
    account(6, addMonths(TODAY, -2), [N, N], true),
    account(7, addMonths(TODAY, -3), [N], true),
  ],
  TODAY,
);

const post = (path: string, body: unknown, token = team.admin.token) =>
  backend.request("POST", path, { token, body });

const scheduleOf = (saleId: string) =>
  queryRows(
    backend.db,
    sql`select number, due_date::text as due, amount_kobo as amount, cumulative_kobo as cumulative
      from account_schedule where sale_id = ${saleId} order by number`,
    z.object({
      number: z.number(),
      due: z.string(),
      amount: z.coerce.number(),
      cumulative: z.coerce.number(),
    }),
  );
const figures = async (saleId: string) =>
  (
    await queryRows(
      backend.db,
      sql`select status, days_late, credit_expiry::text as credit_expiry from accounts where sale_id = ${saleId}`,
      z.object({ status: z.string(), days_late: z.number(), credit_expiry: z.string().nullable() }),
    )
  )[0];
const linkedDevice = async (saleId: string) =>
  (
    await queryRows(
      backend.db,
      sql`select d.id, d.serial_number from devices d join sale_items i on i.id = d.sale_item_id
        where i.sale_id = ${saleId}`,
      z.object({ id: z.string(), serial_number: z.string() }),
    )
  )[0];
const tokensOf = (deviceId: string) =>
  queryRows(
    backend.db,
    sql`select kind, days, credit_until::text as credit_until from device_tokens
      where device_id = ${deviceId} order by count`,
    z.object({ kind: z.string(), days: z.number().nullable(), credit_until: z.string().nullable() }),
  );

async function refusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const lines = [(await response.json()).message].flat();
  expect(lines).toHaveLength(1);
  expect(lines[0].replace(/^\w+: /, "")).toBe(message);
}

describe("restructuring", () => {
  const firstDue = addDays(TODAY, 10);

  it("previews the new schedule without saving, then saves it: paid rows kept, the old schedule on the event", async () => {
    const before = await scheduleOf(ada);
    const terms = { installments: 6, firstDueDate: firstDue, reason: "Harvest came late" };
    const preview = await post(`/api/v1/accounts/${ada}/restructure-preview`, terms);
    expect(preview.status).toBe(200);
    const raw = await preview.json();
    expectExactly(RestructurePreviewSchema, raw);
    const shown = RestructurePreviewSchema.parse(raw);

    expect(shown).toMatchObject({ unpaid: 12_000, monthly: 2_000, creditUntil: firstDue });
    expect(shown.kept).toEqual([{ number: 0, dueDate: before[0].due, amount: 1_000 }]);
    expect(shown.replaced).toHaveLength(12);
    expect(shown.schedule.map((line) => [line.dueDate, line.amount])).toEqual(
      Array.from({ length: 6 }, (_, month) => [addMonths(firstDue, month), 2_000]),
    );
    expect(await scheduleOf(ada)).toEqual(before);
    expect((await figures(ada)).status).toBe("LATE");

    const saved = await post(`/api/v1/accounts/${ada}/restructure`, { ...terms, unpaid: 12_000 });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expectExactly(ActionResultSchema, body);
    expect(body.account).toMatchObject({ status: "ON_TIME", daysLate: 0, creditExpiry: firstDue });
    expect(body.event).toMatchObject({
      kind: "RESTRUCTURED",
      summary: `₦12,000 unpaid in 6 installments of ₦2,000 from ${dayText(firstDue)}`,
      reason: "Harvest came late",
      before: { status: "Late", unpaidInstallments: 12, monthlyAmount: "₦1,000" },
      after: { status: "On time", unpaidInstallments: 6, monthlyAmount: "₦2,000" },
    });
    expect(body.event.schedule).toEqual(
      before.map((row) => ({ number: row.number, dueDate: row.due, amount: row.amount / 100 })),
    );
    const after = await scheduleOf(ada);
    expect(after.map((row) => [row.number, row.amount, row.cumulative])).toEqual([
      [0, N, N],
      ...Array.from({ length: 6 }, (_, month) => [month + 1, 2 * N, N + 2 * N * (month + 1)]),
    ]);
    const timeline = await (
      await backend.request("GET", `/api/v1/accounts/${ada}/timeline`, { token: team.admin.token })
    ).json();
    expect(timeline.events[0].schedule).toHaveLength(13);
  });

  it("by a monthly amount: a partly paid installment keeps its paid part, the last row takes what is left", async () => {
    const response = await post(`/api/v1/accounts/${bayo}/restructure`, {
      monthlyAmount: "3,000",
      firstDueDate: firstDue,
      reason: "Lost a customer",
    });
    expect(response.status).toBe(200);
    const rows = await scheduleOf(bayo);
    expect(rows.map((row) => [row.number, row.amount])).toEqual([
      [0, N],
      [1, N / 2],
      [2, 3 * N],
      [3, 3 * N],
      [4, 3 * N],
      [5, 2.5 * N],
    ]);
    expect(rows.at(-1)?.cumulative).toBe(13 * N);
    expect(rows.slice(2).map((row) => row.due)).toEqual([0, 1, 2, 3].map((m) => addMonths(firstDue, m)));
  });

  it("refuses a stale balance, bad terms, an unpaid deposit, a closed account and the wrong role", async () => {
    const terms = { installments: 3, firstDueDate: firstDue, reason: "Why" };
    await refusal(
      await post(`/api/v1/accounts/${ada}/restructure`, { ...terms, unpaid: 11_999 }),
      400,
      ACTION_ERRORS.balanceChanged,
    );
    await refusal(
      await post(`/api/v1/accounts/${ada}/restructure`, { firstDueDate: firstDue, reason: "Why" }),
      400,
      ACTION_ERRORS.noTerms,
    );
    await refusal(
      await post(`/api/v1/accounts/${ada}/restructure`, { ...terms, monthlyAmount: 100 }),
      400,
      ACTION_ERRORS.bothTerms,
    );
    for (const day of [addDays(TODAY, -1), addDays(TODAY, 93)])
      await refusal(
        await post(`/api/v1/accounts/${ada}/restructure`, { ...terms, firstDueDate: day }),
        400,
        ACTION_ERRORS.firstDueRange,
      );
    await refusal(
      await post(`/api/v1/accounts/${ada}/restructure-preview`, {
        monthlyAmount: 100,
        firstDueDate: firstDue,
        reason: "Why",
      }),
      400,
      tooManyInstallments(120),
    );
    await refusal(
      await post(`/api/v1/accounts/${chidi}/restructure`, terms),
      400,
      ACTION_ERRORS.depositUnpaid,
    );
    await refusal(await post(`/api/v1/accounts/nope/restructure`, terms), 404, "Sale not found");
    for (const body of [
      { ...terms, installments: 61 },
      { ...terms, installments: 1e308 },
      { ...terms, reason: "a\u0000b" },
      { ...terms, firstDueDate: { $gt: "" } },
      { ...terms, installments: [[[[3]]]] },
      { ...terms, reason: "" },
    ]) {
      expect((await post(`/api/v1/accounts/${ada}/restructure`, body)).status).toBe(400);
    }
    // Changing terms is managing sales: counter staff, readers and support may not.
    for (const member of [seller, team.support, team.viewer]) {
      const response = await post(`/api/v1/accounts/${ada}/restructure`, terms, member.token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN_BODY);
    }
  });

  it("sets a tokenable unit's credit to the first due date, and payments after it buy days at the new amount", async () => {
    const device = await linkedDevice(dayo);
    expect((await figures(dayo)).status).toBe("LATE");
    const due = addDays(TODAY, 5);
    const response = await post(`/api/v1/accounts/${dayo}/restructure`, {
      installments: 4,
      firstDueDate: due,
      reason: "Sick",
    });
    expect(response.status).toBe(200);
    expect(await figures(dayo)).toEqual({ status: "ON_TIME", days_late: 0, credit_expiry: due });
    expect((await tokensOf(device.id)).at(-1)).toEqual({ kind: "SET_TIME", days: 5, credit_until: due });
    const [told] = await queryRows(
      backend.db,
      sql`select kind, body, token_ids from messages where sale_id = ${dayo} order by created_at desc limit 1`,
      z.object({ kind: z.string(), body: z.string(), token_ids: z.array(z.string()).nullable() }),
    );
    expect(told.kind).toBe("RESTRUCTURED");
    expect(told.body).toContain(`due ${Number(due.slice(8))} `);
    expect(told.token_ids).toHaveLength(1);
    // ₦12,000 over 4: ₦3,000 a month buys 30 days; half of it, 15.
    for (const amount of [3_000, 1_500]) {
      const paid = await post("/api/v1/sales/record-cash-payment", {
        saleId: dayo,
        paymentMethod: "CASH",
        amount,
      });
      expect(paid.status).toBe(201);
    }
    expect((await tokensOf(device.id)).slice(-2).map((token) => token.days)).toEqual([30, 15]);
    expect((await figures(dayo)).credit_expiry).toBe(addDays(due, 45));
  });

  it("never takes away credit a customer has paid ahead", async () => {
    const before = await figures(efe);
    expect(before.credit_expiry! > addDays(TODAY, 2)).toBe(true);
    const response = await post(`/api/v1/accounts/${efe}/restructure`, {
      installments: 2,
      firstDueDate: addDays(TODAY, 2),
      reason: "Asked for fewer",
    });
    expect(response.status).toBe(200);
    expect((await figures(efe)).credit_expiry).toBe(before.credit_expiry);
  });
});

describe("swapping a device", () => {
  const stockLeft = async () =>
    (
      await queryRows(
        backend.db,
        sql`select sum(remaining_quantity)::int as units from inventory_batches where inventory_item_id = ${battery.id}`,
        z.object({ units: z.number() }),
      )
    )[0].units;

  it("puts a unit from stock in the old one's place, sets it to the account's credit and sets the old aside as faulty", async () => {
    const old = await linkedDevice(femi);
    const replacement = spare[0];
    const before = await figures(femi);
    const units = await stockLeft();
    const response = await post(
      `/api/v1/accounts/${femi}/swap`,
      {
        oldDeviceId: old.id,
        newSerialNumber: replacement.serialNumber.toLowerCase(),
        destination: "FAULTY",
        reason: "Screen dead",
      },
      team.inventory.token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ActionResultSchema, body);
    expect(body.event).toMatchObject({
      kind: "DEVICE_SWAPPED",
      before: { device: old.serial_number },
      after: { device: replacement.serialNumber },
    });
    expect(await figures(femi)).toEqual(before);
    expect((await linkedDevice(femi)).id).toBe(replacement.id);
    expect(await stockLeft()).toBe(units - 1);
    const days = Math.max(0, (Date.parse(before.credit_expiry!) - Date.parse(TODAY)) / 86_400_000);
    expect(await tokensOf(replacement.id)).toEqual([
      { kind: "SET_TIME", days, credit_until: before.credit_expiry },
    ]);
    // The new unit carries the account on: a month's payment adds 30 days on it.
    const paid = await post("/api/v1/sales/record-cash-payment", {
      saleId: femi,
      paymentMethod: "CASH",
      amount: 1_000,
    });
    expect(paid.status).toBe(201);
    expect((await tokensOf(replacement.id)).at(-1)).toMatchObject({ kind: "ADD_TIME", days: 30 });
    expect((await figures(femi)).credit_expiry).toBe(addDays(before.credit_expiry!, 30));
    // Both devices' pages show the swap; the old one is faulty.
    const oldPage = await (
      await backend.request("GET", `/api/v1/device/${old.id}`, { token: team.admin.token })
    ).json();
    expectExactly(DeviceDetailSchema, oldPage);
    expect(oldPage).toMatchObject({ faulty: true, linked: false });
    expect(oldPage.history[0]).toMatchObject({ kind: "SWAPPED_OUT" });
    expect(oldPage.history[0].summary).toContain(`Replaced by ${replacement.serialNumber}`);
    const newPage = await (
      await backend.request("GET", `/api/v1/device/${replacement.id}`, { token: team.admin.token })
    ).json();
    expect(newPage.history[0]).toMatchObject({ kind: "SWAPPED_IN" });
    // A faulty unit is never swapped in again.
    await refusal(
      await post(`/api/v1/accounts/${gbenga}/swap`, {
        oldDeviceId: (await linkedDevice(gbenga)).id,
        newSerialNumber: old.serial_number,
        destination: "FAULTY",
        reason: "x",
      }),
      400,
      ACTION_ERRORS.deviceFaulty,
    );
  });

  it("sends the old unit back to stock as returned with a reset token", async () => {
    const returned = await makeItem(backend.db, { itemClass: "RETURNED", name: "Returned kit" });
    await backend.db.execute(
      sql`update warehouses set inventory_classes = array['REGULAR', 'RETURNED'] where deleted_at is null`,
    );
    const old = await linkedDevice(gbenga);
    const response = await post(`/api/v1/accounts/${gbenga}/swap`, {
      oldDeviceId: old.id,
      newSerialNumber: spare[1].serialNumber,
      destination: "RETURNED",
      returnedItemId: returned.id,
      unitCost: 5_000,
      resalePrice: 8_000,
      reason: "Battery swells",
    });
    expect(response.status).toBe(200);
    expect((await tokensOf(old.id)).at(-1)).toEqual({ kind: "SET_TIME", days: 0, credit_until: null });
    const [unit] = await queryRows(
      backend.db,
      sql`select d.inventory_id, d.faulty, d.sale_item_id, (select sum(remaining_quantity)::int from inventory_batches
        where inventory_item_id = ${returned.id}) as units from devices d where d.id = ${old.id}`,
      z.object({
        inventory_id: z.string(),
        faulty: z.boolean(),
        sale_item_id: z.string().nullable(),
        units: z.number(),
      }),
    );
    expect(unit).toEqual({ inventory_id: returned.id, faulty: false, sale_item_id: null, units: 1 });
  });

  it("refuses an unknown, linked or same device, another sale's device, no stock, a closed account and the wrong role", async () => {
    const mine = await linkedDevice(hauwa);
    const swap = (fields: Record<string, unknown>, token = team.admin.token) =>
      post(
        `/api/v1/accounts/${hauwa}/swap`,
        {
          oldDeviceId: mine.id,
          newSerialNumber: spare[2].serialNumber,
          destination: "FAULTY",
          reason: "x",
          ...fields,
        },
        token,
      );
    await refusal(await swap({ newSerialNumber: "NO-SUCH" }), 400, ACTION_ERRORS.unknownDevice);
    await refusal(await swap({ newSerialNumber: mine.serial_number }), 400, ACTION_ERRORS.sameDevice);
    const taken = await linkedDevice(efe);
    await refusal(await swap({ newSerialNumber: taken.serial_number }), 400, ACTION_ERRORS.deviceTaken);
    await refusal(await swap({ oldDeviceId: taken.id }), 400, ACTION_ERRORS.notThisSale);
    const unfilled = await swap({ destination: "RETURNED" });
    expect(unfilled.status).toBe(400);
    expect(Object.keys((await unfilled.json()).fieldErrors).sort()).toEqual([
      "resalePrice",
      "returnedItemId",
      "unitCost",
    ]);
    // A unit whose stock item has none left cannot come from stock.
    const empty = await makeItem(backend.db, { name: "Empty shelf" });
    const orphan = await makeDevice(backend.db, { inventoryId: empty.id });
    await refusal(await swap({ newSerialNumber: orphan.serialNumber }), 400, noStockFor("Empty shelf"));
    for (const member of [seller, team.sales, team.viewer]) {
      const response = await swap({}, member.token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN_BODY);
    }
    for (const body of [{ reason: "\u0000" }, { destination: "LOST" }, { oldDeviceId: { a: { b: 1 } } }])
      expect((await swap(body)).status).toBe(400);
    const cancelled = await post(`/api/v1/accounts/${chidi}/cancel`, { reason: "Changed mind", refund: 0 });
    expect(cancelled.status).toBe(200);
    await refusal(
      await post(`/api/v1/accounts/${chidi}/swap`, {
        oldDeviceId: mine.id,
        newSerialNumber: spare[2].serialNumber,
        destination: "FAULTY",
        reason: "x",
      }),
      400,
      ACTION_ERRORS.notSwappable,
    );
  });

  it("a swap and a restructure at once on one account take turns", async () => {
    const old = await linkedDevice(hauwa);
    const [swapped, restructured] = await Promise.all([
      post(`/api/v1/accounts/${hauwa}/swap`, {
        oldDeviceId: old.id,
        newSerialNumber: spare[3].serialNumber,
        destination: "FAULTY",
        reason: "Both at once",
      }),
      post(`/api/v1/accounts/${hauwa}/restructure`, {
        installments: 5,
        firstDueDate: addDays(TODAY, 7),
        reason: "Both at once",
      }),
    ]);
    expect([swapped.status, restructured.status]).toEqual([200, 200]);
    const kinds = (
      await (
        await backend.request("GET", `/api/v1/accounts/${hauwa}/timeline`, { token: team.admin.token })
      ).json()
    ).events.map((event: { kind: string }) => event.kind);
    expect(kinds.sort()).toEqual(["DEVICE_SWAPPED", "RESTRUCTURED"]);
    // Whichever went first, the unit on the sale now runs to the restructure's first due date.
    expect((await figures(hauwa)).credit_expiry).toBe(addDays(TODAY, 7));
  });
});
