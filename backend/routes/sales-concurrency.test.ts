import { eq } from "drizzle-orm";
import { devices, inventoryBatches, saleItems, sales } from "../db/schema";
import { makeDevice, signedInAs } from "../test/factories";
import { makeCustomer, makeSellableProduct, oneOffSale } from "../test/sale-factories";
import { startApiProcess } from "../test/api-process";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

/**
 * Many staff selling the last units at once: exactly what is in stock is sold, never more, and no device
 * ends up on two sales — within one process, and across two server processes sharing one PostgreSQL (how
 * ops scale out). PGlite runs one transaction at a time, so there the first case checks the same rule
 * without real overlap; PostgreSQL (CI) makes the requests truly overlap.
 */
let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "sales"));
});
afterAll(() => backend.close());

async function soldSetUp(units: number, devicesWanted: number) {
  const setUp = await makeSellableProduct(backend.db, { units });
  const extra = [];
  for (let index = setUp.devices.length; index < devicesWanted; index += 1)
    extra.push(await makeDevice(backend.db, { inventoryId: setUp.battery.id }));
  return { ...setUp, devices: [...setUp.devices, ...extra], customer: await makeCustomer(backend.db) };
}

async function outcome(batchId: string, productId: string) {
  const [batch] = await backend.db
    .select({ remaining: inventoryBatches.remainingQuantity })
    .from(inventoryBatches)
    .where(eq(inventoryBatches.id, batchId));
  const linked = await backend.db
    .select({ id: devices.id, saleItemId: devices.saleItemId })
    .from(devices)
    .innerJoin(saleItems, eq(saleItems.id, devices.saleItemId))
    .where(eq(saleItems.productId, productId));
  return { remaining: batch.remaining, linked, sold: await backend.db.$count(sales) };
}

it("sells exactly the 10 units left when 50 sales of them arrive at once", async () => {
  const { product, battery, devices: units, customer } = await soldSetUp(10, 50);
  const soldBefore = await backend.db.$count(sales);
  const answers = await Promise.all(
    units.slice(0, 50).map((device) =>
      backend.request("POST", "/api/v1/sales/create", {
        token,
        body: oneOffSale(customer.id, product.id, [device.id]),
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.filter((status) => status === 400)).toHaveLength(40);
  const result = await outcome(battery.batches[0].id, product.id);
  expect(result.remaining).toBe(0);
  expect(result.linked).toHaveLength(10);
  expect(result.sold - soldBefore).toBe(10);
});

it("links one device to one sale only, whatever arrives at once", async () => {
  const { product, devices: units, customer } = await soldSetUp(10, 10);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      backend.request("POST", "/api/v1/sales/create", {
        token,
        body: oneOffSale(customer.id, product.id, [units[0].id]),
      }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  const [device] = await backend.db.select().from(devices).where(eq(devices.id, units[0].id));
  expect(device.saleItemId).not.toBeNull();
});

it.skipIf(!process.env.DATABASE_URL)(
  "sells exactly the units left across two server processes on one PostgreSQL (PostgreSQL only: a PGlite folder has one owner)",
  async () => {
    const { product, battery, devices: units, customer } = await soldSetUp(10, 50);
    const processes = await Promise.all([0, 1].map(() => startApiProcess(backend.databaseUrl ?? "")));
    try {
      const answers = await Promise.all(
        units.slice(0, 50).map((device, index) =>
          fetch(`${processes[index % 2].base}/api/v1/sales/create`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify(oneOffSale(customer.id, product.id, [device.id])),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      const result = await outcome(battery.batches[0].id, product.id);
      expect(result.remaining).toBe(0);
      expect(result.linked).toHaveLength(10);
    } finally {
      await Promise.all(processes.map((started) => started.stop()));
    }
  },
  120_000,
);
