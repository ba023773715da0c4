import { ManualMessageSchema, MessageRecordSchema, OptOutSchema } from "../schemas/messages";
import { sendManualMessage, setOptOut } from "../services/messaging/messages";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { Hono } from "hono";
import { CustomerAccountsSchema } from "../schemas/portfolio";
import { customerAccounts } from "../services/portfolio";
import type { CustomerList, CustomerListQuery } from "../schemas/customers";
import {
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerRecordSchema,
  CustomerStatsSchema,
  CustomerTabsSchema,
  UpdateCustomerSchema,
} from "../schemas/customers";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readJsonBody, readQuery } from "../http/validation";
import {
  ANCHOR_EVERY,
  countCustomers,
  customerAnchors,
  createCustomer,
  customerCountKey,
  customerStats,
  customerTabs,
  getCustomer,
  listCustomers,
  updateCustomer,
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
  {
    method: "get",
    path: "/api/v1/customers/{id}/tabs",
    tag: "Customers",
    summary:
      "What a customer's page counts: sales not cancelled, their total, paid and balance, devices sold to them, tickets",
    access: "read:Customers",
    success: ok("The counts and sums", CustomerTabsSchema),
    errors: { 404: "Customer not found" },
  },
  {
    method: "get",
    path: "/api/v1/customers/{id}/accounts",
    tag: "Customers",
    summary:
      "The customer's installment sales as loan-book accounts (outstanding, arrears, days late, credit expiry, status), newest first",
    access: "read:Sales",
    success: ok("The accounts", CustomerAccountsSchema),
    errors: { 404: "Customer not found" },
  },
  {
    method: "post",
    path: "/api/v1/customers/{id}/messages",
    tag: "Customers",
    summary:
      "Write a message to the customer (SMS, or e-mail without a number); it may use {customerName}, {balance}, {dueDate}, {saleNumber}, {businessName}, {businessPhone}. Refused for an opted-out customer's status: FAILED with the reason",
    access: "write:Messages",
    body: ManualMessageSchema,
    success: ok("The message, queued", MessageRecordSchema, 201),
    errors: {
      400: "Empty, too long or an unknown variable",
      404: "Customer not found",
      429: "Too many messages",
    },
  },
  {
    method: "put",
    path: "/api/v1/customers/{id}/messages-opt-out",
    tag: "Customers",
    summary:
      "Opt the customer out of (or back in to) reminders and list messages; tokens and receipts still go",
    access: "write:Customers",
    body: OptOutSchema,
    success: ok("The setting now", OptOutSchema),
    errors: { 404: "Customer not found" },
  },
  {
    method: "put",
    path: "/api/v1/customers/{id}",
    tag: "Customers",
    summary:
      "Edit a customer (the rules of creating one), or bar (`status: barred` with a `reason`) or unbar (`status: active`) them; audited with the changes",
    access: "write:Customers",
    body: UpdateCustomerSchema,
    success: ok("The customer as it now is", CustomerRecordSchema),
    errors: { 404: "Customer not found" },
  },
];

export function customerRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const customerList: ListSource<CustomerListQuery, CustomerList> = {
    count: (query) => countCustomers(db, query),
    list: (query, total) =>
      listCustomers(db, query, total, {
        every: ANCHOR_EVERY,
        read: () => caches.customerAnchors.get(customerCountKey(query), () => customerAnchors(db, query)),
      }),
    cache: {
      area: "customers",
      countKey: customerCountKey,
      counts: caches.counts,
      pages: caches.customerPages,
    },
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Customers"), (c) =>
      listAnswer(c, readQuery(c, CustomerListQuerySchema), customerList),
    )
    .get("/stats", guard("read:Customers"), async (c) => {
      return cachedJson(c, await caches.customerStats.get("all", () => customerStats(db)));
    })
    .post("/create", guard("write:Customers"), async (c) => {
      const input = await readJsonBody(c, CreateCustomerSchema);
      return c.json(await createCustomer(db, signedInActor(c), input), 201);
    })
    .get("/single/:id", guard("read:Customers"), async (c) => {
      return c.json(await getCustomer(db, c.req.param("id")), 200);
    })
    .get("/:id/tabs", guard("read:Customers"), async (c) => {
      return c.json(await customerTabs(db, c.req.param("id")), 200);
    })
    .get("/:id/accounts", guard("read:Sales"), async (c) => {
      const customer = await getCustomer(db, c.req.param("id"));
      return c.json({ accounts: await customerAccounts(db, customer.id) }, 200);
    })
    .post("/:id/messages", guard("write:Messages"), async (c) => {
      const input = await readJsonBody(c, ManualMessageSchema);
      return c.json(await sendManualMessage(db, signedInActor(c), c.req.param("id"), input), 201);
    })
    .put("/:id/messages-opt-out", guard("write:Customers"), async (c) => {
      const input = await readJsonBody(c, OptOutSchema);
      return c.json(await setOptOut(db, signedInActor(c), c.req.param("id"), input.optedOut), 200);
    })
    .put("/:id", guard("write:Customers"), async (c) => {
      const input = await readJsonBody(c, UpdateCustomerSchema);
      return c.json(await updateCustomer(db, signedInActor(c), c.req.param("id"), input), 200);
    });
}
