import { z } from "zod";
import { IdSchema, PhoneSchema, StaffEmailSchema, requiredText } from "./fields";
import { PaginationSchema, listSchema } from "./list";
import { RoleRecordSchema } from "./roles";
import { USER_STATUSES } from "../constants/users";

export { USER_STATUSES };
export type { UserStatus } from "../constants/users";

/** Never with a password hash. */
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
export type UserList = z.infer<typeof UserListSchema>;

export const AddUserSchema = z
  .object({
    email: StaffEmailSchema,
    firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
    lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
    phone: PhoneSchema,
    role: requiredText("Role is required"),
    location: requiredText("Location is required").pipe(z.string().max(100, "Location is too long")),
  })
  .strip();
export type AddUserInput = z.infer<typeof AddUserSchema>;

const optionalTrimmed = (label: string, max: number) =>
  z.string().trim().min(1, `${label} cannot be empty`).max(max, `${label} is too long`).optional();

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
  .strip();
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** Names and e-mail cannot be blanked: an empty input would otherwise read as "not changed". */
export const ProfileFormSchema = ProfileSchema.extend({
  firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
  lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
  email: StaffEmailSchema,
}).strip();

export const UpdateUserSchema = ProfileSchema.extend({ isBlocked: z.boolean().optional() }).strip();
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

export const AssignRoleSchema = z.object({ roleId: IdSchema }).strip();

export const UserStatusSchema = z.enum(USER_STATUSES);

export const UserListQuerySchema = PaginationSchema.extend({ status: UserStatusSchema.optional() });
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
