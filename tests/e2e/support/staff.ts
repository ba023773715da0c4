import { z } from "zod";
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes, randomInt } from "node:crypto";
import type { Cookie, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { E2E } from "./env";

/** Factories that make staff through the real API, so each test owns the records it uses. */

const api = (route: string) => `${E2E.appUrl}/api/v1${route}`;

async function call(route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(api(route), {
    method: init.method ?? "GET",
    headers: {
      "Content-Type": "application/json",
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${route} → ${response.status} ${JSON.stringify(body)}`);
  return { response, body };
}

/** A fresh sign-in through the API, answering its new token. */
export async function signInForToken(email: string, password: string) {
  const { response } = await call("/auth/login", { method: "POST", body: { email, password } });
  const token = response.headers.get("access_token");
  if (!token) throw new Error("login answered without a token");
  return token;
}

/**
 * One API token per account for the whole run: factories called side by side would otherwise sign in
 * the same account many times at once from one address, which the sign-in limit rightly refuses
 * (docs/decisions/012 counts an attempt before its password is checked).
 */
const tokens = new Map<string, Promise<string>>();
export function apiToken(email = E2E.adminEmail, password = E2E.adminPassword) {
  const key = `${email}\n${password}`;
  let token = tokens.get(key);
  if (!token) {
    token = signInForToken(email, password);
    tokens.set(key, token);
    token.catch(() => tokens.delete(key));
  }
  return token;
}

type MailFile = { to: string; subject: string; link: string | null };

/** The newest e-mail sent to `to`, waiting briefly for it to be written. */
export async function latestMailTo(to: string): Promise<MailFile> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await fs.readdir(E2E.outboxDir).catch(() => [] as string[]))
      .filter((name) => name.endsWith(".json"))
      .sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(E2E.outboxDir, name), "utf8")) as MailFile;
      if (mail.to === to) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to}`);
}

export function uniqueEmail(prefix = "staff") {
  return `${prefix}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
}

export type Staff = { id: string; email: string; password: string; firstname: string; lastname: string };

/** Invites a staff member with `role` and accepts the invitation, as a new colleague would. */
export async function createStaff(
  role = "sales",
  options: { acceptInvite?: boolean; lastname?: string } = {},
): Promise<Staff & { inviteLink: string }> {
  const token = await apiToken();
  const { body: roles } = await call("/roles", { token });
  const roleId = (roles as { id: string; role: string }[]).find((item) => item.role === role)?.id;
  if (!roleId) throw new Error(`no role ${role}`);
  const email = uniqueEmail(role);
  const person = {
    firstname: "Ada",
    lastname: options.lastname ?? `Tester${randomBytes(2).toString("hex")}`,
  };
  const { body: user } = await call("/auth/add-user", {
    method: "POST",
    token,
    body: { email, ...person, phone: "08012345678", role: roleId, location: "Lagos" },
  });
  const { id } = user as { id: string };
  const mail = await latestMailTo(email);
  if (!mail.link) throw new Error("invite without a link");
  if (options.acceptInvite !== false) {
    const [, , userId, inviteToken] = new URL(mail.link).pathname.split("/");
    await call(`/auth/create-user-password/${userId}/${inviteToken}`, {
      method: "POST",
      body: { password: E2E.staffPassword, confirmPassword: E2E.staffPassword },
    });
  }
  return { id, email, password: E2E.staffPassword, ...person, inviteLink: mail.link };
}

/** A role made through the real API, as an administrator would have set it up earlier. */
export async function createRole(name: string, permissions: string[]) {
  const token = await apiToken();
  const { body: catalogue } = await call("/permissions", { token });
  const permissionIds = (catalogue as { id: string; action: string; subject: string }[])
    .filter((permission) => permissions.includes(`${permission.action}:${permission.subject}`))
    .map((permission) => permission.id);
  const { body } = await call("/roles", { method: "POST", token, body: { role: name, permissionIds } });
  return body as { id: string };
}

/** Replaces a role's permissions, as an administrator would in the role's settings. */
export async function setRolePermissions(roleId: string, permissions: string[]) {
  const token = await apiToken();
  const { body: catalogue } = await call("/permissions", { token });
  const permissionIds = (catalogue as { id: string; action: string; subject: string }[])
    .filter((permission) => permissions.includes(`${permission.action}:${permission.subject}`))
    .map((permission) => permission.id);
  await call(`/roles/${roleId}`, { method: "PUT", token, body: { permissionIds } });
}

export async function setBlocked(userId: string, isBlocked: boolean) {
  await call(`/users/${userId}`, { method: "PATCH", token: await apiToken(), body: { isBlocked } });
}

/** Signs in through the real form and waits for the landing page. */
export async function signIn(page: Page, email: string, password: string, from = "/") {
  await page.goto(from);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful!")).toBeVisible();
}

/**
 * The administrator's session cookie, kept for the worker: most tests only need to be signed in, and the
 * sign-in form costs a few page loads each time (the sign-in tests themselves use `signIn`).
 */
let adminSession: Cookie | undefined;

/** Signed in as the administrator, on /home. */
export async function signInAsAdmin(page: Page) {
  if (adminSession) {
    await page.context().addCookies([adminSession]);
    await page.goto("/");
    // A test that signed this session out, or a restarted server, means signing in again.
    if (new URL(page.url()).pathname === "/home") return;
  }
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  adminSession = (await page.context().cookies()).find((cookie) => cookie.name === "userData");
}

// Unique within a test process (a counter) and between processes (a random start): two customers made in
// the same millisecond once drew the same number and the second was refused as a duplicate.
const PHONE_BASE = randomInt(100, 1000);
let phonesMade = 0;
function uniquePhone() {
  phonesMade += 1;
  return `081${PHONE_BASE}${String(phonesMade).padStart(5, "0")}`;
}

/** A customer made through the real API by whoever `token` belongs to (the e2e admin by default). */
export async function createCustomer(token?: string, fields: Partial<Record<string, string>> = {}) {
  const tag = randomBytes(3).toString("hex");
  const { body } = await call("/customers/create", {
    method: "POST",
    token: token ?? (await apiToken()),
    body: {
      firstname: "Bola",
      lastname: `Customer${tag}`,
      email: `customer-${tag}-${Date.now()}@example.com`,
      phone: uniquePhone(),
      location: "Ikeja",
      ...fields,
    },
  });
  return body as { id: string; firstname: string; lastname: string; email: string };
}

/** The id of a seeded role, by name. */
export async function roleId(name: string) {
  const { body: roles } = await call("/roles", { token: await apiToken() });
  const role = (roles as { id: string; role: string }[]).find((item) => item.role === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

/** A 1×1 PNG, written from its bytes: the image fixture of the stock tests. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export function uniqueTag() {
  return `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`.toUpperCase();
}

async function multipart(route: string, fields: Record<string, string>, file: string, token?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set(file, new Blob([TINY_PNG], { type: "image/png" }), "fixture.png");
  const response = await fetch(api(route), {
    method: "POST",
    headers: { Authorization: `Bearer ${token ?? (await apiToken())}` },
    body,
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`POST ${route} → ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** An inventory category with one sub-category, made through the API. */
export async function createInventoryCategory(
  name = `Cat ${uniqueTag()}`,
  subCategory = `Sub ${uniqueTag()}`,
) {
  const { body } = await call("/inventory/category/create", {
    method: "POST",
    token: await apiToken(),
    body: { categories: [{ name, subCategories: [{ name: subCategory }] }] },
  });
  const [category] = body as { id: string; name: string; children: { id: string; name: string }[] }[];
  return { id: category.id, name: category.name, subCategory: category.children[0] };
}

/** An active warehouse taking every class, with its image. */
export async function createWarehouse(name = `Depot ${uniqueTag()}`) {
  return (await multipart(
    "/warehouses",
    { name, type: "Depot", inventoryClasses: "REGULAR,RETURNED,REFURBISHED" },
    "image",
  )) as { id: string; name: string };
}

/**
 * An inventory item with its first batch (in `warehouseId`, or the default warehouse), in a category of
 * its own unless one is given.
 */
export async function createInventoryItem(
  options: {
    name?: string;
    numberOfStock?: number;
    costOfItem?: number;
    price?: number;
    warehouseId?: string;
    category?: { id: string; subCategory: { id: string } };
  } = {},
) {
  const category = options.category ?? (await createInventoryCategory());
  const tag = uniqueTag();
  const item = (await multipart(
    "/inventory/create",
    {
      class: "REGULAR",
      inventoryCategoryId: category.id,
      inventorySubCategoryId: category.subCategory.id,
      name: options.name ?? `Item ${tag}`,
      manufacturerName: "Lumen Ltd",
      dateOfManufacture: "2024-01-15",
      sku: `SKU-${tag}`,
      numberOfStock: String(options.numberOfStock ?? 10),
      // Never above the price: a batch below its cost is refused.
      costOfItem: String(options.costOfItem ?? Math.min(1000, options.price ?? 2000)),
      price: String(options.price ?? 2000),
      ...(options.warehouseId ? { warehouseId: options.warehouseId } : {}),
    },
    "inventoryImage",
  )) as { id: string; name: string; sku: string; batches: { id: string }[] };
  return item;
}

/** Adds a batch to an item (a restock) through the API. */
export async function restockItem(
  inventoryId: string,
  batch: { numberOfStock: number; costOfItem: number; price: number },
) {
  await call(`/inventory/${inventoryId}/batches`, { method: "POST", token: await apiToken(), body: batch });
}

export async function createProductCategory(name = `Kits ${uniqueTag()}`) {
  const { body } = await call("/products/create-category", {
    method: "POST",
    token: await apiToken(),
    body: { name, type: "PRODUCT" },
  });
  return body as { id: string; name: string };
}

/** A product of the given items (each at quantity 1 unless said), made through the API. */
export async function createProduct(
  items: { inventoryId: string; quantity?: number }[],
  name = `Kit ${uniqueTag()}`,
) {
  const category = await createProductCategory();
  const product = (await multipart(
    "/products",
    {
      categoryId: category.id,
      name,
      paymentModes: "ONE_OFF",
      inventories: JSON.stringify(
        items.map((item) => ({ inventoryId: item.inventoryId, quantity: item.quantity ?? 1 })),
      ),
    },
    "productImage",
  )) as { id: string; name: string };
  return { ...product, category };
}

/** An agent made through the real API (the e2e admin by default). */
export async function createAgent(fields: Partial<Record<string, string>> = {}, token?: string) {
  const tag = randomBytes(3).toString("hex");
  const { body } = await call("/agents/create", {
    method: "POST",
    token: token ?? (await apiToken()),
    body: {
      firstname: "Musa",
      lastname: `Agent${tag}`,
      email: `agent-${tag}-${Date.now()}@example.com`,
      location: "Kano",
      ...fields,
    },
  });
  // The reference contract's shape: the person under `user` (issue 30).
  const agent = z
    .object({
      id: z.string(),
      user: z.object({
        firstname: z.string(),
        lastname: z.string(),
        email: z.string(),
        location: z.string(),
      }),
    })
    .parse(body);
  return { id: agent.id, ...agent.user };
}

/** A random OpenPAYGO-style key: 32 hexadecimal characters. */
export function deviceKey() {
  return randomBytes(16).toString("hex");
}

/** A device made through the real API (the e2e admin by default); `key` is what was stored. */
export async function createDevice(fields: Partial<Record<string, string | boolean>> = {}, token?: string) {
  const key = typeof fields.key === "string" ? fields.key : deviceKey();
  const { body } = await call("/device", {
    method: "POST",
    token: token ?? (await apiToken()),
    body: {
      serialNumber: `E2E${randomBytes(5).toString("hex").toUpperCase()}`,
      startingCode: "123456789",
      count: "1",
      hardwareModel: "Solar Box 100",
      firmwareVersion: "1.0.4",
      ...fields,
      key,
    },
  });
  return { ...(body as { id: string; serialNumber: string; key: string }), clearKey: key };
}

/** A support ticket opened through the real API (the e2e admin by default). */
export async function createTicket(fields: Partial<Record<string, string>> = {}, token?: string) {
  const tag = randomBytes(3).toString("hex");
  const { body } = await call("/tickets/create", {
    method: "POST",
    token: token ?? (await apiToken()),
    body: {
      type: "question",
      priority: "medium",
      subject: `Meter question ${tag}`,
      description: "How do I read the meter?",
      ...fields,
    },
  });
  return body as { id: string; subject: string; status: string };
}

/** Late accounts of the demo book, most days late first, as the worklist lists them (admin's view). */
export async function lateAccounts(limit = 20): Promise<{ saleId: string; customerName: string }[]> {
  const { body } = await call(`/collections?limit=${limit}`, { token: await apiToken() });
  return (body as { accounts: { saleId: string; customerName: string }[] }).accounts;
}

/** The demo book's accounts of one status, most days late first (admin's view of the account list). */
export async function accountsWithStatus(
  status: "LATE" | "DEFAULTED",
  limit = 50,
): Promise<{ saleId: string; saleNumber: string; daysLate: number }[]> {
  const { body } = await call(`/portfolio/accounts?status=${status}&limit=${limit}`, {
    token: await apiToken(),
  });
  return (body as { accounts: { saleId: string; saleNumber: string; daysLate: number }[] }).accounts;
}

/** The devices linked to a sale, through the API. */
export async function saleDevices(saleId: string): Promise<{ id: string; serialNumber: string }[]> {
  const { body } = await call(`/sales/${saleId}`, { token: await apiToken() });
  return (body as { items: { devices: { id: string; serialNumber: string }[] }[] }).items.flatMap(
    (item) => item.devices,
  );
}

/** The kinds of the events on an account's timeline, newest first, through the API. */
export async function accountEventKinds(saleId: string): Promise<string[]> {
  const { body } = await call(`/accounts/${saleId}/timeline`, { token: await apiToken() });
  return (body as { events: { kind: string }[] }).events.map((event) => event.kind);
}
