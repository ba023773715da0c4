import { eq } from "drizzle-orm";
import { devices } from "../db/schema";
import { SaleItemDetailSchema } from "../schemas/sale-items";
import { SaleRecordSchema } from "../schemas/sales";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeRole,
  signedInAs,
} from "../test/factories";
import { CONTRACT, RECIPIENT, makeCustomer, makeSellableProduct, oneOffSale } from "../test/sale-factories";

// The reference's GET /sales/:id takes a sale item's id (its clients open a row of GET /sales by its id);
// our sale page opens a sale by the sale's id. One route answers both, by what the id names.

const { backend, team } = await backendWithTeam();

const get = (path: string, token = team.sales.token) => backend.request("GET", path, { token });
const post = (path: string, body: unknown) =>
  backend.request("POST", path, { token: team.sales.token, body });

const text = expect.any(String);
const number = expect.any(Number);
const time = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const digits = expect.stringMatching(/^\d+$/);

/** An instalment sale sent as the reference's clients send it (no paymentMethod: an online checkout). */
async function instalmentSale() {
  const {
    product,
    battery,
    bulbs,
    devices: units,
  } = await makeSellableProduct(backend.db, {
    units: 2,
    price: 10_000,
    withBulbs: true,
  });
  const customer = await makeCustomer(backend.db, { firstname: "Itemia", lastname: "Opened" });
  const response = await post("/api/v1/sales/create", {
    category: "PRODUCT",
    customerId: customer.id,
    applyMargin: false,
    ...CONTRACT,
    saleItems: [
      {
        productId: product.id,
        quantity: 1,
        paymentMode: "INSTALLMENT",
        installmentDuration: 3,
        installmentStartingPrice: 20,
        discount: 5,
        miscellaneousPrices: { delivery: 1_000 },
        devices: [units[0].id],
        saleRecipient: RECIPIENT,
      },
    ],
  });
  expect(response.status).toBe(201);
  const created = await response.json();
  return { created, customer, product, battery, bulbs: bulbs!, unit: units[0] };
}

describe("GET /api/v1/sales/{id} with a sale item's id (the reference's sale item)", () => {
  it("answers the item with its sale (customer, payments), its devices and their tokens, its product and recipient", async () => {
    const { created, customer, product, battery, bulbs, unit } = await instalmentSale();
    const saleId: string = created.sale.id;
    const [shown] = created.sale.items;
    const deposit = created.paymentData.amount as number;
    const paid = await post("/api/v1/sales/record-cash-payment", {
      saleId,
      paymentMethod: "CASH",
      amount: deposit,
      reference: "cash-deposit-0001",
    });
    expect(paid.status).toBe(201);

    const response = await get(`/api/v1/sales/${shown.id}`);
    expect(response.status).toBe(200);
    const raw = await response.text();
    const body = JSON.parse(raw);
    expectExactly(SaleItemDetailSchema, body);

    // The SaleItem fields, with the reference's types.
    expect(body).toMatchObject({
      id: shown.id,
      productId: product.id,
      quantity: 1,
      saleId,
      discount: 5,
      totalPrice: shown.totalPrice,
      monthlyPayment: shown.monthlyPayment,
      paymentMode: "INSTALLMENT",
      miscellaneousPrices: { delivery: 1_000 },
      saleRecipientId: shown.id,
      installmentDuration: 3,
      installmentStartingPrice: 20,
      deviceIDs: [unit.id],
      createdAt: time,
      updatedAt: time,
    });
    expect(typeof body.monthlyPayment).toBe("number");

    // sale{…, customer, payment[], installmentAccountDetails}
    expect(body.sale).toMatchObject({
      id: saleId,
      category: "PRODUCT",
      status: "IN_INSTALLMENT",
      customerId: customer.id,
      creatorId: team.sales.user.id,
      totalPrice: created.sale.totalPrice,
      totalPaid: deposit,
      totalMonthlyPayment: number,
      installmentStartingPrice: deposit,
      totalInstallmentDuration: 3,
      applyMargin: false,
      installmentAccountDetailsId: null,
      deliveredAccountDetails: false,
      contractId: saleId,
      createdAt: time,
      updatedAt: time,
      deletedAt: null,
      customer: { id: customer.id, firstname: "Itemia", lastname: "Opened", email: customer.email },
      installmentAccountDetails: null,
    });
    // The checkout the sale opened (still unanswered) and the cash deposit, oldest first.
    expect(body.sale.payment).toEqual([
      {
        id: text,
        transactionRef: created.paymentData.tx_ref,
        amount: deposit,
        paymentStatus: "PENDING",
        status: "PENDING",
        paymentDate: time,
        saleId,
        createdAt: time,
        updatedAt: time,
        deletedAt: null,
      },
      {
        id: text,
        transactionRef: "cash-deposit-0001",
        amount: deposit,
        paymentStatus: "COMPLETED",
        status: "INCOMPLETE",
        paymentDate: time,
        saleId,
        createdAt: time,
        updatedAt: time,
        deletedAt: null,
      },
    ]);

    // devices[{…, tokens[]}]: the deposit made the unit a token; its key is masked and appears nowhere.
    expect(body.devices).toHaveLength(1);
    const [device] = body.devices;
    expect(device).toMatchObject({
      id: unit.id,
      serialNumber: unit.serialNumber,
      key: expect.not.stringContaining(unit.key),
      startingCode: text,
      count: digits,
      timeDivider: digits,
      restrictedDigitMode: false,
      isTokenable: true,
      inventoryId: battery.id,
      saleItemId: shown.id,
      createdAt: time,
      updatedAt: time,
    });
    expect(device.tokens.length).toBeGreaterThan(0);
    for (const token of device.tokens) {
      expect(token).toMatchObject({ id: text, token: digits, deviceId: unit.id, createdAt: time });
    }
    const [stored] = await backend.db
      .select({ key: devices.key })
      .from(devices)
      .where(eq(devices.id, unit.id));
    expect(stored.key.length).toBeGreaterThan(8);
    expect(raw).not.toContain(stored.key);

    // product{inventories[{inventory}]}
    expect(body.product).toMatchObject({
      id: product.id,
      name: product.name,
      description: null,
      currency: "NGN",
      paymentModes: "ONE_OFF,INSTALLMENT",
      categoryId: product.categoryId,
      createdAt: time,
      updatedAt: time,
      deletedAt: null,
    });
    const links = body.product.inventories;
    expect(links.map((link: { inventoryId: string }) => link.inventoryId).sort()).toEqual(
      [battery.id, bulbs.id].sort(),
    );
    const bulbLink = links.find((link: { inventoryId: string }) => link.inventoryId === bulbs.id);
    expect(bulbLink).toEqual({
      id: `${product.id}:${bulbs.id}`,
      productId: product.id,
      inventoryId: bulbs.id,
      quantity: 4,
      inventory: {
        id: bulbs.id,
        name: bulbs.name,
        manufacturerName: bulbs.manufacturerName,
        sku: bulbs.sku,
        image: null,
        dateOfManufacture: bulbs.dateOfManufacture,
        status: "IN_STOCK",
        class: "REGULAR",
        inventoryCategoryId: bulbs.categoryId,
        inventorySubCategoryId: bulbs.subCategoryId,
        createdAt: time,
        updatedAt: time,
        deletedAt: null,
      },
    });

    // SaleRecipient (capital S), kept on the item.
    expect(body.SaleRecipient).toEqual({ id: shown.id, ...RECIPIENT, createdAt: time, updatedAt: time });
  });

  it("answers a one-off item with the reference's nulls, and the same item as the sales list shows it", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { units: 1, price: 3_000 });
    const customer = await makeCustomer(backend.db, { firstname: "Listia", lastname: "Sameish" });
    const created = await (
      await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[0].id]))
    ).json();
    const [row] = (await (await get("/api/v1/sales?search=listia")).json()).saleItems;

    const body = await (await get(`/api/v1/sales/${row.id}`)).json();
    expectExactly(SaleItemDetailSchema, body);
    const { sale, devices: linked, product: _product, ...item } = body;
    const { sale: listedSale, devices: listedDevices, ...listedItem } = row;
    expect(item).toEqual(listedItem);
    expect(sale).toEqual({ ...listedSale, payment: [], installmentAccountDetails: null });
    expect(linked).toEqual(listedDevices.map((device: object) => ({ ...device, tokens: [] })));
    expect(item).toMatchObject({
      saleId: created.sale.id,
      monthlyPayment: null,
      installmentDuration: null,
      installmentStartingPrice: null,
      miscellaneousPrices: null,
    });
  });
});

describe("GET /api/v1/sales/{id} with a sale's id (our sale page)", () => {
  it("still answers our sale record", async () => {
    const { created } = await instalmentSale();
    const response = await get(`/api/v1/sales/${created.sale.id}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(SaleRecordSchema, body);
    expect(body).toMatchObject({
      id: created.sale.id,
      saleNumber: created.sale.saleNumber,
      items: [{ id: created.sale.items[0].id }],
    });
    expect(body).not.toHaveProperty("saleId");
  });
});

describe("GET /api/v1/sales/{id} refusals", () => {
  it("answers 404 for an unknown id, 400 for a NUL byte, 403 to roles that do not read sales, 401 without a token", async () => {
    const { created } = await instalmentSale();
    const itemId: string = created.sale.items[0].id;

    const unknown = await get("/api/v1/sales/no-such-sale-or-item");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, message: "Sale not found", error: "Not Found" });

    const nul = await get(`/api/v1/sales/${itemId}%00`);
    expect(nul.status).toBe(400);
    expect((await nul.json()).statusCode).toBe(400);

    const outsider = await makeRole(backend.db, "customers only, no sales", ["read:Customers"]);
    const { token } = await signedInAs(backend, outsider.id);
    for (const id of [itemId, created.sale.id]) {
      const refused = await get(`/api/v1/sales/${id}`, token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
    }
    const anonymous = await backend.request("GET", `/api/v1/sales/${itemId}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);

    // Reading sales is enough, as for a sale.
    expect((await get(`/api/v1/sales/${itemId}`, team.viewer.token)).status).toBe(200);
  });
});
