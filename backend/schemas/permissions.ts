/**
 * Permissions are `action:Subject` names. Pure, so the backend's guard and the web app (which hides what
 * the signed-in role may not do) decide the same way. Free of zod on purpose: every page's frame imports
 * it in the browser, and zod is 14 KB there (the permission record's schema is in roles.ts).
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
/** A subject records belong to (everything but the `all` wildcard): what audit rows and areas name. */
export type RecordSubject = Exclude<Subject, "all">;

export type PermissionName = `${Action}:${Subject}`;

export const FULL_ACCESS: PermissionName = "manage:all";

export const ALL_PERMISSIONS: { action: Action; subject: Subject }[] = ACTIONS.flatMap((action) =>
  SUBJECTS.map((subject) => ({ action, subject })),
);

export const permissionName = (permission: { action: string; subject: string }) =>
  `${permission.action}:${permission.subject}` as PermissionName;

/**
 * `action:Subject` is granted by itself, by `manage` on the same subject, by the action on `all`, or by
 * `manage:all`.
 */
export function isGranted(granted: readonly string[], required: PermissionName): boolean {
  const [action, subject] = required.split(":");
  return granted.some(
    (permission) =>
      permission === required ||
      permission === `manage:${subject}` ||
      permission === `${action}:all` ||
      permission === FULL_ACCESS,
  );
}

/** Catalogue order (subjects as listed, then actions), so every list of permissions reads the same way. */
export function comparePermissions(
  a: { action: Action; subject: Subject },
  b: { action: Action; subject: Subject },
): number {
  return (
    SUBJECTS.indexOf(a.subject) - SUBJECTS.indexOf(b.subject) ||
    ACTIONS.indexOf(a.action) - ACTIONS.indexOf(b.action)
  );
}
