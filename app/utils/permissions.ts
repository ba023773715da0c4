import { isGranted } from "#backend/schemas/permissions";
import type { PermissionName } from "#backend/schemas/permissions";

export type SignedIn = { role: { permissions: readonly string[] } } | null | undefined;

/** Only for hiding what would be refused: the backend checks every call itself. */
export function can(user: SignedIn, permission: PermissionName) {
  return Boolean(user && isGranted(user.role.permissions, permission));
}

/** A page's one `can` object (`can.create`, `can.write`, `can.pay`…), each flag named for what it offers. */
export function canFlags<Flag extends string>(
  user: SignedIn,
  flags: Record<Flag, PermissionName>,
): Record<Flag, boolean> {
  const granted = {} as Record<Flag, boolean>;
  for (const flag of Object.keys(flags) as Flag[]) granted[flag] = can(user, flags[flag]);
  return granted;
}
