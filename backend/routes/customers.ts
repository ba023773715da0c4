import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { Hono } from "hono";
import {
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerRecordSchema,
  CustomerStatsSchema,
} from "../schemas/customers";
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
import { cachedJson } from "../http/cached-json";

export const customerOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/customers",
    tag: "Customers",
    summary: "Customer list, newest first; `status` picks a tab, `isNew` the last 30 days",
    access: "read:Customers",
    query: CustomerListQuerySchema,
    success: ok("One page of customers", CustomerListSchema),
  },
  {
    method: "get",
    path: "/api/v1/customers/stats",
    tag: "Customers",
    summary: "Counts for the customer stat cards (new = created in the last 30 days)",
    access: "read:Customers",
    success: ok("The four counts", CustomerStatsSchema),
  },
  {
    method: "post",
    path: "/api/v1/customers/create",
    tag: "Customers",
    summary: "Create a customer (a lead); e-mail and phone must not belong to another customer",
    access: "write:Customers",
    body: CreateCustomerSchema,
    success: ok("The new customer", CustomerRecordSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/customers/single/{id}",
    tag: "Customers",
    summary: "One customer",
    access: "read:Customers",
    success: ok("The customer", CustomerRecordSchema),
    errors: { 404: "Customer not found" },
  },
];

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
      return cachedJson(c, page);
    })
    .get("/stats", guard("read:Customers"), async (c) => {
      return cachedJson(c, await caches.customerStats.get("all", () => customerStats(db)));
    })
    .post("/create", guard("write:Customers"), async (c) => {
      const input = await readJsonBody(c, CreateCustomerSchema);
      return c.json(await createCustomer(db, signedInActor(c), input), 201);
    })
    .get("/single/:id", guard("read:Customers"), async (c) => {
      return c.json(await getCustomer(db, c.req.param("id")), 200);
    });
}
