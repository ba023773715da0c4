import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import {
  agents,
  customers,
  devices,
  inventoryItems,
  products,
  sales,
  tickets,
  users,
  warehouses,
} from "./db/schema";
import type { RecordSubject } from "./schemas/permissions";

/**
 * The areas the home tiles and side navigation count, each with the subject whose read permission shows
 * it. One list: the overview's answer and its cache key are both made from it, so callers who may read
 * different areas can never share a cached answer. A new area adds one line.
 */
export const COUNTED_AREAS: { key: string; subject: RecordSubject; count: SQL<number> }[] = [
  {
    key: "users",
    subject: "Users",
    count: sql<number>`(select count(*) from ${users} where ${users.deletedAt} is null)::int`,
  },
  { key: "sales", subject: "Sales", count: sql<number>`(select count(*) from ${sales})::int` },
  {
    key: "customers",
    subject: "Customers",
    count: sql<number>`(select count(*) from ${customers} where ${customers.deletedAt} is null)::int`,
  },
  {
    key: "products",
    subject: "Products",
    count: sql<number>`(select count(*) from ${products})::int`,
  },
  {
    key: "inventory",
    subject: "Inventory",
    count: sql<number>`(select count(*) from ${inventoryItems})::int`,
  },
  {
    key: "warehouses",
    subject: "Warehouses",
    count: sql<number>`(select count(*) from ${warehouses} where ${warehouses.deletedAt} is null)::int`,
  },

  {
    key: "agents",
    subject: "Agents",
    count: sql<number>`(select count(*) from ${agents} where ${agents.deletedAt} is null)::int`,
  },
  { key: "devices", subject: "Devices", count: sql<number>`(select count(*) from ${devices})::int` },
  { key: "tickets", subject: "Tickets", count: sql<number>`(select count(*) from ${tickets})::int` },
];
