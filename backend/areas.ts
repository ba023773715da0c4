import type { RecordSubject } from "./schemas/permissions";

// One list: the overview's answer and its cache key are both made from it, so callers who may read
// different areas never share a cached answer.
export const COUNTED_AREAS: { key: string; subject: RecordSubject; counter: string }[] = [
  { key: "users", subject: "Users", counter: "users" },
  { key: "sales", subject: "Sales", counter: "sales" },
  { key: "customers", subject: "Customers", counter: "customers" },
  { key: "products", subject: "Products", counter: "products" },
  { key: "inventory", subject: "Inventory", counter: "inventory_items" },
  { key: "warehouses", subject: "Warehouses", counter: "warehouses" },
  { key: "agents", subject: "Agents", counter: "agents" },
  { key: "devices", subject: "Devices", counter: "devices" },
  { key: "tickets", subject: "Tickets", counter: "tickets" },
];
