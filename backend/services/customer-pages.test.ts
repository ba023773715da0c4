import { sql } from "drizzle-orm";
import { CustomerListQuerySchema } from "../schemas/customers";
import { makeCustomer } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { countCustomers, customerAnchors, listCustomers } from "./customers";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe("a deep customer page read from its anchor", () => {
  it("is the same page as skipping every row before it, ties and microseconds included", async () => {
    const made = [];
    for (let index = 0; index < 47; index += 1)
      made.push(await makeCustomer(backend.db, { status: index % 5 === 0 ? "barred" : "active" }));
    // Three customers share each moment, and moments differ by a microsecond, which a JavaScript date drops.
    await backend.db.execute(sql`
      update customers c set created_at = timestamptz '2026-03-01 09:00:00+01' + (n.rank / 3) * interval '1 microsecond'
      from (select id, row_number() over (order by id) as rank from customers) n where n.id = c.id`);
    for (const filters of [{}, { status: "active" as const }]) {
      const whole = await listCustomers(
        backend.db,
        CustomerListQuerySchema.parse({ ...filters, page: 1, limit: 100 }),
        () => countCustomers(backend.db, CustomerListQuerySchema.parse(filters)),
      );
      const order = whole.customers.map((customer) => customer.id);
      expect(order.length).toBeGreaterThanOrEqual(made.length * (filters.status ? 0.7 : 1));
      for (let page = 1; page <= Math.ceil(order.length / 4) + 1; page += 1) {
        const query = CustomerListQuerySchema.parse({ ...filters, page, limit: 4 });
        let read = 0;
        const anchored = await listCustomers(backend.db, query, () => countCustomers(backend.db, query), {
          every: 7,
          read: () => {
            read += 1;
            return customerAnchors(backend.db, query, new Date(), 7);
          },
        });
        expect(anchored.customers.map((customer) => customer.id)).toEqual(
          order.slice((page - 1) * 4, page * 4),
        );
        // Only a page at least one spacing deep needs the anchors.
        expect(read).toBe((page - 1) * 4 >= 7 && (page - 1) * 4 < order.length ? 1 : 0);
      }
    }
  });
});
