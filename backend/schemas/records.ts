import { z } from "zod";

/**
 * Shapes the backend answers and the web app reads. The app parses every answer it relies on with
 * these, so a contract drift shows up as a clear error instead of `undefined` on a page.
 */
export const ACTIONS = ["read", "write", "delete", "manage"] as const;
export const SUBJECTS = [
  "all",
  "Sales",
  "Customers",
  "Agents",
  "Products",
  "Inventory",
  "Warehouses",
  "Devices",
  "Tickets",
  "Users",
  "Roles",
] as const;
export type Action = (typeof ACTIONS)[number];
export type Subject = (typeof SUBJECTS)[number];

export const PermissionRecordSchema = z.object({
  id: z.string(),
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
});

export const RoleRecordSchema = z.object({
  id: z.string(),
  role: z.string(),
  active: z.boolean(),
  permissionIds: z.array(z.string()),
  permissions: z.array(PermissionRecordSchema),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** Staff holding the role; answered by the role screens' calls, absent where a role is nested in a user. */
  userCount: z.number().optional(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;

/** The staff record of spec 000 §3 (never with a password hash). */
export const UserRecordSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  staffId: z.string().nullable(),
  status: z.string(),
  isBlocked: z.boolean(),
  lastLogin: z.string().nullable(),
  roleId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  role: RoleRecordSchema,
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

export function listSchema<Key extends string, Item extends z.ZodTypeAny>(key: Key, item: Item) {
  return z.object({
    [key]: z.array(item),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    totalPages: z.number(),
  } as { [K in Key]: z.ZodArray<Item> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    limit: z.ZodNumber;
    totalPages: z.ZodNumber;
  });
}

export const UserListSchema = listSchema("users", UserRecordSchema);

/** A customer as lists and the detail page read it (spec 001 §Customer). */
export const CustomerRecordSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  addressType: z.enum(["HOME", "WORK"]),
  location: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  status: z.enum(["active", "inactive", "barred"]),
  type: z.enum(["lead", "purchase"]),
  creatorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;

export const CustomerListSchema = listSchema("customers", CustomerRecordSchema);
export type CustomerList = z.infer<typeof CustomerListSchema>;

/** The four stat cards of the customer pages; the keys are the spec's. */
export const CustomerStatsSchema = z.object({
  totalCustomerCount: z.number(),
  newCustomerCount: z.number(),
  activeCustomerCount: z.number(),
  barredCustomerCount: z.number(),
});
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

export const ErrorBodySchema = z.object({
  statusCode: z.number(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  fieldErrors: z.record(z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ActivityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  subject: z.string(),
  recordId: z.string().nullable(),
  summary: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export const ActivityListSchema = listSchema("activity", ActivityItemSchema);

/** Home tiles and side navigation: counts per area, only for areas the caller may read. */
export const OverviewSchema = z.object({
  counts: z.record(z.number()),
});
