import { isGranted } from "#backend/schemas/permissions";
import type { PermissionName } from "#backend/schemas/permissions";

/** Only for hiding what would be refused: the backend checks every call itself. */
export function can(
  user: { role: { permissions: readonly string[] } } | null | undefined,
  permission: PermissionName,
) {
  return Boolean(user && isGranted(user.role.permissions, permission));
}
