import {
  UNAUTHORIZED_BODY,
  makeCustomer,
  makeDevice,
  makeUser,
  roleIdByName,
  signedInAs,
} from "../test/factories";
import { eq } from "drizzle-orm";
import { warehouses } from "../db/schema";
import { makeProductCategory, makeWarehouse } from "../test/stock-factories";
import { RECIPIENT, makeSellableProduct } from "../test/sale-factories";
import { writeBook } from "../demo/book-writer";
import { lagosDate } from "../schemas/dates";
import { PortfolioSummarySchema } from "../schemas/portfolio";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

// The read cache as deployed: on, with a long time so only the API's own changes can empty it.
let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend({ readCacheMs: 60_000, sessionCacheMs: 60_000 });
});
afterAll(() => backend.close());

/** A change committed through the API, which empties every cache: a collector added. */
async function addCollectorThroughApi(on: TestBackend, token: string, email: string, phone: string) {
  const created = await on.request("POST", "/api/v1/auth/add-user", {
    token,
    body: {
      email,
      firstname: "Cache",
      lastname: "Emptier",
      phone,
      role: await roleIdByName(on.db, "collector"),
      location: "Lagos",
    },
  });
  expect(created.status).toBe(201);
}

const overview = async (token: string) =>
  (await (await backend.request("GET", "/api/v1/overview", { token })).json()) as {
    counts: { users: number };
  };

describe("cached reads", () => {
  it("serve repeated reads from memory", async () => {
    const { token } = await signedInAs(backend, "admin");
    const before = (await overview(token)).counts.users;
    // A row written behind the API's back is not seen while the cache holds (at most READ_CACHE_MS).
    await makeUser(backend.db);
    expect((await overview(token)).counts.users).toBe(before);
  });

  it("as served, see a row written behind the API's back (a job, a SQL console) at once", async () => {
    const served = await createTestBackend({ readCacheMs: 60_000, sessionCacheMs: 60_000 }, { listen: true });
    try {
      const { token } = await signedInAs(served, "admin");
      const count = async () =>
        (
          (await (await served.request("GET", "/api/v1/overview", { token })).json()) as {
            counts: { users: number };
          }
        ).counts.users;
      const before = await count();
      await makeUser(served.db);
      // PGlite hears it before the next query; PostgreSQL's notice arrives a moment after the commit.
      await vi.waitFor(async () => expect(await count()).toBe(before + 1), { timeout: 1_000, interval: 20 });
    } finally {
      await served.close();
    }
  });

  it("see every change made through the API on the next request", async () => {
    const { token } = await signedInAs(backend, "admin");
    const before = (await overview(token)).counts.users;
    const created = await backend.request("POST", "/api/v1/auth/add-user", {
      token,
      body: {
        email: "cached@example.com",
        firstname: "Cache",
        lastname: "Reader",
        phone: "08012345678",
        role: await roleIdByName(backend.db, "sales"),
        location: "Lagos",
      },
    });
    expect(created.status).toBe(201);
    expect((await overview(token)).counts.users).toBe(before + 1);
  });

  it("refuse a blocked user's token at once", async () => {
    const { token: adminToken } = await signedInAs(backend, "admin");
    const { user, token } = await signedInAs(backend, "sales");
    expect((await backend.request("GET", "/api/v1/users/single", { token })).status).toBe(200);
    const blocked = await backend.request("PATCH", `/api/v1/users/${user.id}`, {
      token: adminToken,
      body: { isBlocked: true },
    });
    expect(blocked.status).toBe(200);
    const refused = await backend.request("GET", "/api/v1/users/single", { token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(UNAUTHORIZED_BODY);
  });

  it("refuse a token at once after logout", async () => {
    const { token } = await signedInAs(backend, "sales");
    expect((await backend.request("GET", "/api/v1/users/single", { token })).status).toBe(200);
    expect((await backend.request("POST", "/api/v1/auth/logout", { token })).status).toBe(200);
    expect((await backend.request("GET", "/api/v1/users/single", { token })).status).toBe(401);
  });

  it("serve a repeated customer page from memory and show a customer created through the API at once", async () => {
    const { token } = await signedInAs(backend, "admin");
    const page = async () =>
      (await (await backend.request("GET", "/api/v1/customers?search=memoed&limit=5", { token })).json()) as {
        customers: { email: string }[];
        total: number;
      };
    await makeCustomer(backend.db, { firstname: "Memoed", email: "memoed.one@example.com" });
    const first = await page();
    expect(first.total).toBe(1);
    // Written behind the API's back: the memo still answers the page as it was.
    await makeCustomer(backend.db, { firstname: "Memoed", email: "memoed.two@example.com" });
    expect(await page()).toEqual(first);
    const created = await backend.request("POST", "/api/v1/customers/create", {
      token,
      body: {
        firstname: "Memoed",
        lastname: "Three",
        email: "memoed.three@example.com",
        phone: "08099887766",
        location: "Ikeja",
      },
    });
    expect(created.status).toBe(201);
    const after = await page();
    expect(after.total).toBe(3);
    expect(after.customers.map((customer) => customer.email)).toContain("memoed.three@example.com");
  });

  it("serve a repeated device page from memory and show a device created through the API at once", async () => {
    const { token } = await signedInAs(backend, "inventory");
    const page = async () =>
      (await (await backend.request("GET", "/api/v1/device?search=MEMOED-", { token })).json()) as {
        devices: { serialNumber: string }[];
        total: number;
      };
    await makeDevice(backend.db, { serialNumber: "MEMOED-1" });
    const first = await page();
    expect(first.total).toBe(1);
    await makeDevice(backend.db, { serialNumber: "MEMOED-2" });
    expect(await page()).toEqual(first);
    const created = await backend.request("POST", "/api/v1/device", {
      token,
      body: { serialNumber: "MEMOED-3", key: "00112233445566778899aabbccddeeff", startingCode: "123456" },
    });
    expect(created.status).toBe(201);
    const after = await page();
    expect(after.total).toBe(3);
    expect(after.devices.map((device) => device.serialNumber)).toContain("MEMOED-3");
  });

  it("serve a repeated warehouse from memory and show its change through the API at once", async () => {
    const { token } = await signedInAs(backend, "admin");
    const warehouse = await makeWarehouse(backend.db, { name: "Memo Depot" });
    const read = async () =>
      (await (await backend.request("GET", `/api/v1/warehouses/${warehouse.id}`, { token })).json()) as {
        name: string;
      };
    expect((await read()).name).toBe("Memo Depot");
    await backend.db
      .update(warehouses)
      .set({ name: "Behind The Back" })
      .where(eq(warehouses.id, warehouse.id));
    expect((await read()).name).toBe("Memo Depot");
    const renamed = await backend.request("PATCH", `/api/v1/warehouses/${warehouse.id}`, {
      token,
      body: { name: "Renamed Depot" },
    });
    expect(renamed.status).toBe(200);
    expect((await read()).name).toBe("Renamed Depot");
  });

  it("serve the product categories from memory and show one created through the API at once", async () => {
    const { token } = await signedInAs(backend, "admin");
    const names = async () =>
      (
        (await (await backend.request("GET", "/api/v1/products/categories/all", { token })).json()) as {
          name: string;
        }[]
      ).map((category) => category.name);
    const before = await names();
    await makeProductCategory(backend.db, "Behind The Back Kits");
    expect(await names()).toEqual(before);
    const created = await backend.request("POST", "/api/v1/products/create-category", {
      token,
      body: { name: "Memo Kits" },
    });
    expect(created.status).toBe(201);
    expect(await names()).toEqual(expect.arrayContaining(["Behind The Back Kits", "Memo Kits"]));
  });

  it("mark an answer served from memory with the same strong ETag until its content changes", async () => {
    const { token } = await signedInAs(backend, "admin");
    const warehouse = await makeWarehouse(backend.db, { name: "Tagged Depot" });
    const tagOf = async (path: string) => (await backend.request("GET", path, { token })).headers.get("etag");
    for (const path of ["/api/v1/overview", `/api/v1/warehouses/${warehouse.id}`]) {
      const first = await tagOf(path);
      expect(first).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(await tagOf(path)).toBe(first);
    }
    const overviewTag = await tagOf("/api/v1/overview");
    const warehouseTag = await tagOf(`/api/v1/warehouses/${warehouse.id}`);
    const renamed = await backend.request("PATCH", `/api/v1/warehouses/${warehouse.id}`, {
      token,
      body: { name: "Retagged Depot" },
    });
    expect(renamed.status).toBe(200);
    expect(await tagOf(`/api/v1/warehouses/${warehouse.id}`)).not.toBe(warehouseTag);
    // The overview's counts did not change, so neither did its text.
    expect(await tagOf("/api/v1/overview")).toBe(overviewTag);
  });

  it("keep the filter forms' options past READ_CACHE_MS, until a change", async () => {
    const short = await createTestBackend({ readCacheMs: 50, sessionCacheMs: 50 });
    try {
      const { token } = await signedInAs(short, "admin");
      const collectors = async () =>
        (
          (await (await short.request("GET", "/api/v1/collections/options", { token })).json()) as {
            collectors: { name: string }[];
          }
        ).collectors.map((collector) => collector.name);
      const before = await collectors();
      await makeUser(short.db, { role: "collector", firstname: "Kept", lastname: "Aside" });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await collectors()).toEqual(before);
      await addCollectorThroughApi(short, token, "options@example.com", "08012345678");
      expect(await collectors()).toEqual(expect.arrayContaining(["Kept Aside"]));
    } finally {
      await short.close();
    }
  });

  it("keep the portfolio's figures past READ_CACHE_MS, until a change", async () => {
    const short = await createTestBackend({ readCacheMs: 50, sessionCacheMs: 50 });
    try {
      const { token } = await signedInAs(short, "admin");
      const activeAccounts = async () =>
        PortfolioSummarySchema.parse(
          await (await short.request("GET", "/api/v1/portfolio", { token })).json(),
        ).active.count;
      expect(await activeAccounts()).toBe(0);
      const today = lagosDate(new Date());
      const { product } = await makeSellableProduct(short.db, { units: 1 });
      const customer = await makeCustomer(short.db);
      await writeBook(
        short.db,
        [
          {
            customerId: customer.id,
            agentId: null,
            productId: product.id,
            recipient: RECIPIENT,
            saleDate: today,
            depositKobo: 100_000,
            monthlyKobo: 100_000,
            months: 6,
            payments: [{ date: today, kobo: 100_000 }],
          },
        ],
        today,
      );
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await activeAccounts()).toBe(0);
      await addCollectorThroughApi(short, token, "figures@example.com", "08012345679");
      expect(await activeAccounts()).toBe(1);
    } finally {
      await short.close();
    }
  });
});
