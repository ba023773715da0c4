import { randomBytes } from "node:crypto";
import { ensureBootstrap } from "../bootstrap/first-start";
import { PNG, sendForm } from "../test/stock-factories";
import { CONTRACT, RECIPIENT } from "../test/sale-factories";
import { createTestBackend } from "../test/test-backend";

// Issue 30, "Done when": a client written against the reference backend
// (shared/reference/sibling-backend-contract.md) walks its whole journey through the contract's routes only,
// sending the bodies the reference takes and reading the fields, with the types, the reference answers. The
// business is as its first start leaves it: the seeded roles, the default warehouse and the administrator.
// Each step reads what the steps before it made, so they run in order and share `journey`.

const OWNER = { email: "owner@solar-journey.test", password: "Journey-owner-2025" };
const backend = await createTestBackend();
afterAll(() => backend.close());
await ensureBootstrap(backend.db, { admin: OWNER, demoData: false });

const unique = randomBytes(3).toString("hex");
const journey = {
  token: "",
  userId: "",
  batteryId: "",
  panelId: "",
  productId: "",
  deviceIds: [] as string[],
  customerId: "",
  saleId: "",
  txRef: "",
  saleItemId: "",
  contractId: "",
};

/** A call as the client makes it: the bearer token it was given, JSON in and out, the status it expects. */
async function call(method: string, path: string, status: number, body?: unknown) {
  const response = await backend.request(method, path, { token: journey.token, body });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  return JSON.parse(text);
}

async function form(path: string, fields: Record<string, string>, file: string) {
  const response = await sendForm(backend, "POST", path, {
    token: journey.token,
    fields,
    files: { [file]: { name: "photo.png", bytes: PNG } },
  });
  const text = await response.text();
  expect(response.status, `POST ${path}: ${text}`).toBe(201);
  return JSON.parse(text);
}

const text = expect.any(String);
const number = expect.any(Number);
const digits = expect.stringMatching(/^\d+$/);
const permissionShape = { id: text, action: text, subject: text };

describe("a client of the reference contract, from sign-in to the contract of its sale", () => {
  it("signs in: the token comes in the access_token header, the body is the user with role and permissions", async () => {
    const response = await backend.request("POST", "/api/v1/auth/login", { body: OWNER });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-expose-headers")).toContain("access_token");
    const token = response.headers.get("access_token");
    expect(token).toBeTruthy();
    expect(token).not.toMatch(/^Bearer /);
    journey.token = token!;

    const me = await response.json();
    expect(me).toMatchObject({
      id: text,
      firstname: text,
      lastname: text,
      email: OWNER.email,
      status: "active",
      isBlocked: false,
      roleId: text,
      createdAt: text,
      updatedAt: text,
      role: { id: me.roleId, role: "admin", active: true, permissionIds: expect.any(Array) },
    });
    expect(me.role.permissions).toEqual([{ ...permissionShape, action: "manage", subject: "all" }]);
    expect(me).not.toHaveProperty("password");
    expect(await call("GET", "/api/v1/users/single", 200)).toMatchObject({ id: me.id, email: OWNER.email });
  });

  it("adds a user with the empty longitude and latitude its form sends", async () => {
    const roles = await call("GET", "/api/v1/roles", 200);
    expect(Array.isArray(roles)).toBe(true);
    const viewer = roles.find((role: { role: string }) => role.role === "viewer");
    expect(viewer).toMatchObject({ id: text, role: "viewer", _count: { users: 0 } });

    const email = `ngozi.eze.${unique}@solar-journey.test`;
    const user = await call("POST", "/api/v1/auth/add-user", 201, {
      firstname: "Ngozi",
      lastname: "Eze",
      email,
      phone: "08031234567",
      role: viewer.id,
      location: "Enugu",
      longitude: "",
      latitude: "",
    });
    expect(user).toMatchObject({ id: text, firstname: "Ngozi", lastname: "Eze", email, status: "inactive" });
    expect(user).not.toHaveProperty("password");
    journey.userId = user.id;
    const users = await call("GET", "/api/v1/users?search=Ngozi", 200);
    expect(users).toMatchObject({ users: [{ id: user.id }], total: 1, page: 1, totalPages: 1 });
  });

  it("creates a role with permissions, gives it to the user, and views it with its count and its staff", async () => {
    const permissions = await call("GET", "/api/v1/permissions", 200);
    for (const permission of permissions) expect(permission).toEqual(permissionShape);
    const wanted = ["manage:Sales", "manage:Customers"];
    const chosen = permissions.filter((permission: { action: string; subject: string }) =>
      wanted.includes(`${permission.action}:${permission.subject}`),
    );
    expect(chosen).toHaveLength(2);
    const { subjects } = await call("GET", "/api/v1/permissions/subjects", 200);
    expect(subjects).toEqual(expect.arrayContaining(["Sales", "Customers"]));
    expect(subjects).not.toContain("all");

    const permissionIds = chosen.map((permission: { id: string }) => permission.id);
    const role = await call("POST", "/api/v1/roles", 201, {
      role: `Field sales ${unique}`,
      active: true,
      permissionIds,
    });
    expect(role).toMatchObject({
      id: text,
      role: `Field sales ${unique}`,
      active: true,
      _count: { users: 0 },
    });
    expect([...role.permissionIds].sort()).toEqual([...permissionIds].sort());

    expect(await call("POST", `/api/v1/roles/${journey.userId}/assign`, 201, { roleId: role.id })).toEqual({
      message: expect.any(String),
    });

    const viewed = await call("GET", `/api/v1/roles/${role.id}`, 200);
    expect(viewed).toMatchObject({
      id: role.id,
      role: role.role,
      active: true,
      permissionIds: expect.any(Array),
      created_at: text,
      updated_at: text,
      deleted_at: null,
      _count: { users: 1 },
    });
    expect(typeof viewed._count.users).toBe("number");
    expect(viewed.permissions).toHaveLength(2);
    for (const permission of viewed.permissions) expect(permission).toEqual(permissionShape);

    const details = await call("GET", `/api/v1/roles/more_details/${role.id}`, 200);
    expect(details).toMatchObject({ id: role.id, _count: { users: 1 } });
    expect(details.users).toEqual([
      expect.objectContaining({ id: journey.userId, firstname: "Ngozi", lastname: "Eze", email: text }),
    ]);
    const listed = await call("GET", "/api/v1/roles", 200);
    expect(listed.find((each: { id: string }) => each.id === role.id)._count).toEqual({ users: 1 });
  });

  it("stocks two inventory items, each with its first batch", async () => {
    await call("POST", "/api/v1/inventory/category/create", 201, {
      categories: [{ name: `Power ${unique}`, subCategories: [{ name: `Storage ${unique}` }] }],
    });
    const categories = await call("GET", "/api/v1/inventory/categories/all", 200);
    const category = categories.find((each: { name: string }) => each.name === `Power ${unique}`);
    expect(category).toMatchObject({ id: text, children: [{ id: text, name: `Storage ${unique}` }] });

    const stock = async (name: string, sku: string, price: string, costOfItem: string) => {
      await form(
        "/api/v1/inventory/create",
        {
          name,
          manufacturerName: "Lumen Works",
          dateOfManufacture: "2025-01-15",
          sku,
          price,
          costOfItem,
          class: "REGULAR",
          numberOfStock: "10",
          inventoryCategoryId: category.id,
          inventorySubCategoryId: category.children[0].id,
        },
        "inventoryImage",
      );
      const found = await call("GET", `/api/v1/inventory?search=${sku}`, 200);
      expect(found).toMatchObject({ total: 1, page: 1, totalPages: 1 });
      expect(found.inventories[0]).toMatchObject({
        id: text,
        name,
        sku,
        class: "REGULAR",
        status: "IN_STOCK",
        inventoryCategory: { id: category.id, name: category.name },
        totalRemainingQuantities: 10,
        totalInitialQuantities: 10,
        salePrice: { minimumInventoryBatchPrice: number, maximumInventoryBatchPrice: number },
      });
      return found.inventories[0].id as string;
    };
    journey.batteryId = await stock("Battery 200Ah", `BAT-${unique}`, "100000", "80000");
    journey.panelId = await stock("Panel 300W", `PNL-${unique}`, "50000", "40000");
  });

  it("creates a product from them and views it with its inventory; paymentModes is the comma string", async () => {
    const category = await call("POST", "/api/v1/products/create-category", 201, { name: `Homes ${unique}` });
    expect(category).toMatchObject({ id: text, name: `Homes ${unique}`, type: "PRODUCT" });
    expect(await call("GET", "/api/v1/products/categories/all", 200)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: category.id })]),
    );

    const created = await form(
      "/api/v1/products",
      {
        name: `Home Kit ${unique}`,
        paymentModes: "ONE_OFF,INSTALLMENT",
        categoryId: category.id,
        inventories: JSON.stringify([
          { inventoryId: journey.batteryId, quantity: 1 },
          { inventoryId: journey.panelId, quantity: 2 },
        ]),
      },
      "productImage",
    );
    expect(created).toMatchObject({
      id: text,
      name: `Home Kit ${unique}`,
      paymentModes: "ONE_OFF,INSTALLMENT",
    });
    journey.productId = created.id;

    const product = await call("GET", `/api/v1/products/${created.id}`, 200);
    expect(product).toMatchObject({
      id: created.id,
      paymentModes: "ONE_OFF,INSTALLMENT",
      category: { id: category.id, name: category.name },
      image: text,
    });
    // The client splits the modes for its payment-mode picker.
    expect(product.paymentModes.split(",")).toEqual(["ONE_OFF", "INSTALLMENT"]);
    expect(product.inventories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: journey.batteryId,
          productInventoryQuantity: 1,
          totalRemainingQuantities: 10,
        }),
        expect.objectContaining({
          id: journey.panelId,
          productInventoryQuantity: 2,
          totalRemainingQuantities: 10,
        }),
      ]),
    );
    // The image link opens without a token, as an <img> needs.
    const imageId = product.image.split("/").pop();
    const image = await backend.request("GET", `/api/v1/files/images/${imageId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const search = encodeURIComponent(`Home Kit ${unique}`);
    const listed = await call("GET", `/api/v1/products?page=1&limit=10&search=${search}`, 200);
    expect(listed).toMatchObject({ total: 1, page: 1, totalPages: 1, limit: 10 });
    expect(listed.updatedResults[0]).toMatchObject({ id: created.id, paymentModes: "ONE_OFF,INSTALLMENT" });

    const withInventory = await call("GET", `/api/v1/products/${created.id}/inventory`, 200);
    expect(withInventory).toMatchObject({ id: created.id, paymentModes: "ONE_OFF,INSTALLMENT" });
    expect(withInventory.inventories).toHaveLength(2);
    const panelLink = withInventory.inventories.find(
      (link: { inventoryId: string }) => link.inventoryId === journey.panelId,
    );
    expect(panelLink).toMatchObject({
      productId: created.id,
      inventoryId: journey.panelId,
      quantity: 2,
      inventory: { id: journey.panelId, name: "Panel 300W", sku: `PNL-${unique}`, status: "IN_STOCK" },
    });
  });

  it("adds a batch to an item and reads its value and its batches' values", async () => {
    const added = await call("POST", "/api/v1/inventory/batch/create", 201, {
      inventoryId: journey.panelId,
      price: 60000,
      costOfItem: 45000,
      numberOfStock: 5,
    });
    expect(added).toMatchObject({ message: "Inventory created successfully" });

    const panel = await call("GET", `/api/v1/inventory/${journey.panelId}`, 200);
    // 10 × ₦50,000 + 5 × ₦60,000.
    expect(panel).toMatchObject({
      id: journey.panelId,
      inventoryValue: 800_000,
      totalRemainingQuantities: 15,
    });
    expect(typeof panel.inventoryValue).toBe("number");
    expect(panel.batches).toHaveLength(2);
    for (const batch of panel.batches) {
      expect(batch).toMatchObject({
        id: text,
        batchNumber: number,
        numberOfStock: number,
        remainingQuantity: number,
        price: number,
        costOfItem: number,
        stockValue: expect.stringMatching(/^\d+\.\d{2}$/),
        creatorDetails: { firstname: text, lastname: text },
      });
    }
    expect(panel.batches.map((batch: { stockValue: string }) => batch.stockValue).sort()).toEqual([
      "300000.00",
      "500000.00",
    ]);
  });

  it("registers devices, with and without an inventory item, and edits one; count and timeDivider are strings", async () => {
    const register = async (fields: Record<string, unknown>) => {
      const device = await call("POST", "/api/v1/device", 201, {
        serialNumber: `SN-${unique}-${journey.deviceIds.length + 1}`,
        key: randomBytes(16).toString("hex"),
        startingCode: "123456789",
        count: "1",
        timeDivider: "1",
        restrictedDigitMode: false,
        hardwareModel: "PAYG-200",
        isTokenable: true,
        ...fields,
      });
      expect(device).toMatchObject({ id: text, count: "1", timeDivider: "1", isTokenable: true });
      journey.deviceIds.push(device.id);
      return device;
    };
    // The battery's own unit (the newer clients send inventoryId), and two for the panels sent without an
    // item, as the spec's form registers them (decision 044).
    await register({ inventoryId: journey.batteryId });
    await register({});
    await register({});

    const listed = await call("GET", `/api/v1/device?search=SN-${unique}`, 200);
    expect(listed).toMatchObject({ total: 3, page: 1, totalPages: 1 });
    for (const device of listed.devices) expect(device).toMatchObject({ count: digits, timeDivider: digits });

    // The reference's fields it does not keep (isUsed) are dropped, not refused.
    const edited = await call("PATCH", `/api/v1/device/${journey.deviceIds[2]}`, 200, {
      firmwareVersion: "2.1.0",
      count: "3",
      isUsed: false,
    });
    expect(edited).toMatchObject({
      id: journey.deviceIds[2],
      firmwareVersion: "2.1.0",
      hardwareModel: "PAYG-200",
      count: "3",
      timeDivider: "1",
    });
  });

  it("adds the customer the sale is for", async () => {
    const email = `amaka.${unique}@customers.test`;
    await call("POST", "/api/v1/customers/create", 201, {
      firstname: "Amaka",
      lastname: "Okafor",
      email,
      phone: "08059876543",
      addressType: "HOME",
      location: "4 Ogui Road, Enugu",
      longitude: "",
      latitude: "",
    });
    const found = await call("GET", `/api/v1/customers?search=${encodeURIComponent(email)}`, 200);
    expect(found).toMatchObject({ customers: [{ id: text, email, type: "lead" }], total: 1 });
    journey.customerId = found.customers[0].id;
  });

  it("makes an instalment sale without paymentMethod, one device per item unit, and gets the checkout's paymentData", async () => {
    const { sale, paymentData } = await call("POST", "/api/v1/sales/create", 201, {
      category: "PRODUCT",
      customerId: journey.customerId,
      applyMargin: false,
      ...CONTRACT,
      saleItems: [
        {
          productId: journey.productId,
          quantity: 1,
          paymentMode: "INSTALLMENT",
          installmentDuration: 3,
          installmentStartingPrice: 20,
          devices: journey.deviceIds,
          saleRecipient: RECIPIENT,
        },
      ],
    });
    expect(sale).toMatchObject({ id: text, status: "UNPAID", totalPaid: 0, paymentMethod: "ONLINE" });
    // One battery and two panels from the older batch: ₦200,000, with 3 months at 4 % a month: ₦224,000.
    expect(sale.totalPrice).toBe(224_000);
    expect(paymentData).toMatchObject({
      amount: 44_800,
      tx_ref: text,
      currency: "NGN",
      customer: { email: `amaka.${unique}@customers.test` },
      payment_options: text,
      customizations: { title: text, description: text, logo: text },
      meta: { saleId: sale.id },
    });
    journey.saleId = sale.id;
    journey.txRef = paymentData.tx_ref;
  });

  it("opens the checkout from paymentData.tx_ref, pays, and verifies the payment", async () => {
    const checkout = await call("GET", `/api/v1/payment/sandbox/${journey.txRef}`, 200);
    expect(checkout).toMatchObject({ amount: 44_800, status: "PENDING", saleId: journey.saleId });
    // The provider's redirect carries status, tx_ref and transaction_id back to the client.
    const redirect = await call("POST", `/api/v1/payment/sandbox/${journey.txRef}`, 200, { decision: "pay" });
    expect(redirect).toMatchObject({ status: "successful", tx_ref: journey.txRef, transaction_id: text });

    const verified = await call(
      "GET",
      `/api/v1/payment/verify/callback?tx_ref=${journey.txRef}&transaction_id=${redirect.transaction_id}`,
      200,
    );
    expect(verified).toMatchObject({
      status: "success",
      paymentStatus: "INCOMPLETE",
      amount: 44_800,
      saleId: journey.saleId,
    });
  });

  it("lists sales as sale items, each with its sale, the sale's customer, its devices and its recipient", async () => {
    const body = await call("GET", "/api/v1/sales", 200);
    expect(body).toMatchObject({ total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(body).not.toHaveProperty("sales");
    expect(body.saleItems).toHaveLength(1);
    const [item] = body.saleItems;
    expect(item).toMatchObject({
      id: text,
      saleId: journey.saleId,
      productId: journey.productId,
      quantity: 1,
      paymentMode: "INSTALLMENT",
      totalPrice: 224_000,
      installmentDuration: 3,
      installmentStartingPrice: 20,
      discount: number,
      createdAt: text,
      updatedAt: text,
      sale: {
        id: journey.saleId,
        category: "PRODUCT",
        status: "IN_INSTALLMENT",
        customerId: journey.customerId,
        totalPrice: 224_000,
        totalPaid: 44_800,
        contractId: text,
        customer: { id: journey.customerId, firstname: "Amaka", lastname: "Okafor" },
      },
      SaleRecipient: { firstname: RECIPIENT.firstname, lastname: RECIPIENT.lastname, phone: RECIPIENT.phone },
    });
    expect([...item.deviceIDs].sort()).toEqual([...journey.deviceIds].sort());
    expect(item.devices.map((device: { id: string }) => device.id).sort()).toEqual(
      [...journey.deviceIds].sort(),
    );
    for (const device of item.devices) expect(device).toMatchObject({ count: digits, timeDivider: digits });
    journey.saleItemId = item.id;
    journey.contractId = item.sale.contractId;
  });

  it("opens the sale row by its id: the sale item with its sale's payments, its devices' tokens and its product", async () => {
    const item = await call("GET", `/api/v1/sales/${journey.saleItemId}`, 200);
    expect(item).toMatchObject({
      id: journey.saleItemId,
      saleId: journey.saleId,
      productId: journey.productId,
      quantity: 1,
      paymentMode: "INSTALLMENT",
      totalPrice: 224_000,
      monthlyPayment: number,
      installmentDuration: 3,
      installmentStartingPrice: 20,
      saleRecipientId: text,
      createdAt: text,
      updatedAt: text,
      sale: {
        id: journey.saleId,
        status: "IN_INSTALLMENT",
        totalPrice: 224_000,
        totalPaid: 44_800,
        customer: { id: journey.customerId, firstname: "Amaka", lastname: "Okafor" },
        installmentAccountDetails: null,
      },
      product: { id: journey.productId, paymentModes: "ONE_OFF,INSTALLMENT" },
      SaleRecipient: { firstname: RECIPIENT.firstname, lastname: RECIPIENT.lastname, email: RECIPIENT.email },
    });
    // The verified checkout is the sale's one payment, under the tx_ref the client opened it with.
    expect(item.sale.payment).toEqual([
      expect.objectContaining({
        transactionRef: journey.txRef,
        amount: 44_800,
        paymentStatus: "COMPLETED",
        paymentDate: text,
        saleId: journey.saleId,
      }),
    ]);
    expect(item.devices.map((device: { id: string }) => device.id).sort()).toEqual(
      [...journey.deviceIds].sort(),
    );
    for (const device of item.devices) {
      expect(device).toMatchObject({ count: digits, timeDivider: digits });
      // The verified deposit made each tokenable unit its token.
      expect(device.tokens.length).toBeGreaterThan(0);
      for (const token of device.tokens)
        expect(token).toMatchObject({ id: text, token: digits, deviceId: device.id });
    }
    const links = item.product.inventories;
    expect(links.map((link: { inventoryId: string }) => link.inventoryId).sort()).toEqual(
      [journey.batteryId, journey.panelId].sort(),
    );
    for (const link of links) {
      expect(link).toMatchObject({
        productId: journey.productId,
        quantity: number,
        inventory: { id: link.inventoryId, name: text, status: "IN_STOCK" },
      });
    }
  });

  it("lists contracts and opens the sale's contract", async () => {
    const body = await call("GET", "/api/v1/contract", 200);
    expect(body).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(body.contracts).toHaveLength(1);
    const [contract] = body.contracts;
    const { identificationDetails: id, nextOfKinDetails: kin, guarantorDetails: guarantor } = CONTRACT;
    const expected = {
      id: journey.contractId,
      initialAmountPaid: 44_800,
      idType: id.idType,
      idNumber: id.idNumber,
      issuingCountry: id.issuingCountry,
      fullNameAsOnID: id.fullNameAsOnID,
      nextOfKinFullName: kin.fullName,
      nextOfKinRelationship: kin.relationship,
      nextOfKinPhoneNumber: kin.phoneNumber,
      guarantorFullName: guarantor.fullName,
      guarantorPhoneNumber: guarantor.phoneNumber,
      guarantorHomeAddress: guarantor.homeAddress,
      guarantorIdType: guarantor.identificationDetails.idType,
      createdAt: text,
      updatedAt: text,
    };
    expect(contract).toMatchObject(expected);
    expect(contract.sale).toHaveLength(1);
    expect(contract.sale[0]).toMatchObject({
      id: journey.saleId,
      status: "IN_INSTALLMENT",
      customer: { id: journey.customerId },
      saleItems: [{ productId: journey.productId, product: { paymentModes: "ONE_OFF,INSTALLMENT" } }],
    });

    const opened = await call("GET", `/api/v1/contract/${journey.contractId}`, 200);
    expect(opened).toMatchObject(expected);
    expect(opened.sale[0].saleItems[0]).toMatchObject({
      SaleRecipient: { firstname: RECIPIENT.firstname, email: RECIPIENT.email },
    });
  });
});
