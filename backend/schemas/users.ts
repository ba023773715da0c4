import { z } from "zod";
import { IdSchema, PhoneSchema, StaffEmailSchema, requiredText } from "./fields";
import { PaginationSchema, listSchema } from "./list";
import { RoleRecordSchema } from "./roles";

export const USER_STATUSES = ["active", "inactive", "barred"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

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
  status: z.enum(USER_STATUSES),
  isBlocked: z.boolean(),
  lastLogin: z.string().nullable(),
  roleId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  role: RoleRecordSchema,
});
export type UserRecord = z.infer<typeof UserRecordSchema>;
export const UserListSchema = listSchema("users", UserRecordSchema);

export const AddUserSchema = z
  .object({
    email: StaffEmailSchema,
    firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
    lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
    phone: PhoneSchema,
    role: requiredText("Role is required"),
    location: requiredText("Location is required").pipe(z.string().max(100, "Location is too long")),
  })
  .strict();
export type AddUserInput = z.infer<typeof AddUserSchema>;

const optionalTrimmed = (label: string, max: number) =>
  z.string().trim().min(1, `${label} cannot be empty`).max(max, `${label} is too long`).optional();

/** Profile fields a staff member may change on their own record (spec 000 §5: all optional, trimmed). */
export const ProfileSchema = z
  .object({
    firstname: optionalTrimmed("First name", 50),
    lastname: optionalTrimmed("Last name", 50),
    email: StaffEmailSchema.optional(),
    phone: PhoneSchema.optional(),
    location: optionalTrimmed("Location", 100),
    /** Needed only when one changes one's own e-mail. */
    currentPassword: z.string().max(128, "Current password is too long").optional(),
  })
  .strict();
export type ProfileInput = z.infer<typeof ProfileSchema>;

/**
 * The profile form: names and e-mail cannot be blanked (an empty input would otherwise read as "not
 * changed"); phone and location may stay empty. The API receives only the fields that changed, checked
 * with ProfileSchema.
 */
export const ProfileFormSchema = ProfileSchema.extend({
  firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
  lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
  email: StaffEmailSchema,
}).strict();

/** What an administrator may change on another staff record: the profile plus the block flag. */
export const UpdateUserSchema = ProfileSchema.extend({ isBlocked: z.boolean().optional() }).strict();
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

export const AssignRoleSchema = z.object({ roleId: IdSchema }).strict();

export const UserStatusSchema = z.enum(USER_STATUSES);

/** The staff list's URL parameters: page, size and search, plus the status filter. */
export const UserListQuerySchema = PaginationSchema.extend({ status: UserStatusSchema.optional() });
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
