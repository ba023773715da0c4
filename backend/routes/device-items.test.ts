import { eq } from "drizzle-orm";
import { devices } from "../db/schema";
import { backendWithTeam, makeDevice } from "../test/factories";
import {
  RECIPIENT,
  makeCustomer,
  makeSellableProduct,
  oneOffSale,
  uploadOneSale,
} from "../test/sale-factories";

// Issue 25 #5: a unit that makes no tokens needs only its serial number, and a unit registered without an
// inventory item can be sold as any item's unit, after which it belongs to that item.
const { backend, team } = await backendWithTeam();
const call = (method: string, path: string, body?: unknown, token = team.admin.token) =>
  backend.request(method, `/api/v1${path}`, { token, body });

const itemOf = async (deviceId: string) =>
  (await backend.db.select().from(devices).where(eq(devices.id, deviceId)))[0].inventoryId;

describe("devices and their items", () => {
  it("takes a unit that makes no tokens with its serial number alone, but a tokenable one needs its key", async () => {
    const floodlight = await call("POST", "/device", { serialNumber: "FL-0001", isTokenable: false });
    expect(floodlight.status).toBe(201);
    expect(await floodlight.json()).toMatchObject({ serialNumber: "FL-0001", key: "", isTokenable: false });

    const tokenable = await call("POST", "/device", { serialNumber: "SHS-0001" });
    expect(tokenable.status).toBe(400);
    expect((await tokenable.json()).fieldErrors).toEqual({ key: ["Key is required"] });
    // Every missing field is named at once, with the spec's messages.
    const empty = await call("POST", "/device", {});
    expect((await empty.json()).fieldErrors).toEqual({
      serialNumber: ["Serial number is required"],
      key: ["Key is required"],
    });
  });

  it("lists the units without an item, and sells one as a product's unit, which then belongs to it", async () => {
    const { product, battery } = await makeSellableProduct(backend.db, { units: 3 });
    const loose = await makeDevice(backend.db, { inventoryId: null });
    const listed = await (await call("GET", "/device?inventoryId=none&linked=false&limit=100")).json();
    expect(listed.devices.map((device: { id: string }) => device.id)).toContain(loose.id);
    expect(
      listed.devices.every((device: { inventoryId: string | null }) => device.inventoryId === null),
    ).toBe(true);

    const customer = await makeCustomer(backend.db);
    const sold = await call(
      "POST",
      "/sales/create",
      {
        ...oneOffSale(customer.id, product.id, [loose.id]),
        saleItems: [
          {
            productId: product.id,
            quantity: 1,
            paymentMode: "ONE_OFF",
            devices: [loose.id],
            saleRecipient: RECIPIENT,
          },
        ],
      },
      team.sales.token,
    );
    expect(sold.status).toBe(201);
    expect(await itemOf(loose.id)).toBe(battery.id);
  });

  it("keeps a unit without an item in a draft, counted for the item it will belong to", async () => {
    const { product, battery } = await makeSellableProduct(backend.db, { units: 2 });
    const loose = await makeDevice(backend.db, { inventoryId: null });
    const draft = await (await call("POST", "/sales/drafts", undefined, team.sales.token)).json();
    await call("POST", `/sales/drafts/${draft.id}/products`, { productId: product.id }, team.sales.token);
    const saved = await call(
      "PUT",
      `/sales/drafts/${draft.id}/products/${product.id}/devices`,
      { deviceIds: [loose.id] },
      team.sales.token,
    );
    expect(saved.status).toBe(200);
    const view = await saved.json();
    expect(view.items[0].devices).toEqual([
      { id: loose.id, serialNumber: loose.serialNumber, inventoryId: battery.id },
    ]);
    expect(view.items[0].deviceRequirements[0]).toMatchObject({ required: 1, linked: 1 });
    // Nothing changes hands until the sale is made.
    expect(await itemOf(loose.id)).toBeNull();
  });

  it("gives a unit without an item its item when a file sells it", async () => {
    const { product, battery } = await makeSellableProduct(backend.db, { units: 2 });
    const loose = await makeDevice(backend.db, { inventoryId: null });
    const customer = await makeCustomer(backend.db);
    const response = await uploadOneSale(backend, team.sales.token, {
      customer: customer.email,
      product: product.id,
      paymentMode: "ONE_OFF",
      deviceSerials: loose.serialNumber,
    });
    expect(response.status).toBe(201);
    expect(await itemOf(loose.id)).toBe(battery.id);
  });
});
