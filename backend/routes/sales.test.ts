import { and, eq, inArray } from "drizzle-orm";
import {
  auditLog,
  customers,
  devices,
  inventoryBatches,
  inventoryMovements,
  saleContracts,
  sales,
} from "../db/schema";
import { CustomerTabsSchema } from "../schemas/customers";
import { SaleItemListSchema } from "../schemas/sale-items";
import { CreatedSaleSchema, SaleListSchema, SaleRecordSchema } from "../schemas/sales";
import { cancelStaleSales } from "../services/sales";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeDevice,
  makeRole,
  signedInAs,
} from "../test/factories";
import {
  CONTRACT,
  RECIPIENT,
  instalmentSale,
  makeCustomer,
  makeSellableProduct,
  oneOffSale,
} from "../test/sale-factories";

const { backend, team } = await backendWithTeam();

const post = (path: string, body: unknown, token = team.sales.token) =>
  backend.request("POST", path, { token, body });
const get = (path: string, token = team.sales.token) => backend.request("GET", path, { token });

/** The administrator changes only the business's pricing rule. */
async function setPricingRule(pricingRule: "BATCH_PRICE" | "COST_PLUS_MARGIN") {
  const current = await (await get("/api/v1/sales/financial-settings")).json();
  const response = await backend.request("PUT", "/api/v1/sales/financial-settings", {
    token: team.admin.token,
    body: { ...current, pricingRule },
  });
  expect(response.status).toBe(200);
}

async function remainingOf(batchIds: string[]) {
  const rows = await backend.db
    .select({ id: inventoryBatches.id, remaining: inventoryBatches.remainingQuantity })
    .from(inventoryBatches)
    .where(inArray(inventoryBatches.id, batchIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.remaining]));
}

describe("POST /api/v1/sales/create", () => {
  it("makes a lead a purchasing customer with the first sale, and sells nothing to a barred customer", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 2, price: 10_000 });
    const lead = await makeCustomer(backend.db, { type: "lead" });
    const sold = await post("/api/v1/sales/create", oneOffSale(lead.id, product.id, [units[0].id], 1));
    expect(sold.status).toBe(201);
    const [after] = await backend.db.select().from(customers).where(eq(customers.id, lead.id));
    expect(after.type).toBe("purchase");

    const barred = await makeCustomer(backend.db, { status: "barred" });
    const refused = await post("/api/v1/sales/create", oneOffSale(barred.id, product.id, [units[1].id], 1));
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      customerId: ["This customer is barred: unbar them on their page before selling to them"],
    });
  });

  // Issue 30 #3 and #4: the reference's clients send no payment method, and open the provider's checkout
  // with `paymentData` as the reference answers it, then verify its `tx_ref`.
  it("sells online when no payment method is sent, with the provider's checkout fields in paymentData", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 2, price: 7_500 });
    const customer = await makeCustomer(backend.db);
    const { paymentMethod: _none, ...payload } = oneOffSale(customer.id, product.id, [units[0].id]);
    const response = await post("/api/v1/sales/create", payload);
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(CreatedSaleSchema, body);
    expect(body.sale.paymentMethod).toBe("ONLINE");
    const saleId = body.sale.id;
    expect(body.paymentData).toEqual({
      amount: 7_500,
      tx_ref: body.paymentData.reference,
      currency: "NGN",
      customer: { email: customer.email },
      payment_options: "card, banktransfer, ussd, qr",
      customizations: {
        title: "Product Purchase",
        description: `Payment for sale ${saleId}`,
        logo: `${backend.config.appUrl}/favicon.svg`,
      },
      meta: { saleId },
      reference: body.paymentData.reference,
      saleId,
    });
    expect(typeof body.paymentData.tx_ref).toBe("string");

    // The checkout opens from tx_ref alone, and verifying tx_ref records the payment.
    const { tx_ref: reference } = body.paymentData;
    const page = await get(`/api/v1/payment/sandbox/${reference}`);
    expect(await page.json()).toMatchObject({ reference, amount: 7_500, status: "PENDING", saleId });
    const paid = await backend.request("POST", `/api/v1/payment/sandbox/${reference}`, {
      token: team.sales.token,
      body: { decision: "pay" },
    });
    const outcome = await paid.json();
    expect(outcome).toMatchObject({ status: "successful", tx_ref: reference });
    const verified = await get(
      `/api/v1/payment/verify/callback?tx_ref=${reference}&transaction_id=${outcome.transaction_id}`,
    );
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ status: "success", paymentStatus: "COMPLETED", saleId });

    // A payment method sent is still checked.
    const refused = await post("/api/v1/sales/create", { ...payload, paymentMethod: "CHEQUE" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({ paymentMethod: ["Payment method is required"] });
  });

  it("makes a one-off cash sale: priced, stock and devices taken, logged, UNPAID", async () => {
    const {
      product,
      battery,
      bulbs,
      devices: units,
    } = await makeSellableProduct(backend.db, {
      units: 5,
      price: 20_000,
      withBulbs: true,
    });
    const customer = await makeCustomer(backend.db);
    const response = await post(
      "/api/v1/sales/create",
      oneOffSale(customer.id, product.id, [units[0].id, units[1].id], 2),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expectExactly(CreatedSaleSchema, body);
    // 2 batteries at ₦20,000 and 8 bulbs at ₦50.
    expect(body.sale).toMatchObject({ status: "UNPAID", totalPrice: 40_400, totalPaid: 0, balance: 40_400 });
    expect(body.paymentData).toMatchObject({
      amount: 40_400,
      saleId: body.sale.id,
      tx_ref: body.paymentData.reference,
      meta: { saleId: body.sale.id },
      customer: { email: customer.email },
      currency: "NGN",
    });
    expect(body.sale.items[0].devices.map((device: { id: string }) => device.id).sort()).toEqual(
      [units[0].id, units[1].id].sort(),
    );
    expect(await remainingOf([battery.batches[0].id, bulbs!.batches[0].id])).toEqual({
      [battery.batches[0].id]: 3,
      [bulbs!.batches[0].id]: 12,
    });
    const allocations = await backend.db
      .select()
      .from(inventoryMovements)
      .where(
        and(eq(inventoryMovements.kind, "ALLOCATION"), eq(inventoryMovements.reason, `Sale ${body.sale.id}`)),
      );
    expect(allocations.map((movement) => movement.quantity).sort()).toEqual([2, 8]);
  });

  it("reproduces the reference's worked example through the API, to the kobo", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, {
      batteryPerUnit: 2,
      batches: [
        { stock: 3, price: 1_000, cost: 800 },
        { stock: 10, price: 1_200, cost: 900 },
      ],
    });
    const customer = await makeCustomer(backend.db);
    const item = {
      productId: product.id,
      quantity: 2,
      discount: 10,
      miscellaneousPrices: { delivery: 500 },
      devices: units.slice(0, 4).map((device) => device.id),
      saleRecipient: RECIPIENT,
    };
    const instalment = await post("/api/v1/sales/create", {
      category: "PRODUCT",
      customerId: customer.id,
      paymentMethod: "CASH",
      applyMargin: false,
      saleItems: [
        { ...item, paymentMode: "INSTALLMENT", installmentDuration: 6, installmentStartingPrice: 20 },
      ],
      ...CONTRACT,
    });
    expect(instalment.status).toBe(201);
    const { sale, paymentData } = await instalment.json();
    expect(sale.items[0]).toMatchObject({
      basePrice: 4_200,
      discountAmount: 420,
      miscellaneousTotal: 500,
      interest: 1_027.2,
      totalPrice: 5_307.2,
      // The reference's 1,061.44 and 707.63, in whole naira for cash (decision 017).
      initialPayment: 1_061,
      monthlyPayment: 708,
    });
    expect(sale).toMatchObject({ installmentStartingPrice: 1_061, totalMonthlyPayment: 708 });
    expect(paymentData.amount).toBe(1_061);
    expect(sale.schedule).toHaveLength(7);
    expect(sale.schedule.at(-1).amount).toBe(706.2);
    expect(sale.schedule.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBeCloseTo(
      5_307.2,
      2,
    );
    expect(sale.financialSettings).toEqual({
      pricingRule: "BATCH_PRICE",
      outrightMargin: 0.2,
      loanMargin: 0.15,
      monthlyInterest: 0.04,
    });
  });

  it("prices by the business's rule whatever applyMargin a client sends, and says which applied", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, {
      batteryPerUnit: 2,
      batches: [
        { stock: 3, price: 1_000, cost: 800 },
        { stock: 10, price: 1_200, cost: 900 },
      ],
    });
    const customer = await makeCustomer(backend.db);
    const sell = (applyMargin: unknown, deviceIds: string[]) =>
      post("/api/v1/sales/create", {
        ...oneOffSale(customer.id, product.id, deviceIds, 2),
        applyMargin,
        saleItems: [
          {
            productId: product.id,
            quantity: 2,
            paymentMode: "ONE_OFF",
            discount: 10,
            miscellaneousPrices: { delivery: 500 },
            devices: deviceIds,
            saleRecipient: RECIPIENT,
          },
        ],
      });
    await setPricingRule("COST_PLUS_MARGIN");
    try {
      // The reference's example: cost 3 × 800 + 900 = 3,300 → 3,300 − 330 + 500 = 3,470 × 1.2.
      const atCost = await sell(
        false,
        units.slice(0, 4).map((device) => device.id),
      );
      expect(atCost.status).toBe(201);
      const { sale } = await atCost.json();
      expect(sale).toMatchObject({ totalPrice: 4_164, applyMargin: true });
      expect(sale.financialSettings.pricingRule).toBe("COST_PLUS_MARGIN");
    } finally {
      await setPricingRule("BATCH_PRICE");
    }
    // Batch sale price (the default), from the second batch: 4 × 1,200 = 4,800 − 480 + 500; no margin.
    const byBatchPrice = await sell(
      true,
      units.slice(4, 8).map((device) => device.id),
    );
    expect(byBatchPrice.status).toBe(201);
    expect((await byBatchPrice.json()).sale).toMatchObject({ totalPrice: 4_820, applyMargin: false });
  });

  it("stores an instalment sale's contract; the BVN is masked except for roles that manage sales", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const { sale } = await (
      await post("/api/v1/sales/create", instalmentSale(customer.id, product.id, [units[0].id]))
    ).json();
    expect(await backend.db.$count(saleContracts, eq(saleContracts.saleId, sale.id))).toBe(1);
    expect(sale.contract.bvn).toBe(CONTRACT.bvn);
    const asViewer = await (await get(`/api/v1/sales/${sale.id}`, team.viewer.token)).json();
    expectExactly(SaleRecordSchema, asViewer);
    expect(asViewer.contract.bvn).toBe("•••••••5678");
    expect(asViewer.contract.identification).toMatchObject({ idType: "Nin" });
  });

  it("keeps a statement: each instalment and payment in date order, with what is owed and late after it", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 10_000 });
    const customer = await makeCustomer(backend.db);
    const { sale } = await (
      await post(
        "/api/v1/sales/create",
        instalmentSale(customer.id, product.id, [units[0].id], {
          installmentDuration: 3,
          installmentStartingPrice: 20,
        }),
      )
    ).json();
    const paid = await post("/api/v1/sales/record-cash-payment", {
      saleId: sale.id,
      paymentMethod: "CASH",
      amount: sale.amountDueNow,
    });
    expect(paid.status).toBeLessThan(300);
    const read = await (await get(`/api/v1/sales/${sale.id}`)).json();
    expectExactly(SaleRecordSchema, read);
    // ₦10,000 + 3 × 4 % = ₦11,200: a ₦2,240 deposit, then three months.
    expect(read.statement.map((line: { description: string }) => line.description)).toEqual([
      "Deposit",
      expect.stringMatching(/^Payment R-\d{6}$/),
      "Installment 1 of 3",
      "Installment 2 of 3",
      "Installment 3 of 3",
    ]);
    expect(read.statement[0]).toMatchObject({ due: 2_240, outstanding: 11_200, arrears: 2_240 });
    expect(read.statement[1]).toMatchObject({ paid: 2_240, outstanding: 8_960, arrears: 0 });
    expect(read.statement.at(-1)).toMatchObject({ outstanding: read.balance, arrears: 8_960 });
  });

  it("answers every sale rule with the spec's words", async () => {
    const empty = await post("/api/v1/sales/create", { category: "PRODUCT", saleItems: [] });
    expect(empty.status).toBe(400);
    // No payment method is ONLINE (issue 30 #3): only the customer and the items are missing.
    expect((await empty.json()).fieldErrors).toEqual({
      customerId: ["Please select at least one customer"],
      saleItems: ["At least one sale item is required"],
    });
    const customer = await makeCustomer(backend.db);
    const instalmentWithoutKyc = await post("/api/v1/sales/create", {
      ...oneOffSale(customer.id, "product-0000000000", ["d"]),
      saleItems: [
        {
          productId: "product-0000000000",
          quantity: 1,
          paymentMode: "INSTALLMENT",
          installmentDuration: 3,
          installmentStartingPrice: 30,
          devices: ["d"],
          saleRecipient: RECIPIENT,
        },
      ],
    });
    expect((await instalmentWithoutKyc.json()).fieldErrors).toMatchObject({
      bvn: ["BVN is required for installment payments"],
      identificationDetails: ["Identification details are required for installment payments"],
      nextOfKinDetails: ["Next of kin details are required for installment payments"],
      guarantorDetails: ["Guarantor details are required for installment payments"],
    });
  });

  it("refuses an item whose stock prices add up beyond exact kobo, and stores nothing", async () => {
    // 100 parts at the dearest price a batch may carry: ₦10^14, more kobo than a number counts exactly.
    const { product, devices: parts } = await makeSellableProduct(backend.db, {
      units: 1,
      batteryPerUnit: 100,
      price: 1_000_000_000_000,
    });
    const customer = await makeCustomer(backend.db);
    const before = (await backend.db.select({ id: sales.id }).from(sales)).length;
    const response = await post(
      "/api/v1/sales/create",
      oneOffSale(
        customer.id,
        product.id,
        parts.map((part) => part.id),
      ),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      "saleItems.0.quantity": ["The total of this item is larger than a sale may hold"],
    });
    expect((await backend.db.select({ id: sales.id }).from(sales)).length).toBe(before);
  });

  it("refuses amounts beyond exact kobo, mistyped numbers and over-long text with field messages", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const sale = oneOffSale(customer.id, product.id, [units[0].id]);
    const withItem = (change: Record<string, unknown>) => ({
      ...sale,
      saleItems: [{ ...sale.saleItems[0], ...change }],
    });
    const refusals: [unknown, string, string][] = [
      [
        withItem({ miscellaneousPrices: { delivery: 9_000_000_000_000_000 } }),
        "saleItems.0.miscellaneousPrices.delivery",
        "Cost must be at most ₦100,000,000",
      ],
      [
        withItem({ miscellaneousPrices: { delivery: 1e308 } }),
        "saleItems.0.miscellaneousPrices.delivery",
        "Cost must be at most ₦100,000,000",
      ],
      [
        withItem({ miscellaneousPrices: { delivery: 10.125 } }),
        "saleItems.0.miscellaneousPrices.delivery",
        "Cost can have at most 2 decimals",
      ],
      [
        withItem({ miscellaneousPrices: { ["x".repeat(61)]: 10 } }),
        `saleItems.0.miscellaneousPrices.${"x".repeat(61)}`,
        "Name must be at most 60 characters",
      ],
      [
        withItem({ saleRecipient: { ...RECIPIENT, firstname: "A".repeat(900_000) } }),
        "saleItems.0.saleRecipient.firstname",
        "Firstname must be at most 50 characters",
      ],
      [
        withItem({ saleRecipient: { ...RECIPIENT, address: "1 Marina ".repeat(30) } }),
        "saleItems.0.saleRecipient.address",
        "Address must be at most 200 characters",
      ],
      [withItem({ quantity: true }), "saleItems.0.quantity", "Quantity must be a whole number"],
      [withItem({ quantity: [1] }), "saleItems.0.quantity", "Quantity must be a whole number"],
      [withItem({ quantity: "0x2" }), "saleItems.0.quantity", "Quantity must be a whole number"],
      [withItem({ discount: true }), "saleItems.0.discount", "Discount must be between 0 and 100"],
      [withItem({ discount: "Infinity" }), "saleItems.0.discount", "Discount must be between 0 and 100"],
      [
        withItem({ miscellaneousPrices: { delivery: true } }),
        "saleItems.0.miscellaneousPrices.delivery",
        "Cost must be a positive number",
      ],
      [{ ...sale, applyMargin: "yes" }, "applyMargin", "Apply margin must be true or false"],
    ];
    for (const [body, field, message] of refusals) {
      const response = await post("/api/v1/sales/create", body);
      expect(response.status, field).toBe(400);
      expect((await response.json()).fieldErrors, field).toEqual({ [field]: [message] });
    }
    const instalment = (nextOfKin: Record<string, unknown>) =>
      post("/api/v1/sales/create", {
        ...withItem({ paymentMode: "INSTALLMENT", installmentDuration: 3, installmentStartingPrice: 30 }),
        ...CONTRACT,
        nextOfKinDetails: { ...CONTRACT.nextOfKinDetails, ...nextOfKin },
      });
    expect((await (await instalment({ longitude: 181, latitude: -90.5 })).json()).fieldErrors).toEqual({
      "nextOfKinDetails.longitude": ["Longitude must be a number between -180 and 180"],
      "nextOfKinDetails.latitude": ["Latitude must be a number between -90 and 90"],
    });
    expect((await (await instalment({ longitude: true })).json()).fieldErrors).toEqual({
      "nextOfKinDetails.longitude": ["Longitude must be a number between -180 and 180"],
    });
    expect(await backend.db.$count(sales, eq(sales.customerId, customer.id))).toBe(0);

    // At the bounds the sale is made, its total exact to the kobo.
    const largest = await post(
      "/api/v1/sales/create",
      withItem({ miscellaneousPrices: { delivery: 100_000_000, setup: 0.01 } }),
    );
    expect(largest.status).toBe(201);
    expect((await largest.json()).sale.totalPrice).toBe(100_001_000.01);
  });

  it("refuses unknown customers, products and devices, and devices of another product or already sold", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const other = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const unknown = await post(
      "/api/v1/sales/create",
      oneOffSale("no-such-customer", "no-such-product-x", ["nope"]),
    );
    expect((await unknown.json()).fieldErrors).toMatchObject({
      customerId: ["Customer not found"],
      "saleItems.0.productId": ["Product not found"],
    });
    const wrongDevice = await post(
      "/api/v1/sales/create",
      oneOffSale(customer.id, product.id, [other.devices[0].id]),
    );
    expect(wrongDevice.status).toBe(400);
    expect((await wrongDevice.json()).fieldErrors["saleItems.0.devices"]).toEqual(
      expect.arrayContaining([`Device ${other.devices[0].serialNumber} is not a unit of ${product.name}`]),
    );
    expect(
      (await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]))).status,
    ).toBe(201);
    const sold = await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]));
    expect((await sold.json()).fieldErrors["saleItems.0.devices"]).toEqual(
      expect.arrayContaining([`Device ${units[0].serialNumber} is already linked to a sale`]),
    );
    const tooFew = await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[1].id], 2));
    expect((await tooFew.json()).fieldErrors["saleItems.0.devices"]).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Link 2 devices of Battery .* \(1 linked\)$/)]),
    );
  });

  it("refuses to link a tokenable device that cannot make tokens, and says why", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    await backend.db.update(devices).set({ startingCode: null }).where(eq(devices.id, units[0].id));
    await backend.db.update(devices).set({ key: "not-a-key" }).where(eq(devices.id, units[1].id));
    for (const [unit, why] of [
      [units[0], "this device has no starting code, so no token can be made for it"],
      [units[1], "this device's key is not an OpenPAYGO key (32 hexadecimal characters)"],
    ] as const) {
      const refused = await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [unit.id]));
      expect(refused.status).toBe(400);
      expect((await refused.json()).fieldErrors["saleItems.0.devices"]).toEqual([
        `Device ${unit.serialNumber} cannot make tokens: ${why}`,
      ]);
    }
    // A unit that needs no tokens needs no token settings.
    await backend.db.update(devices).set({ isTokenable: false }).where(eq(devices.id, units[0].id));
    expect(
      (await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]))).status,
    ).toBe(201);
  });

  it("refuses instalments for a product that offers only one mode", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { paymentModes: ["ONE_OFF"] });
    const customer = await makeCustomer(backend.db);
    const response = await post("/api/v1/sales/create", {
      ...oneOffSale(customer.id, product.id, [units[0].id]),
      saleItems: [
        {
          productId: product.id,
          quantity: 1,
          paymentMode: "INSTALLMENT",
          installmentDuration: 3,
          installmentStartingPrice: 30,
          devices: [units[0].id],
          saleRecipient: RECIPIENT,
        },
      ],
      ...CONTRACT,
    });
    expect((await response.json()).fieldErrors).toEqual({
      "saleItems.0.paymentMode": ["Installment payments are not offered for this product"],
    });
  });

  it("says which product lacks stock, and takes nothing", async () => {
    const { product, battery, devices: units } = await makeSellableProduct(backend.db, { units: 2 });
    const customer = await makeCustomer(backend.db);
    const extra = await makeDevice(backend.db, { inventoryId: battery.id });
    const response = await post(
      "/api/v1/sales/create",
      oneOffSale(customer.id, product.id, [units[0].id, units[1].id, extra.id], 3),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      "saleItems.0.quantity": [`Not enough stock for ${product.name}: 2 units available`],
    });
    expect(await remainingOf([battery.batches[0].id])).toEqual({ [battery.batches[0].id]: 2 });
    expect(await backend.db.$count(devices, eq(devices.id, units[0].id))).toBe(1);
  });

  it("sells the last unit once when two staff try at the same moment", async () => {
    const {
      product,
      battery,
      devices: [unit],
    } = await makeSellableProduct(backend.db, { units: 1 });
    // A second device of the item, so the two sales contend for the stock, not for a device.
    const spare = await makeDevice(backend.db, { inventoryId: battery.id });
    const customer = await makeCustomer(backend.db);
    const [first, second] = await Promise.all([
      post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [unit.id])),
      post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [spare.id])),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    const refused = await (first.status === 400 ? first : second).json();
    expect(JSON.stringify(refused.fieldErrors)).toContain(`Not enough stock for ${product.name}`);
    expect(await remainingOf([battery.batches[0].id])).toEqual({ [battery.batches[0].id]: 0 });
  });

  it("is refused to roles that may not write sales, and needs a token", async () => {
    const response = await post("/api/v1/sales/create", { category: "PRODUCT" }, team.viewer.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN_BODY);
    expect(await (await backend.request("POST", "/api/v1/sales/create", { body: {} })).json()).toEqual(
      UNAUTHORIZED_BODY,
    );
  });
});

describe("GET /api/v1/sales (the reference's list: one row per sale item)", () => {
  // Issue 30 #5: the reference's clients read `saleItems[]`, each with its `sale` (status, totalPrice,
  // customer), its devices and its recipient, and the reference's paging (10 a page by default).
  it("answers sale items with their sale, customer, devices and recipient, newest sale first", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, {
      units: 4,
      price: 4_000,
      withBulbs: true,
    });
    const second = await makeSellableProduct(backend.db, { units: 2, price: 9_000 });
    const customer = await makeCustomer(backend.db, { firstname: "Quintus", lastname: "Itemised" });
    const older = await (
      await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]))
    ).json();
    const newer = await (
      await post("/api/v1/sales/create", {
        ...oneOffSale(customer.id, product.id, [units[1].id, units[2].id], 2),
        saleItems: [
          {
            productId: product.id,
            quantity: 2,
            paymentMode: "ONE_OFF",
            discount: 10,
            miscellaneousPrices: { delivery: 500 },
            devices: [units[1].id, units[2].id],
            saleRecipient: RECIPIENT,
          },
          {
            productId: second.product.id,
            quantity: 1,
            paymentMode: "INSTALLMENT",
            installmentDuration: 3,
            installmentStartingPrice: 30,
            devices: [second.devices[0].id],
            saleRecipient: RECIPIENT,
          },
        ],
        ...CONTRACT,
      })
    ).json();
    expect(newer.sale.id).toBeTruthy();

    const response = await get("/api/v1/sales?search=quintus");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(SaleItemListSchema, body);
    expect(Object.keys(body)).toEqual(["saleItems", "total", "page", "limit", "totalPages"]);
    expect(body).toMatchObject({ total: 3, page: 1, limit: 10, totalPages: 1 });
    expect(body.saleItems.map((row: { saleId: string }) => row.saleId)).toEqual([
      newer.sale.id,
      newer.sale.id,
      older.sale.id,
    ]);
    const rowOf = (productId: string, saleId: string) =>
      body.saleItems.find(
        (row: { productId: string; saleId: string }) => row.productId === productId && row.saleId === saleId,
      );
    const oneOff = rowOf(product.id, newer.sale.id);
    const shown = newer.sale.items.find(
      (item: { product: { id: string } }) => item.product.id === product.id,
    );
    expect(oneOff).toMatchObject({
      id: shown.id,
      quantity: 2,
      discount: 10,
      totalPrice: shown.totalPrice,
      monthlyPayment: null,
      paymentMode: "ONE_OFF",
      miscellaneousPrices: { delivery: 500 },
      saleRecipientId: shown.id,
      installmentDuration: null,
      installmentStartingPrice: null,
      SaleRecipient: { id: shown.id, ...RECIPIENT },
    });
    expect([...oneOff.deviceIDs].sort()).toEqual([units[1].id, units[2].id].sort());
    expect(oneOff.devices.map((device: { id: string }) => device.id).sort()).toEqual(
      [units[1].id, units[2].id].sort(),
    );
    expect(oneOff.devices[0].key).not.toMatch(/^[0-9a-f]{32}$/);
    expect(oneOff.sale).toMatchObject({
      id: newer.sale.id,
      category: "PRODUCT",
      status: "UNPAID",
      customerId: customer.id,
      creatorId: team.sales.user.id,
      totalPrice: newer.sale.totalPrice,
      totalPaid: 0,
      installmentStartingPrice: newer.paymentData.amount,
      totalInstallmentDuration: 3,
      contractId: newer.sale.id,
      installmentAccountDetailsId: null,
      deliveredAccountDetails: false,
      deletedAt: null,
      customer: { id: customer.id, firstname: "Quintus", lastname: "Itemised", email: customer.email },
    });
    const instalment = rowOf(second.product.id, newer.sale.id);
    expect(instalment).toMatchObject({
      paymentMode: "INSTALLMENT",
      installmentDuration: 3,
      installmentStartingPrice: 30,
      miscellaneousPrices: null,
      monthlyPayment: expect.any(Number),
    });
    expect(rowOf(product.id, older.sale.id).sale).toMatchObject({
      contractId: null,
      totalInstallmentDuration: 0,
    });

    // Pages of sale items, and our filters.
    const paged = await (await get("/api/v1/sales?search=quintus&limit=2&page=2")).json();
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(paged.saleItems.map((row: { saleId: string }) => row.saleId)).toEqual([older.sale.id]);
    const contracts = await (await get("/api/v1/sales?search=quintus&tab=contract")).json();
    expect(contracts.total).toBe(2);
  });

  it("reads for roles that read sales, refuses others, and refuses bad paging and filters with a 400", async () => {
    expect((await get("/api/v1/sales", team.viewer.token)).status).toBe(200);
    const outsider = await makeRole(backend.db, "customers only too", ["read:Customers"]);
    const { token } = await signedInAs(backend, outsider.id);
    const refused = await get("/api/v1/sales", token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    const anonymous = await backend.request("GET", "/api/v1/sales");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
    for (const query of [
      "page=0",
      "limit=101",
      "limit=abc",
      "tab=nope",
      "startDate=2026-02-30",
      "search=a%00b",
    ]) {
      const bad = await get(`/api/v1/sales?${query}`);
      expect(bad.status, query).toBe(400);
      expect((await bad.json()).statusCode).toBe(400);
    }
    // The reference's sort keys are taken and ignored, as its backend ignores them.
    expect((await get("/api/v1/sales?sortBy=createdAt&sortOrder=asc")).status).toBe(200);
  });
});

describe("GET /api/v1/sales/list (our screens' list, one row per sale)", () => {
  it("lists sales newest first with customer, products, money and agent; filters by tab, status, search and date", async () => {
    const agent = await makeAgent(backend.db);
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 5_000 });
    const customer = await makeCustomer(backend.db, { firstname: "Zebulon", lastname: "Listed" });
    const made = await (
      await post("/api/v1/sales/create", {
        ...oneOffSale(customer.id, product.id, [units[0].id]),
        agentId: agent.id,
      })
    ).json();
    const body = await (await get(`/api/v1/sales/list?search=zebulon`)).json();
    expectExactly(SaleListSchema, body);
    expect(body.sales).toHaveLength(1);
    expect(body.sales[0]).toMatchObject({
      id: made.sale.id,
      status: "UNPAID",
      customer: { name: "Zebulon Listed" },
      agent: { id: agent.id },
      products: [product.name],
      totalPrice: 5_000,
      totalPaid: 0,
      balance: 5_000,
    });
    const bySaleId = await (await get(`/api/v1/sales/list?search=${made.sale.id.slice(0, 8)}`)).json();
    expect(bySaleId.sales.map((sale: { id: string }) => sale.id)).toEqual([made.sale.id]);
    const inNew = await (await get(`/api/v1/sales/list?tab=new&search=zebulon`)).json();
    expect(inNew.total).toBe(1);
    const closed = await (await get(`/api/v1/sales/list?tab=closed&search=zebulon`)).json();
    expect(closed.total).toBe(0);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const dated = await (
      await get(`/api/v1/sales/list?startDate=${today}&endDate=${today}&search=zebulon`)
    ).json();
    expect(dated.total).toBe(1);
    const stats = await (await get("/api/v1/sales/stats")).json();
    expect(stats.all).toBe(await backend.db.$count(sales));
    expect(stats.byTab.new).toBeGreaterThanOrEqual(1);
    for (const tab of ["new", "closed"]) {
      const whole = await (await get(`/api/v1/sales/list?tab=${tab}`)).json();
      expect(whole.total).toBe(stats.byTab[tab]);
    }
  });

  it("reads for roles that read sales, refuses others, and refuses bad filters with a 400", async () => {
    expect((await get("/api/v1/sales/list", team.viewer.token)).status).toBe(200);
    const outsider = await makeRole(backend.db, "customers only", ["read:Customers"]);
    const { token } = await signedInAs(backend, outsider.id);
    const refused = await get("/api/v1/sales/list", token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    expect((await get("/api/v1/sales/list?tab=nope")).status).toBe(400);
    expect((await get("/api/v1/sales/list?startDate=2026-02-30")).status).toBe(400);
  });
});

describe("the hold on unpaid sales", () => {
  it("cancels an UNPAID sale after the hold time, giving back its stock and devices", async () => {
    const { product, battery, devices: units } = await makeSellableProduct(backend.db, { units: 3 });
    const customer = await makeCustomer(backend.db);
    const { sale } = await (
      await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id, units[1].id], 2))
    ).json();
    expect(await remainingOf([battery.batches[0].id])).toEqual({ [battery.batches[0].id]: 1 });
    expect(await cancelStaleSales(backend.db, 24)).not.toContain(sale.id);
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await cancelStaleSales(backend.db, 24, later)).toContain(sale.id);
    expect(await remainingOf([battery.batches[0].id])).toEqual({ [battery.batches[0].id]: 3 });
    const [row] = await backend.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row.status).toBe("CANCELLED");
    expect(await backend.db.$count(devices, eq(devices.saleItemId, sale.items[0].id))).toBe(0);
    const released = await backend.db
      .select()
      .from(inventoryMovements)
      .where(
        and(eq(inventoryMovements.kind, "RELEASE"), eq(inventoryMovements.batchId, battery.batches[0].id)),
      );
    expect(released.map((movement) => movement.quantity)).toEqual([2]);
    // Cancelled once only.
    expect(await cancelStaleSales(backend.db, 24, later)).not.toContain(sale.id);
  });

  it("cancels many stale sales in rounds, giving each batch back the sum of what they held", async () => {
    const {
      product,
      battery,
      bulbs,
      devices: units,
    } = await makeSellableProduct(backend.db, {
      units: 6,
      withBulbs: true,
    });
    const customer = await makeCustomer(backend.db);
    const made: { id: string; items: { id: string }[] }[] = [];
    for (const pair of [units.slice(0, 2), units.slice(2, 3), units.slice(3, 5)]) {
      const created = await post(
        "/api/v1/sales/create",
        oneOffSale(
          customer.id,
          product.id,
          pair.map((unit) => unit.id),
          pair.length,
        ),
      );
      expect(created.status).toBe(201);
      made.push((await created.json()).sale);
    }
    const watched = [battery.batches[0].id, bulbs!.batches[0].id];
    expect(await remainingOf(watched)).toEqual({ [watched[0]]: 1, [watched[1]]: 4 });

    // Two sales a round: three sales take two rounds, and nothing is missed or released twice.
    const later = new Date(Date.now() + 25 * 3_600_000);
    const cancelled = await cancelStaleSales(backend.db, 24, later, 2);
    expect(cancelled).toEqual(expect.arrayContaining(made.map((sale) => sale.id)));
    expect(await remainingOf(watched)).toEqual({ [watched[0]]: 6, [watched[1]]: 24 });
    const saleIds = made.map((sale) => sale.id);
    const rows = await backend.db.select().from(sales).where(inArray(sales.id, saleIds));
    expect(rows.map((row) => row.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
    const itemIds = made.flatMap((sale) => sale.items.map((item) => item.id));
    expect(await backend.db.$count(devices, inArray(devices.saleItemId, itemIds))).toBe(0);
    const released = await backend.db
      .select()
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.kind, "RELEASE"), inArray(inventoryMovements.batchId, watched)));
    expect(released.map((movement) => movement.quantity).sort((a, b) => a - b)).toEqual([1, 2, 2, 4, 8, 8]);
    expect(released.every((movement) => movement.toWarehouseId !== null)).toBe(true);
    const audits = await backend.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cancel"), inArray(auditLog.recordId, saleIds)));
    expect(audits).toHaveLength(3);
    expect(await cancelStaleSales(backend.db, 24, later, 2)).toEqual([]);
  });
});

describe("financial settings", () => {
  it("start at 0.2 / 0.15 / 0.04, change only by an administrator, and apply to new sales only", async () => {
    expect(await (await get("/api/v1/sales/financial-settings")).json()).toEqual({
      pricingRule: "BATCH_PRICE",
      outrightMargin: 0.2,
      loanMargin: 0.15,
      monthlyInterest: 0.04,
    });
    const refused = await backend.request("PUT", "/api/v1/sales/financial-settings", {
      token: team.sales.token,
      body: { outrightMargin: 0.5, loanMargin: 0.1, monthlyInterest: 0.01 },
    });
    expect(refused.status).toBe(403);
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const before = (
      await (await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]))).json()
    ).sale;
    const changed = await backend.request("PUT", "/api/v1/sales/financial-settings", {
      token: team.admin.token,
      body: { outrightMargin: 0.25, loanMargin: 0.1, monthlyInterest: 0.03 },
    });
    expect(changed.status).toBe(200);
    expect((await (await get(`/api/v1/sales/${before.id}`)).json()).financialSettings).toEqual({
      pricingRule: "BATCH_PRICE",
      outrightMargin: 0.2,
      loanMargin: 0.15,
      monthlyInterest: 0.04,
    });
    // A client that sends no rule (the reference's shape) keeps the business's.
    await setPricingRule("COST_PLUS_MARGIN");
    await backend.request("PUT", "/api/v1/sales/financial-settings", {
      token: team.admin.token,
      body: { outrightMargin: 0.2, loanMargin: 0.15, monthlyInterest: 0.04 },
    });
    expect((await (await get("/api/v1/sales/financial-settings")).json()).pricingRule).toBe(
      "COST_PLUS_MARGIN",
    );
    await setPricingRule("BATCH_PRICE");
  });

  it("take real numbers only: a boolean or a list is not a 100 % margin", async () => {
    const settings = {
      pricingRule: "BATCH_PRICE",
      outrightMargin: 0.2,
      loanMargin: 0.15,
      monthlyInterest: 0.04,
    };
    for (const odd of ["cost", "batch_price", 1, null]) {
      const response = await backend.request("PUT", "/api/v1/sales/financial-settings", {
        token: team.admin.token,
        body: { ...settings, pricingRule: odd },
      });
      expect(response.status, JSON.stringify(odd)).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({
        pricingRule: ["Pricing rule must be COST_PLUS_MARGIN or BATCH_PRICE"],
      });
    }
    for (const odd of [true, [1], "Infinity", "1e-1"]) {
      const response = await backend.request("PUT", "/api/v1/sales/financial-settings", {
        token: team.admin.token,
        body: { ...settings, outrightMargin: odd },
      });
      expect(response.status, JSON.stringify(odd)).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({
        outrightMargin: ["Outright margin must be a number"],
      });
    }
    expect(await (await get("/api/v1/sales/financial-settings")).json()).toEqual(settings);
  });
});

describe("business settings", () => {
  const put = (body: unknown, token = team.admin.token) =>
    backend.request("PUT", "/api/v1/sales/business-settings", { token, body });

  it("start empty, change only by an administrator, are audited and read by those who sell", async () => {
    expect(await (await get("/api/v1/sales/business-settings")).json()).toEqual({
      name: "",
      address: "",
      phone: "",
    });
    const details = {
      name: " Sunbright Energy Ltd ",
      address: "14 Adeola Odeku Street, Lagos",
      phone: "+234 802 000 1111",
    };
    const refused = await put(details, team.sales.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    const saved = await put(details);
    expect(saved.status).toBe(200);
    const stored = {
      name: "Sunbright Energy Ltd",
      address: "14 Adeola Odeku Street, Lagos",
      phone: "08020001111",
    };
    expect(await saved.json()).toEqual(stored);
    expect(await (await get("/api/v1/sales/business-settings")).json()).toEqual(stored);
    const [audit] = await backend.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, "business-settings"));
    expect(audit).toMatchObject({
      action: "update",
      summary: "Updated the business details shown on receipts",
    });
  });

  it("refuse empty, overlong and odd fields with a message each, changing nothing", async () => {
    const good = { name: "Sunbright", address: "Lagos", phone: "08020001111" };
    await put(good);
    for (const [body, errors] of [
      [
        {},
        {
          name: ["Business name is required"],
          address: ["Address is required"],
          phone: ["Phone number is required"],
        },
      ],
      [{ ...good, name: "x".repeat(121) }, { name: ["Business name must be at most 120 characters"] }],
      [{ ...good, address: " " }, { address: ["Address is required"] }],
      [{ ...good, phone: "call us" }, { phone: ["Invalid phone number"] }],
      [{ ...good, name: { first: "a" } }, { name: ["Business name is required"] }],
    ] as const) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).fieldErrors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await (await get("/api/v1/sales/business-settings")).json()).toEqual(good);
  });
});

describe("agents and customers follow the sales", () => {
  it("counts an agent's sales, and lists a customer whose instalment is overdue as defaulting", async () => {
    const agent = await makeAgent(backend.db);
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const { sale } = await (
      await post("/api/v1/sales/create", {
        ...oneOffSale(customer.id, product.id, [units[0].id]),
        agentId: agent.id,
        saleItems: [
          {
            productId: product.id,
            quantity: 1,
            paymentMode: "INSTALLMENT",
            installmentDuration: 6,
            installmentStartingPrice: 20,
            devices: [units[0].id],
            saleRecipient: RECIPIENT,
          },
        ],
        ...CONTRACT,
      })
    ).json();
    const card = await (await get(`/api/v1/agents/${agent.id}`, team.admin.token)).json();
    expect(card).toMatchObject({ sales: 1, onGoingSales: 1 });

    const defaulting = async () =>
      (
        (await (await get("/api/v1/customers?defaulting=true&limit=100", team.admin.token)).json())
          .customers as {
          id: string;
        }[]
      ).map((row) => row.id);
    expect(await defaulting()).not.toContain(customer.id);
    // The sale was made three months ago and only its deposit came in.
    await backend.db
      .update(sales)
      .set({ createdAt: new Date(Date.now() - 95 * 86_400_000), paidKobo: 20_000, status: "IN_INSTALLMENT" })
      .where(eq(sales.id, sale.id));
    expect(await defaulting()).toContain(customer.id);
  });
});

describe("GET /api/v1/customers/:id/tabs and the customer's devices and tickets", () => {
  it("sums what the customer owes over sales not cancelled, to the kobo, and counts their devices and tickets", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 3, price: 10_000.5 });
    const customer = await makeCustomer(backend.db);
    const stranger = await makeCustomer(backend.db);
    const sell = async (who: string, unit: string) => {
      const response = await post("/api/v1/sales/create", oneOffSale(who, product.id, [unit], 1));
      expect(response.status).toBe(201);
      return (await response.json()).sale as { id: string; totalPrice: number };
    };
    const first = await sell(customer.id, units[0].id);
    const cancelled = await sell(customer.id, units[1].id);
    await sell(stranger.id, units[2].id);
    await backend.db.update(sales).set({ status: "CANCELLED" }).where(eq(sales.id, cancelled.id));
    const paid = await post("/api/v1/sales/record-cash-payment", {
      saleId: first.id,
      paymentMethod: "CASH",
      amount: 1_234.56,
    });
    expect(paid.status).toBe(201);
    for (const subject of ["Lamp flickers", "Token rejected"]) {
      const ticket = await post(
        "/api/v1/tickets/create",
        {
          type: "problem",
          priority: "high",
          subject,
          description: "Called the shop",
          customerId: customer.id,
        },
        team.support.token,
      );
      expect(ticket.status).toBe(201);
    }

    const tabs = await get(`/api/v1/customers/${customer.id}/tabs`, team.viewer.token);
    expect(tabs.status).toBe(200);
    const body = await tabs.json();
    expectExactly(CustomerTabsSchema, body);
    expect(body).toEqual({
      sales: 1,
      totalPrice: 10_000.5,
      totalPaid: 1_234.56,
      balance: 8_765.94,
      devices: 2,
      tickets: 2,
      openTickets: 2,
    });

    const sold = await (await get(`/api/v1/device?customerId=${customer.id}`, team.admin.token)).json();
    expect(sold.devices.map((device: { id: string }) => device.id).sort()).toEqual(
      [units[0].id, units[1].id].sort(),
    );
    const theirs = await (await get(`/api/v1/tickets?customerId=${customer.id}`, team.support.token)).json();
    expect(theirs.tickets).toHaveLength(2);
    expect((await get(`/api/v1/customers/no-such-id/tabs`)).status).toBe(404);
    expect((await get(`/api/v1/customers/${customer.id}/tabs`, team.inventory.token)).status).toBe(403);
  });
});

describe("a product's payment modes are what its sale offers", () => {
  it("sells an instalment-only product by instalments, and refuses it by single deposit", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, {
      units: 2,
      price: 10_000,
      paymentModes: ["INSTALLMENT"],
    });
    const customer = await makeCustomer(backend.db);
    const single = await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id], 1));
    expect(single.status).toBe(400);
    expect((await single.json()).fieldErrors).toEqual({
      "saleItems.0.paymentMode": ["Single Deposit is not offered for this product"],
    });
    const instalments = await post("/api/v1/sales/create", {
      ...oneOffSale(customer.id, product.id, [units[0].id], 1),
      saleItems: [
        {
          productId: product.id,
          quantity: 1,
          paymentMode: "INSTALLMENT",
          installmentDuration: 6,
          installmentStartingPrice: 25,
          devices: [units[0].id],
          saleRecipient: RECIPIENT,
        },
      ],
      ...CONTRACT,
    });
    expect(instalments.status).toBe(201);
  });
});

describe("sale and receipt numbers", () => {
  it("numbers sales and receipts in order, finds a sale by its number, and names it in the audit log", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 2, price: 5_000 });
    const customer = await makeCustomer(backend.db);
    const sell = async (unit: string) =>
      (await (await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [unit], 1))).json())
        .sale as { id: string; saleNumber: string };
    const first = await sell(units[0].id);
    const second = await sell(units[1].id);
    expect(first.saleNumber).toMatch(/^S-\d{6}$/);
    const numberOf = (text: string) => Number(text.slice(2));
    expect(numberOf(second.saleNumber)).toBe(numberOf(first.saleNumber) + 1);

    const pay = async (saleId: string, amount: number) => {
      const response = await post("/api/v1/sales/record-cash-payment", {
        saleId,
        paymentMethod: "CASH",
        amount,
      });
      expect(response.status).toBe(201);
    };
    await pay(first.id, 1_000);
    await pay(second.id, 1_000);
    await pay(first.id, 500);
    const sale = (await (await get(`/api/v1/sales/${first.id}`)).json()) as {
      saleNumber: string;
      payments: { receiptNumber: string }[];
    };
    expect(sale.saleNumber).toBe(first.saleNumber);
    const receipts = sale.payments.map((payment) => payment.receiptNumber);
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) expect(receipt).toMatch(/^R-\d{6}$/);
    // The other sale's payment came between the two.
    expect(numberOf(receipts[1]) - numberOf(receipts[0])).toBe(2);

    const digits = String(numberOf(first.saleNumber));
    for (const search of [first.saleNumber, `s${digits}`, `S-${digits}`]) {
      const list = await (await get(`/api/v1/sales/list?search=${encodeURIComponent(search)}`)).json();
      expect(list.sales.map((row: { saleNumber: string }) => row.saleNumber)).toContain(first.saleNumber);
      expect(list.sales.map((row: { id: string }) => row.id)).not.toContain(second.id);
    }

    const [audit] = await backend.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, second.id), eq(auditLog.action, "record-payment")));
    expect(audit.summary).toBe(`Recorded a cash payment of ₦1,000 for sale ${second.saleNumber}`);
  });
});
