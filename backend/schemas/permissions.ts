// Pure, so the backend's guard and the web app decide the same way. Free of zod on purpose: every page's
// frame imports it in the browser.
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
  "Portfolio",
  "Collections",
  "Messages",
  "Settings",
] as const;
export type Action = (typeof ACTIONS)[number];
export type Subject = (typeof SUBJECTS)[number];
export type RecordSubject = Exclude<Subject, "all">;

export type PermissionName = `${Action}:${Subject}`;

export const FULL_ACCESS: PermissionName = "manage:all";

export const ALL_PERMISSIONS: { action: Action; subject: Subject }[] = ACTIONS.flatMap((action) =>
  SUBJECTS.map((subject) => ({ action, subject })),
);

export const permissionName = (permission: { action: string; subject: string }) =>
  `${permission.action}:${permission.subject}` as PermissionName;

/** Granted by itself, by `manage` on the same subject, by the action on `all`, or by `manage:all`. */
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

export function comparePermissions(
  a: { action: Action; subject: Subject },
  b: { action: Action; subject: Subject },
): number {
  return (
    SUBJECTS.indexOf(a.subject) - SUBJECTS.indexOf(b.subject) ||
    ACTIONS.indexOf(a.action) - ACTIONS.indexOf(b.action)
  );
}
