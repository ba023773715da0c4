import { z } from "zod";
import { IdSchema, requiredText } from "./fields";
import { ACTIONS, SUBJECTS } from "./permissions";

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
  userCount: z.number().optional(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;
export const RoleListSchema = z.array(RoleRecordSchema);

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

export const CreateRoleSchema = z
  .object({ role: RoleNameSchema, permissionIds: PermissionIdsSchema.default([]) })
  .strip();
export type CreateRoleInput = z.infer<typeof CreateRoleSchema>;

/** Every field optional; `permissionIds`, when given, replaces the whole set. */
export const UpdateRoleSchema = z
  .object({
    role: RoleNameSchema.optional(),
    permissionIds: PermissionIdsSchema.optional(),
    active: z.boolean({ invalid_type_error: "Active must be true or false" }).optional(),
  })
  .strip();
export type UpdateRoleInput = z.infer<typeof UpdateRoleSchema>;

/** An unticked checkbox sends nothing, so a missing `active` means false here. */
export const RoleFormSchema = CreateRoleSchema.extend({ active: z.boolean().optional() }).strip();

export const PermissionListSchema = z.array(PermissionRecordSchema);
