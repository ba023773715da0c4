import { z } from "zod";
import { IdSchema, requiredText } from "./fields";
import { ACTIONS, SUBJECTS } from "./permissions";
import { USER_STATUSES } from "../constants/users";

export const PermissionRecordSchema = z.object({
  id: z.string(),
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
});
export type PermissionRecord = z.infer<typeof PermissionRecordSchema>;

export const RoleRecordSchema = z.object({
  id: z.string(),
  role: z.string(),
  active: z.boolean(),
  permissionIds: z.array(z.string()),
  permissions: z.array(PermissionRecordSchema),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;

/** What the roles routes answer: the record and how many live staff hold it, in the contract's `_count`. */
export const RoleWithCountSchema = RoleRecordSchema.extend({
  _count: z.object({ users: z.number().int() }),
});
export type RoleWithCount = z.infer<typeof RoleWithCountSchema>;
export const RoleListSchema = z.array(RoleWithCountSchema);

export const RoleMemberSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
});

/** `GET /roles/more_details/:id`: the role with the live staff who hold it. */
export const RoleDetailsSchema = RoleWithCountSchema.extend({ users: z.array(RoleMemberSchema) });

export const ROLE_NAME_MIN = 2;
export const ROLE_NAME_MAX = 40;

export const RoleNameSchema = requiredText("Role name is required").pipe(
  z
    .string()
    .min(ROLE_NAME_MIN, `Role name must be at least ${ROLE_NAME_MIN} characters`)
    .max(ROLE_NAME_MAX, `Role name must be at most ${ROLE_NAME_MAX} characters`),
);

const PermissionIdsSchema = z
  .array(IdSchema, { invalid_type_error: "Permissions must be a list of permission ids" })
  .max(100, "Too many permissions");

const ActiveSchema = z.boolean({ invalid_type_error: "Active must be true or false" });

export const CreateRoleSchema = z
  .object({
    role: RoleNameSchema,
    permissionIds: PermissionIdsSchema.default([]),
    active: ActiveSchema.default(true),
  })
  .strip();
export type CreateRoleInput = z.infer<typeof CreateRoleSchema>;

/** Every field optional; `permissionIds`, when given, replaces the whole set. */
export const UpdateRoleSchema = z
  .object({
    role: RoleNameSchema.optional(),
    permissionIds: PermissionIdsSchema.optional(),
    active: ActiveSchema.optional(),
  })
  .strip();
export type UpdateRoleInput = z.infer<typeof UpdateRoleSchema>;

/** An unticked checkbox sends nothing, so a missing `active` means false here. */
export const RoleFormSchema = CreateRoleSchema.extend({ active: z.boolean().optional() }).strip();

export const PermissionListSchema = z.array(PermissionRecordSchema);

export const CreatePermissionSchema = z
  .object({
    action: z.enum(ACTIONS, { errorMap: () => ({ message: "Invalid action type" }) }),
    subject: z.enum(SUBJECTS, { errorMap: () => ({ message: "Invalid subject" }) }),
  })
  .strip();
export type CreatePermissionInput = z.infer<typeof CreatePermissionSchema>;

export const PermissionSubjectsSchema = z.object({ subjects: z.array(z.enum(SUBJECTS)) });
