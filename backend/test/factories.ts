import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import type { ZodTypeAny } from "zod";
import type { AppDb } from "../db/client";
import {
  agents,
  customers,
  devices,
  permissions,
  rolePermissions,
  roles,
  tickets,
  users,
} from "../db/schema";
import type {
  AgentRow,
  CustomerRow,
  DeviceRow,
  NewAgentRow,
  NewCustomerRow,
  NewDeviceRow,
  NewTicketRow,
  NewUserRow,
  RoleRow,
  TicketRow,
  UserRow,
} from "../db/schema";
import type { PermissionName } from "../schemas/permissions";
import { hashPassword } from "../services/passwords";
import { createTestBackend } from "./test-backend";
import type { TestBackend } from "./test-backend";

export const TEST_PASSWORD = "Correct-horse-42";

let testPasswordHash: Promise<string> | undefined;

export async function roleIdByName(db: AppDb, name: string): Promise<string> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), isNull(roles.deletedAt)))
    .limit(1);
  if (!role) throw new Error(`No role named ${name}`);
  return role.id;
}

export async function makeRole(db: AppDb, name: string, granted: PermissionName[]): Promise<RoleRow> {
  const [role] = await db.insert(roles).values({ name }).returning();
  if (granted.length) {
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(sql`${permissions.action} || ':' || ${permissions.subject}`, granted));
    await db.insert(rolePermissions).values(rows.map((row) => ({ roleId: role.id, permissionId: row.id })));
  }
  return role;
}

export interface MakeUserOptions extends Partial<Omit<NewUserRow, "passwordHash" | "roleId">> {
  /** Seeded role name (admin, sales, inventory, support, viewer) or a role id from makeRole. */
  role?: string;
  /** Null for an invited user who has not chosen a password yet. */
  password?: string | null;
}

/** A staff member with a unique address, active with TEST_PASSWORD unless told otherwise. */
export async function makeUser(
  db: AppDb,
  options: MakeUserOptions = {},
): Promise<UserRow & { password: string | null }> {
  const { role = "viewer", password = TEST_PASSWORD, ...fields } = options;
  const roleId = /^[0-9a-f-]{36}$/.test(role) ? role : await roleIdByName(db, role);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash =
    password === null
      ? null
      : password === TEST_PASSWORD
        ? await testPasswordHash
        : await hashPassword(password);
  const unique = randomBytes(4).toString("hex");
  const [user] = await db
    .insert(users)
    .values({
      firstname: "Test",
      lastname: `User ${unique}`,
      email: `staff-${unique}@example.test`,
      phone: "08012345678",
      location: "Lagos",
      status: password === null ? "inactive" : "active",
      ...fields,
      roleId,
      passwordHash,
    })
    .returning();
  return { ...user, password };
}

let phoneSequence = 0;

/**
 * A customer with a unique e-mail and phone number; any field may be given. Its number is 070…, so a
 * test that writes a number by hand uses another prefix (a pid ending in 000 makes the first 07000000001).
 */
export async function makeCustomer(db: AppDb, fields: Partial<NewCustomerRow> = {}): Promise<CustomerRow> {
  const unique = randomBytes(4).toString("hex");
  phoneSequence += 1;
  const [customer] = await db
    .insert(customers)
    .values({
      firstname: "Test",
      lastname: `Customer ${unique}`,
      email: `customer-${unique}@example.test`,
      phone: `070${String(process.pid % 1000).padStart(3, "0")}${String(phoneSequence).padStart(5, "0")}`,
      location: "1 Marina, Lagos",
      ...fields,
    })
    .returning();
  return customer;
}

/** An agent with a unique e-mail; any field may be given. */
export async function makeAgent(db: AppDb, fields: Partial<NewAgentRow> = {}): Promise<AgentRow> {
  const unique = randomBytes(4).toString("hex");
  const [agent] = await db
    .insert(agents)
    .values({
      firstname: "Test",
      lastname: `Agent ${unique}`,
      email: `agent-${unique}@example.test`,
      location: "12 Ring Road, Ibadan",
      ...fields,
    })
    .returning();
  return agent;
}

/** A device with a unique serial number and a 32-hex-character key; any field may be given. */
export async function makeDevice(db: AppDb, fields: Partial<NewDeviceRow> = {}): Promise<DeviceRow> {
  const [device] = await db
    .insert(devices)
    .values({
      serialNumber: `SN-${randomBytes(5).toString("hex").toUpperCase()}`,
      key: randomBytes(16).toString("hex"),
      startingCode: "123456789",
      count: 1,
      timeDivider: 1,
      ...fields,
    })
    .returning();
  return device;
}

/** An open question about nothing in particular, unless told otherwise. */
export async function makeTicket(db: AppDb, fields: Partial<NewTicketRow> = {}): Promise<TicketRow> {
  const [ticket] = await db
    .insert(tickets)
    .values({
      type: "question",
      priority: "medium",
      subject: `Test ticket ${randomBytes(4).toString("hex")}`,
      description: "Something to look into",
      ...fields,
    })
    .returning();
  return ticket;
}

export async function signIn(backend: TestBackend, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await backend.request("POST", "/api/v1/auth/login", { body: { email, password } });
  expect(response.status).toBe(200);
  const token = response.headers.get("access_token");
  if (!token) throw new Error("Login answered no access_token header");
  return token;
}

/** A new staff member with `role`, already signed in. */
export async function signedInAs(backend: TestBackend, role: string, options: MakeUserOptions = {}) {
  const user = await makeUser(backend.db, { ...options, role });
  return { user, token: await signIn(backend, user.email, user.password ?? undefined) };
}

/**
 * A fresh backend for one test file, closed after its tests, with a new staff member of each seeded role
 * already signed in, all at once. `options` sets any of them apart (a name a test looks for). Awaited at
 * the top of the file, so the file's helpers and tests read `backend` and `team` as constants.
 */
export async function backendWithTeam(
  options: Partial<
    Record<"admin" | "sales" | "inventory" | "support" | "viewer" | "manager", MakeUserOptions>
  > = {},
) {
  const backend = await createTestBackend();
  afterAll(() => backend.close());
  const [admin, sales, inventory, support, viewer, manager] = await Promise.all([
    signedInAs(backend, "admin", options.admin),
    signedInAs(backend, "sales", options.sales),
    signedInAs(backend, "inventory", options.inventory),
    signedInAs(backend, "support", options.support),
    signedInAs(backend, "viewer", options.viewer),
    signedInAs(backend, "manager", options.manager),
  ]);
  return { backend, team: { admin, sales, inventory, support, viewer, manager } };
}

/**
 * Checks an answer against a contract schema with nothing extra: parsing drops unknown keys, so any extra
 * or reshaped field makes the parsed value differ from the raw one.
 */
export function expectExactly(schema: ZodTypeAny, value: unknown) {
  expect(schema.parse(value)).toEqual(value);
}

export const FORBIDDEN_BODY = {
  statusCode: 403,
  message: "You don't have sufficient permissions to perform the necessary action",
  error: "Forbidden",
};

export const UNAUTHORIZED_BODY = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
