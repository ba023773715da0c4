import { Hono } from "hono";
import { CreateCustomerSchema, CustomerListQuerySchema } from "../schemas/customers";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import { readJsonBody, readQuery } from "../http/validation";
import {
  countCustomers,
  createCustomer,
  customerCountKey,
  customerStats,
  getCustomer,
  listCustomers,
} from "../services/customers";

export function customerRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  return new Hono<ApiEnv>()
    .get("/", guard("read:Customers"), async (c) => {
      const query = readQuery(c, CustomerListQuerySchema);
      const countKey = customerCountKey(query);
      const page = await caches.customerPages.get(`${countKey}:${query.page}:${query.limit}`, async () => {
        const total = await caches.counts.get(`customers:${countKey}`, () => countCustomers(db, query));
        return listCustomers(db, query, total);
      });
      return c.json(page, 200);
    })
    .get("/stats", guard("read:Customers"), async (c) => {
      return c.json(await caches.customerStats.get("all", () => customerStats(db)), 200);
    })
    .post("/create", guard("write:Customers"), async (c) => {
      const input = await readJsonBody(c, CreateCustomerSchema);
      return c.json(await createCustomer(db, signedInActor(c), input), 201);
    })
    .get("/single/:id", guard("read:Customers"), async (c) => {
      return c.json(await getCustomer(db, c.req.param("id")), 200);
    });
}
