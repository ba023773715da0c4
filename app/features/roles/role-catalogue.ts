import { ACTIONS, SUBJECTS } from "#backend/schemas/permissions";
import type { Action, Subject } from "#backend/schemas/permissions";
import type { RoleRecord } from "#backend/schemas/roles";

export type Permission = { id: string; action: Action; subject: Subject };

export const ROLE_PERMISSIONS_PAGE = "/settings/role-permissions";

/** The seeded role with manage:all; the API refuses to change it, so the screen offers nothing to change. */
export const isProtected = (role: Pick<RoleRecord, "role">) => role.role.toLowerCase() === "admin";

export const SUBJECT_LABELS: Record<Subject, string> = {
  all: "All areas",
  Sales: "Sales",
  Customers: "Customers",
  Agents: "Agents",
  Products: "Products",
  Inventory: "Inventory",
  Warehouses: "Warehouses",
  Devices: "Devices",
  Tickets: "Tickets",
  Users: "Users",
  Roles: "Roles",
  Portfolio: "Portfolio",
  Collections: "Collections",
  Messages: "Customer messages",
  Settings: "Settings",
};

export const SUBJECT_ROWS: Subject[] = [...SUBJECTS.filter((subject) => subject !== "all"), "all"];

export function permissionChips(permissions: Permission[]) {
  return SUBJECT_ROWS.flatMap((subject) => {
    const actions = ACTIONS.filter((action) =>
      permissions.some((permission) => permission.subject === subject && permission.action === action),
    );
    return actions.length ? [`${SUBJECT_LABELS[subject]}: ${actions.join(", ")}`] : [];
  });
}
