import { eq, sql } from "drizzle-orm";
import { devices, saleDrafts, sales } from "../db/schema";
import { SaleDraftSchema } from "../schemas/sale-drafts";
import { FORBIDDEN_BODY, expectExactly, signedInAs } from "../test/factories";
import {
  GUARANTOR,
  IDENTIFICATION,
  NEXT_OF_KIN,
  RECIPIENT,
  makeCustomer,
  makeSellableProduct,
} from "../test/sale-factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
let token: string;
let otherToken: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "sales"));
  ({ token: otherToken } = await signedInAs(backend, "sales"));
});
afterAll(() => backend.close());

const call = (method: string, path: string, body?: unknown, as = token) =>
  backend.request(method, `/api/v1/sales/drafts${path}`, { token: as, body });

async function newDraft() {
  const response = await call("POST", "");
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

describe("sale drafts", () => {
  it("are owned: another staff member is told they do not exist", async () => {
    const draft = await newDraft();
    expect((await call("GET", `/${draft.id}`)).status).toBe(200);
    expect((await call("GET", `/${draft.id}`, undefined, otherToken)).status).toBe(404);
    expect((await call("PUT", `/${draft.id}/bvn`, { bvn: "12345678901" }, otherToken)).status).toBe(404);
    const mine = await (await call("GET", "")).json();
    expect(mine.drafts.map((entry: { id: string }) => entry.id)).toContain(draft.id);
    const theirs = await (await call("GET", "", undefined, otherToken)).json();
    expect(theirs.drafts.map((entry: { id: string }) => entry.id)).not.toContain(draft.id);
  });

  it("hand back an untouched draft instead of piling up empty ones", async () => {
    const { token: fresh } = await signedInAs(backend, "sales");
    const first = await (await call("POST", "", undefined, fresh)).json();
    const again = await (await call("POST", "", undefined, fresh)).json();
    expect(again.id).toBe(first.id);
    const customer = await makeCustomer(backend.db);
    expect((await call("PUT", `/${first.id}/customer`, { customerId: customer.id }, fresh)).status).toBe(200);
    const next = await (await call("POST", "", undefined, fresh)).json();
    expect(next.id).not.toBe(first.id);
    const list = await (await call("GET", "", undefined, fresh)).json();
    expect(list.drafts.map((entry: { id: string }) => entry.id).sort()).toEqual([first.id, next.id].sort());
  });

  it("keep the spec's state rules for products and their parts", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 3 });
    const draft = await newDraft();
    const added = await call("POST", `/${draft.id}/products`, { productId: product.id });
    expect(added.status).toBe(201);
    const withItem = await added.json();
    expectExactly(SaleDraftSchema, withItem);
    expect(withItem.items[0]).toMatchObject({
      productId: product.id,
      units: 1,
      parameters: null,
      installmentAllowed: true,
    });
    expect(withItem.items[0].deviceRequirements).toEqual([
      { inventoryId: expect.any(String), name: expect.stringMatching(/^Battery/), required: 1, linked: 0 },
    ]);

    // Units between 1 and what is available.
    expect(
      (await (await call("PATCH", `/${draft.id}/products/${product.id}`, { units: 4 })).json()).fieldErrors,
    ).toEqual({
      units: ["Only 3 units available"],
    });
    expect(
      (await (await call("PATCH", `/${draft.id}/products/${product.id}`, { units: 0 })).json()).fieldErrors,
    ).toEqual({
      units: ["Quantity must be at least 1"],
    });

    // A starting percentage above 100 is refused with its reason (decision 017).
    const over = await call("PUT", `/${draft.id}/products/${product.id}/parameters`, {
      paymentMode: "INSTALLMENT",
      installmentDuration: 6,
      installmentStartingPrice: 150,
    });
    expect((await over.json()).fieldErrors).toEqual({
      installmentStartingPrice: ["Installment starting price must be at most 100"],
    });
    const set = await (
      await call("PUT", `/${draft.id}/products/${product.id}/parameters`, {
        paymentMode: "INSTALLMENT",
        installmentDuration: 6,
        installmentStartingPrice: 25,
        discount: 5,
      })
    ).json();
    expect(set.items[0].parameters).toEqual({
      paymentMode: "INSTALLMENT",
      installmentDuration: 6,
      installmentStartingPrice: 25,
      discount: 5,
    });
    expect(set.needsContract).toBe(true);
    expect(set.items[0].price.schedule).toHaveLength(7);

    // Clearing parameters: back to a one-off with nothing off.
    const cleared = await (await call("DELETE", `/${draft.id}/products/${product.id}/parameters`)).json();
    expect(cleared.items[0].parameters).toBeNull();
    expect(cleared.needsContract).toBe(false);

    // Devices save only when they are exactly what the item needs.
    const tooMany = await call("PUT", `/${draft.id}/products/${product.id}/devices`, {
      deviceIds: [units[0].id, units[1].id],
    });
    expect((await tooMany.json()).fieldErrors.deviceIds[0]).toMatch(
      /^Link 1 device of Battery .* \(2 linked\)$/,
    );
    const linked = await (
      await call("PUT", `/${draft.id}/products/${product.id}/devices`, { deviceIds: [units[0].id] })
    ).json();
    expect(linked.items[0].deviceRequirements[0]).toMatchObject({ required: 1, linked: 1 });

    await call("PUT", `/${draft.id}/products/${product.id}/miscellaneous`, {
      costs: [{ name: "Delivery", cost: 500 }],
    });
    await call("PUT", `/${draft.id}/products/${product.id}/recipient`, RECIPIENT);
    const full = await (await call("GET", `/${draft.id}`)).json();
    expect(full.items[0]).toMatchObject({
      miscellaneous: [{ name: "Delivery", cost: 500 }],
      recipient: RECIPIENT,
      problems: [],
    });

    // Removing the product takes its parameters, costs, devices and recipient with it.
    const removed = await (await call("DELETE", `/${draft.id}/products/${product.id}`)).json();
    expect(removed.items).toEqual([]);
    const again = await (await call("POST", `/${draft.id}/products`, { productId: product.id })).json();
    expect(again.items[0]).toMatchObject({
      parameters: null,
      miscellaneous: null,
      devices: null,
      recipient: null,
    });
  });

  it("make the customer each product's recipient until staff name someone else", async () => {
    const { product } = await makeSellableProduct(backend.db, { units: 2 });
    const other = await makeSellableProduct(backend.db, { units: 2 });
    const first = await makeCustomer(backend.db, { location: "3 Awolowo Road, Ikoyi" });
    const second = await makeCustomer(backend.db, { location: "9 Ring Road, Ibadan" });
    const asRecipient = (customer: typeof first) => ({
      firstname: customer.firstname,
      lastname: customer.lastname,
      address: customer.location,
      phone: customer.phone,
      email: customer.email,
    });
    const draft = await newDraft();
    await call("PUT", `/${draft.id}/customer`, { customerId: first.id });
    const added = await (await call("POST", `/${draft.id}/products`, { productId: product.id })).json();
    expect(added.items[0].recipient).toEqual(asRecipient(first));
    expect(added.items[0].problems).not.toContain("Please fill the sale recipient");

    await call("POST", `/${draft.id}/products`, { productId: other.product.id });
    await call("PUT", `/${draft.id}/products/${other.product.id}/recipient`, RECIPIENT);
    const changed = await (await call("PUT", `/${draft.id}/customer`, { customerId: second.id })).json();
    const recipientOf = (id: string) =>
      changed.items.find((item: { productId: string }) => item.productId === id).recipient;
    expect(recipientOf(product.id)).toEqual(asRecipient(second));
    expect(recipientOf(other.product.id)).toMatchObject({ firstname: RECIPIENT.firstname });
  });

  it("say which devices a product needs as soon as it is picked, or that none are registered", async () => {
    const { product, battery } = await makeSellableProduct(backend.db, { units: 2, batteryPerUnit: 2 });
    const draft = await newDraft();
    const added = await (await call("POST", `/${draft.id}/products`, { productId: product.id })).json();
    expect(added.items[0].problems).toEqual(
      expect.arrayContaining(["At least one device is required", `Link 2 devices of ${battery.name}`]),
    );

    const bare = await makeSellableProduct(backend.db, { units: 1 });
    await backend.db
      .update(devices)
      .set({ inventoryId: null })
      .where(eq(devices.inventoryId, bare.battery.id));
    const picked = await (await call("POST", `/${draft.id}/products`, { productId: bare.product.id })).json();
    const item = picked.items.find((entry: { productId: string }) => entry.productId === bare.product.id);
    expect(item.problems).toContain(
      `No devices are registered for the items of ${bare.product.name}: add each unit's serial number under Devices → New Device (with its inventory item), then link it here`,
    );
  });

  it("offer an instalment-only product by instalments only, and ask for its parameters", async () => {
    const { product } = await makeSellableProduct(backend.db, { units: 1, paymentModes: ["INSTALLMENT"] });
    const draft = await newDraft();
    const added = await (await call("POST", `/${draft.id}/products`, { productId: product.id })).json();
    expect(added.items[0].installmentAllowed).toBe(true);
    expect(added.items[0].product.paymentModes).toEqual(["INSTALLMENT"]);
    expect(added.items[0].problems).toContain("Please select parameters for this product.");
    const single = await call("PUT", `/${draft.id}/products/${product.id}/parameters`, {
      paymentMode: "ONE_OFF",
    });
    expect((await single.json()).fieldErrors).toEqual({
      paymentMode: ["Single Deposit is not offered for this product"],
    });
    const set = await call("PUT", `/${draft.id}/products/${product.id}/parameters`, {
      paymentMode: "INSTALLMENT",
      installmentDuration: 6,
      installmentStartingPrice: 25,
    });
    expect(set.status).toBe(200);
    expect((await set.json()).items[0].problems).not.toContain("Please select parameters for this product.");
  });

  it("refuse mistyped, endless and out-of-bounds values with the sale's messages, keeping what was saved", async () => {
    const { product } = await makeSellableProduct(backend.db, { units: 3 });
    const draft = await newDraft();
    await call("POST", `/${draft.id}/products`, { productId: product.id });
    const parameters = `/${draft.id}/products/${product.id}/parameters`;
    const saved = {
      paymentMode: "INSTALLMENT",
      installmentDuration: 6,
      installmentStartingPrice: 25,
      discount: 5,
    };
    expect((await call("PUT", parameters, saved)).status).toBe(200);
    const raw = (path: string, rawBody: string) =>
      backend.request("PUT", `/api/v1/sales/drafts${path}`, {
        token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
    const refusals: [Promise<Response>, Record<string, string[]>][] = [
      [
        call("PUT", parameters, { paymentMode: "ONE_OFF", installmentStartingPrice: "Infinity" }),
        { installmentStartingPrice: ["Installment starting price must be a percentage"] },
      ],
      [
        raw(parameters, '{"paymentMode":"ONE_OFF","installmentStartingPrice":1e999}'),
        { installmentStartingPrice: ["Installment starting price must be a percentage"] },
      ],
      [
        call("PUT", parameters, { ...saved, installmentDuration: true }),
        { installmentDuration: ["Installment duration must be a whole number of months"] },
      ],
      [
        call("PUT", parameters, { ...saved, discount: [5] }),
        { discount: ["Discount must be between 0 and 100"] },
      ],
      [
        call("PATCH", `/${draft.id}/products/${product.id}`, { units: true }),
        { units: ["Quantity must be a whole number"] },
      ],
      [
        call("PATCH", `/${draft.id}/products/${product.id}`, { units: [1] }),
        { units: ["Quantity must be a whole number"] },
      ],
      [
        call("POST", `/${draft.id}/products`, { productId: product.id, units: true }),
        { units: ["Quantity must be a whole number"] },
      ],
      [
        call("PUT", `/${draft.id}/products/${product.id}/miscellaneous`, {
          costs: [{ name: "Delivery", cost: 9_000_000_000_000_000 }],
        }),
        { "costs.0.cost": ["Cost must be at most ₦100,000,000"] },
      ],
      [
        raw(
          `/${draft.id}/products/${product.id}/miscellaneous`,
          '{"costs":[{"name":"Delivery","cost":1e308}]}',
        ),
        { "costs.0.cost": ["Cost must be at most ₦100,000,000"] },
      ],
      [
        call("PUT", `/${draft.id}/products/${product.id}/miscellaneous`, {
          costs: [{ name: "Delivery", cost: 1.005 }],
        }),
        { "costs.0.cost": ["Cost can have at most 2 decimals"] },
      ],
      [
        call("PUT", `/${draft.id}/products/${product.id}/miscellaneous`, {
          costs: [{ name: "Delivery", cost: true }],
        }),
        { "costs.0.cost": ["Cost must be a positive number"] },
      ],
      [
        call("PUT", `/${draft.id}/products/${product.id}/recipient`, {
          ...RECIPIENT,
          lastname: "B".repeat(900_000),
        }),
        { lastname: ["Lastname must be at most 50 characters"] },
      ],
      [
        call("PUT", `/${draft.id}/next-of-kin`, { ...NEXT_OF_KIN, longitude: 1e6, latitude: "90.5" }),
        {
          longitude: ["Longitude must be a number between -180 and 180"],
          latitude: ["Latitude must be a number between -90 and 90"],
        },
      ],
      [
        call("PUT", `/${draft.id}/guarantor`, { ...GUARANTOR, latitude: -1e6 }),
        { latitude: ["Latitude must be a number between -90 and 90"] },
      ],
    ];
    for (const [answer, fieldErrors] of refusals) {
      const response = await answer;
      const name = Object.keys(fieldErrors)[0];
      expect(response.status, name).toBe(400);
      expect((await response.json()).fieldErrors, name).toEqual(fieldErrors);
    }
    const after = await (await call("GET", `/${draft.id}`)).json();
    expect(after.items[0]).toMatchObject({
      units: 1,
      parameters: saved,
      miscellaneous: null,
      recipient: null,
    });
    expect(after.nextOfKin).toBeNull();

    // The largest cost is kept to the kobo; a starting percentage above 100 is refused, whatever the mode.
    const largest = await call("PUT", `/${draft.id}/products/${product.id}/miscellaneous`, {
      costs: [
        { name: "Delivery", cost: 100_000_000 },
        { name: "Setup", cost: "0.01" },
      ],
    });
    expect((await largest.json()).items[0].price.miscellaneousTotal).toBe(100_000_000.01);
    const over = await call("PUT", parameters, { paymentMode: "ONE_OFF", installmentStartingPrice: 1e308 });
    expect((await over.json()).fieldErrors).toEqual({
      installmentStartingPrice: ["Installment starting price must be at most 100"],
    });
  });

  it("refuse a product with nothing in stock, and instalments a product does not offer", async () => {
    const empty = await makeSellableProduct(backend.db, {
      batches: [{ stock: 2, remaining: 0, price: 100 }],
    });
    const single = await makeSellableProduct(backend.db, { paymentModes: ["ONE_OFF"] });
    const draft = await newDraft();
    expect(
      (await (await call("POST", `/${draft.id}/products`, { productId: empty.product.id })).json())
        .fieldErrors,
    ).toEqual({
      productId: ["This product is out of stock"],
    });
    await call("POST", `/${draft.id}/products`, { productId: single.product.id });
    const refused = await call("PUT", `/${draft.id}/products/${single.product.id}/parameters`, {
      paymentMode: "INSTALLMENT",
      installmentDuration: 3,
      installmentStartingPrice: 20,
    });
    expect((await refused.json()).fieldErrors).toEqual({
      paymentMode: ["Installment payments are not offered for this product"],
    });
  });

  it("say what still stops the sale, then make it once everything is there", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 12_000 });
    const customer = await makeCustomer(backend.db);
    const draft = await newDraft();
    const start = await (await call("GET", `/${draft.id}`)).json();
    expect(start.ready).toBe(false);
    expect(start.problems).toMatchObject({
      customerId: ["Please select at least one customer"],
      saleItems: ["At least one sale item is required"],
      paymentMethod: ["Payment method is required"],
    });

    await call("PUT", `/${draft.id}/customer`, { customerId: customer.id });
    await call("POST", `/${draft.id}/products`, { productId: product.id });
    await call("PUT", `/${draft.id}/products/${product.id}/parameters`, {
      paymentMode: "INSTALLMENT",
      installmentDuration: 3,
      installmentStartingPrice: 30,
    });
    await call("PUT", `/${draft.id}/products/${product.id}/devices`, { deviceIds: [units[0].id] });
    await call("PUT", `/${draft.id}/products/${product.id}/recipient`, RECIPIENT);
    await call("PUT", `/${draft.id}/payment-method`, { paymentMethod: "CASH" });
    const kycMissing = await (await call("GET", `/${draft.id}`)).json();
    expect(kycMissing.problems).toEqual({
      bvn: ["BVN is required for installment payments"],
      identificationDetails: ["Identification details are required for installment payments"],
      nextOfKinDetails: ["Next of kin details are required for installment payments"],
      guarantorDetails: ["Guarantor details are required for installment payments"],
    });
    expect((await (await call("PUT", `/${draft.id}/bvn`, { bvn: "123" })).json()).fieldErrors).toEqual({
      bvn: ["BVN must be exactly 11 digits when provided"],
    });
    await call("PUT", `/${draft.id}/bvn`, { bvn: "12345678901" });
    await call("PUT", `/${draft.id}/identification`, IDENTIFICATION);
    await call("PUT", `/${draft.id}/next-of-kin`, NEXT_OF_KIN);
    await call("PUT", `/${draft.id}/guarantor`, GUARANTOR);
    const ready = await (await call("GET", `/${draft.id}`)).json();
    expect(ready).toMatchObject({ ready: true, problems: {} });
    // The business's rule (batch sale price by default, decision 017): ₦12,000 + 3 × 4 % interest.
    expect(ready.totals.totalPrice).toBe(13_440);

    const submitted = await call("POST", `/${draft.id}/submit`);
    expect(submitted.status).toBe(201);
    const created = await submitted.json();
    expect(created.sale).toMatchObject({ status: "UNPAID", totalPrice: 13_440 });
    expect(await backend.db.$count(sales, eq(sales.id, created.sale.id))).toBe(1);
    expect((await call("GET", `/${draft.id}`)).status).toBe(404);
  });

  it("refuse to submit an incomplete draft with the sale's messages", async () => {
    const draft = await newDraft();
    const response = await call("POST", `/${draft.id}/submit`);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toMatchObject({
      customerId: ["Please select at least one customer"],
    });
  });

  it("expire when untouched for 14 days", async () => {
    const draft = await newDraft();
    await backend.db
      .update(saleDrafts)
      .set({ updatedAt: sql`now() - interval '15 days'` })
      .where(eq(saleDrafts.id, draft.id));
    expect((await call("GET", `/${draft.id}`)).status).toBe(404);
    expect(
      (await (await call("GET", "")).json()).drafts.map((entry: { id: string }) => entry.id),
    ).not.toContain(draft.id);
  });

  it("are for roles that write sales", async () => {
    const { token: viewer } = await signedInAs(backend, "viewer");
    const response = await call("POST", "", undefined, viewer);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
  });
});
