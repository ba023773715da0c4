import { isGranted } from "#backend/schemas/permissions";
import type { PermissionName } from "#backend/schemas/permissions";

// What a role may not open is not offered to it: each entry names the permission it needs.

export type NavItem = { title: string; link: string; count?: number | null };

export const MAIN_MENU: { title: string; link: string; matches: string[]; permission?: PermissionName }[] = [
  { title: "Home", link: "/home", matches: ["/home"] },
  // The loan book: a manager's home (issue 26).
  { title: "Portfolio", link: "/portfolio", matches: ["/portfolio"], permission: "read:Portfolio" },
  // Working the late accounts (issue 27).
  { title: "Collections", link: "/collections", matches: ["/collections"], permission: "read:Collections" },
  // What was written to customers, and whether it arrived (issue 29).
  { title: "Messages", link: "/messages", matches: ["/messages"], permission: "read:Messages" },
  { title: "Sales", link: "/sales", matches: ["/sales"], permission: "read:Sales" },
  { title: "Customers", link: "/customers", matches: ["/customers"], permission: "read:Customers" },
  { title: "Agents", link: "/agents", matches: ["/agents"], permission: "read:Agents" },
  { title: "Products", link: "/products", matches: ["/products"], permission: "read:Products" },
  {
    title: "Inventory",
    link: "/inventory",
    matches: ["/inventory", "/warehouses"],
    permission: "read:Inventory",
  },
  { title: "Devices", link: "/devices", matches: ["/devices"], permission: "read:Devices" },
  { title: "Support", link: "/tickets", matches: ["/tickets", "/support"], permission: "read:Tickets" },
  { title: "Settings", link: "/settings", matches: ["/settings"] },
];

/** Entries without a permission are for everyone; the rest need theirs (null permissions: show all). */
export function allowed<Entry extends { permission?: PermissionName }>(
  entries: readonly Entry[],
  permissions: readonly string[] | null,
): Entry[] {
  if (!permissions) return [...entries];
  return entries.filter((entry) => !entry.permission || isGranted(permissions, entry.permission));
}

export function isUnder(pathname: string, prefix: string) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isMenuEntryActive(pathname: string, entry: (typeof MAIN_MENU)[number]) {
  return entry.matches.some((prefix) => isUnder(pathname, prefix));
}

export type SectionKey =
  | "sales"
  | "customers"
  | "agents"
  | "products"
  | "inventory"
  | "warehouses"
  | "devices"
  | "support"
  | "tickets"
  | "settings";

/** A tab whose `filter` is null cannot compute its list yet, and says why instead. */
export type SectionTab = {
  key: string;
  title: string;
  permission?: PermissionName;
  filter?: Record<string, string> | null;
  href?: string;
};

type SectionDefinition = {
  title: string;
  /** Pages outside the side nav (`/customers/{id}`); "nested": with pages below (`/sales/{id}/payment`). */
  recordPages?: boolean | "nested";
  countKey?: string;
  tabs: SectionTab[];
};

/** `/support/*` and `/tickets/*` are one screen (spec 001 §2): the same tabs under either prefix. */
const SUPPORT_TABS: SectionTab[] = [
  { key: "all", title: "All Tickets", permission: "read:Tickets", filter: {} },
  // Active: someone is on it; open: waiting for someone (docs/decisions/016).
  { key: "active", title: "Active", permission: "read:Tickets", filter: { status: "active" } },
  { key: "open", title: "Open", permission: "read:Tickets", filter: { status: "open" } },
];

export const SECTIONS: Record<SectionKey, SectionDefinition> = {
  sales: {
    title: "Sales",
    countKey: "sales",
    recordPages: "nested",
    // Each tab is the API's own `tab` filter (docs/decisions/018 says what each selects).
    tabs: [
      { key: "all", title: "All Sales", permission: "read:Sales", filter: { tab: "all" } },
      { key: "new", title: "New Sales", permission: "read:Sales", filter: { tab: "new" } },
      { key: "contract", title: "In Contract", permission: "read:Sales", filter: { tab: "contract" } },
      { key: "payment", title: "In Payment", permission: "read:Sales", filter: { tab: "payment" } },
      {
        key: "installment",
        title: "In Installment",
        permission: "read:Sales",
        filter: { tab: "installment" },
      },
      { key: "closed", title: "Closed", permission: "read:Sales", filter: { tab: "closed" } },
    ],
  },
  customers: {
    title: "Customers",
    countKey: "customers",
    recordPages: true,
    tabs: [
      { key: "all", title: "All Customers", filter: {} },
      { key: "new", title: "New", filter: { isNew: "true" } },
      { key: "active", title: "Active", filter: { status: "active" } },
      { key: "barred", title: "Barred", filter: { status: "barred" } },
      // Behind on a sale's payments for more than 30 days (docs/decisions/018).
      { key: "defaulting", title: "Defaulting", filter: { defaulting: "true" } },
    ],
  },
  agents: {
    title: "Agents",
    countKey: "agents",
    recordPages: true,
    tabs: [
      { key: "all", title: "All Agents", permission: "read:Agents", filter: {} },
      { key: "active", title: "Active", permission: "read:Agents", filter: { status: "active" } },
      { key: "barred", title: "Barred", permission: "read:Agents", filter: { status: "barred" } },
    ],
  },
  products: {
    title: "Products",
    countKey: "products",
    recordPages: true,
    tabs: [{ key: "all", title: "All Products", filter: {} }],
  },
  inventory: {
    title: "Inventory",
    countKey: "inventory",
    recordPages: true,
    tabs: [
      { key: "all", title: "All Inventory", filter: {} },
      { key: "regular", title: "Regular", filter: { class: "REGULAR" } },
      { key: "returned", title: "Returned", filter: { class: "RETURNED" } },
      { key: "refurbished", title: "Refurbished", filter: { class: "REFURBISHED" } },
      // Stock lives in warehouses (spec 000 lists /warehouses/*): the menu's Inventory covers both.
      { key: "warehouses", title: "Warehouses", permission: "read:Warehouses", href: "/warehouses" },
    ],
  },
  warehouses: {
    title: "Warehouses",
    countKey: "warehouses",
    tabs: [
      { key: "all", title: "All Warehouses", filter: {} },
      { key: "active", title: "Active", filter: { status: "active" } },
      { key: "inactive", title: "Inactive", filter: { status: "inactive" } },
      { key: "inventory", title: "Inventory", permission: "read:Inventory", href: "/inventory/all" },
    ],
  },
  devices: {
    title: "Devices",
    countKey: "devices",
    recordPages: true,
    tabs: [
      { key: "all", title: "All Devices", permission: "read:Devices", filter: {} },
      { key: "linked", title: "Linked", permission: "read:Devices", filter: { linked: "true" } },
      { key: "available", title: "Available", permission: "read:Devices", filter: { linked: "false" } },
    ],
  },
  support: { title: "Support", countKey: "tickets", recordPages: true, tabs: SUPPORT_TABS },
  tickets: { title: "Support", countKey: "tickets", recordPages: true, tabs: SUPPORT_TABS },
  settings: {
    title: "Settings",
    tabs: [
      { key: "profile", title: "Profile" },
      { key: "role-permissions", title: "Role Permissions", permission: "read:Roles" },
      { key: "change-password", title: "Change Password" },
      { key: "users", title: "Users", permission: "read:Users" },
      { key: "inventory-settings", title: "Inventory Settings", permission: "read:Inventory" },
      // Roles that sell may read the margins and interest; only administrators change them.
      { key: "financial-settings", title: "Financial Settings", permission: "read:Sales" },
      // Printed on receipts, so those who take payments may read it; only administrators change it.
      { key: "business", title: "Business", permission: "read:Sales" },
      // Customer messages: gateways, templates, reminders; only manage:Settings changes them.
      { key: "messages", title: "Messages", permission: "read:Messages" },
    ],
  },
};

export function sectionTab(section: SectionKey, key: string): SectionTab {
  const tab = SECTIONS[section].tabs.find((item) => item.key === key);
  if (!tab) throw new Error(`No tab ${key} in ${section}`);
  return tab;
}

// The redirect uses every tab, so a page the role may not open still answers Access Denied.
export function sectionNav(
  section: SectionKey,
  counts: Record<string, number> = {},
  permissions: readonly string[] | null = null,
): NavItem[] {
  const definition = SECTIONS[section];
  return allowed(definition.tabs, permissions).map((tab, index) => ({
    title: tab.title,
    link: tab.href ?? `/${section}/${tab.key}`,
    count:
      index === 0 && definition.countKey
        ? (counts[definition.countKey] ?? null)
        : section === "settings" && tab.key === "users"
          ? (counts.users ?? null)
          : null,
  }));
}

// A section with record pages keeps `/{section}/{id}`: that page answers for itself (404 for an unknown id).
export function sideNavRedirect(pathname: string, items: NavItem[], section?: SectionKey): string | null {
  if (items.length === 0 || items.some((item) => isUnder(pathname, item.link))) return null;
  const recordPages = section ? SECTIONS[section].recordPages : undefined;
  const recordPath = recordPages === "nested" ? /^\/[^/]+\/[^/]+(\/[^/]+)*\/?$/ : /^\/[^/]+\/[^/]+$/;
  if (recordPages && recordPath.test(pathname)) return null;
  return items[0].link;
}
