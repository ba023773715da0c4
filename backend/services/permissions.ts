import { ACTIONS, SUBJECTS } from "../schemas/records";
import type { Action, Subject } from "../schemas/records";

export type PermissionName = `${Action}:${Subject}`;

export const ALL_PERMISSIONS: { action: Action; subject: Subject }[] = ACTIONS.flatMap((action) =>
  SUBJECTS.map((subject) => ({ action, subject })),
);

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
      permission === "manage:all",
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
