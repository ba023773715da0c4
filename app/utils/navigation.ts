/** The product's map: main menu, home tiles and each section's side navigation (spec 000 §2, 001 §2). */

export type NavItem = { title: string; link: string; count?: number | null };

export const MAIN_MENU: { title: string; link: string; matches: string[] }[] = [
  { title: "Home", link: "/home", matches: ["/home"] },
  { title: "Sales", link: "/sales", matches: ["/sales"] },
  { title: "Customers", link: "/customers", matches: ["/customers"] },
  { title: "Agents", link: "/agents", matches: ["/agents"] },
  { title: "Products", link: "/products", matches: ["/products"] },
  { title: "Inventory", link: "/inventory", matches: ["/inventory", "/warehouses"] },
  { title: "Devices", link: "/devices", matches: ["/devices"] },
  { title: "Support", link: "/tickets", matches: ["/tickets", "/support"] },
  { title: "Settings", link: "/settings", matches: ["/settings"] },
];

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

type SectionDefinition = {
  title: string;
  /** Pages of the section that are not side-navigation links (a record's own page, `/customers/{id}`). */
  recordPages?: boolean;
  /** The overview count shown beside the first link, when the backend can give it. */
  countKey?: string;
  tabs: { key: string; title: string }[];
};

const SUPPORT_TABS = [
  { key: "all", title: "All Tickets" },
  { key: "active", title: "Active" },
  { key: "open", title: "Open" },
];

export const SECTIONS: Record<SectionKey, SectionDefinition> = {
  sales: {
    title: "Sales",
    countKey: "sales",
    tabs: [
      { key: "all", title: "All Sales" },
      { key: "new", title: "New Sales" },
      { key: "contract", title: "In Contract" },
      { key: "payment", title: "In Payment" },
      { key: "installment", title: "In Installment" },
      { key: "closed", title: "Closed" },
    ],
  },
  customers: {
    title: "Customers",
    countKey: "customers",
    recordPages: true,
    tabs: [
      { key: "all", title: "All Customers" },
      { key: "new", title: "New" },
      { key: "active", title: "Active" },
      { key: "barred", title: "Barred" },
      { key: "defaulting", title: "Defaulting" },
    ],
  },
  agents: { title: "Agents", countKey: "agents", tabs: [{ key: "all", title: "All Agents" }] },
  products: { title: "Products", countKey: "products", tabs: [{ key: "all", title: "All Products" }] },
  inventory: {
    title: "Inventory",
    countKey: "inventory",
    tabs: [
      { key: "all", title: "All Inventory" },
      { key: "regular", title: "Regular" },
      { key: "returned", title: "Returned" },
      { key: "refurbished", title: "Refurbished" },
    ],
  },
  warehouses: {
    title: "Warehouses",
    countKey: "warehouses",
    tabs: [
      { key: "all", title: "All Warehouses" },
      { key: "active", title: "Active" },
      { key: "inactive", title: "Inactive" },
    ],
  },
  devices: { title: "Devices", countKey: "devices", tabs: [{ key: "all", title: "All Devices" }] },
  support: { title: "Support", countKey: "tickets", tabs: SUPPORT_TABS },
  tickets: { title: "Support", countKey: "tickets", tabs: SUPPORT_TABS },
  settings: {
    title: "Settings",
    tabs: [
      { key: "profile", title: "Profile" },
      { key: "role-permissions", title: "Role Permissions" },
      { key: "change-password", title: "Change Password" },
      { key: "users", title: "Users" },
      { key: "inventory-settings", title: "Inventory Settings" },
    ],
  },
};

export function sectionNav(section: SectionKey, counts: Record<string, number> = {}): NavItem[] {
  const definition = SECTIONS[section];
  return definition.tabs.map((tab, index) => ({
    title: tab.title,
    link: `/${section}/${tab.key}`,
    count:
      index === 0 && definition.countKey
        ? (counts[definition.countKey] ?? null)
        : section === "settings" && tab.key === "users"
          ? (counts.users ?? null)
          : null,
  }));
}

/**
 * Where a section's side navigation sends a path that is not among its links (spec 000 §2). A section
 * with record pages keeps `/{section}/{id}`: that page answers for itself (404 for an unknown id).
 */
export function sideNavRedirect(pathname: string, items: NavItem[], section?: SectionKey): string | null {
  if (items.length === 0 || items.some((item) => isUnder(pathname, item.link))) return null;
  if (section && SECTIONS[section].recordPages && /^\/[^/]+\/[^/]+$/.test(pathname)) return null;
  return items[0].link;
}

export type SectionTile = { sectionName: string; location: string; countKey?: string; image: string };

export const HOME_TILES: SectionTile[] = [
  { sectionName: "Sales", location: "/sales", countKey: "sales", image: "sales" },
  { sectionName: "Customers", location: "/customers", countKey: "customers", image: "customers" },
  { sectionName: "Agents", location: "/agents", countKey: "agents", image: "agents" },
  { sectionName: "Products", location: "/products", countKey: "products", image: "products" },
  { sectionName: "Inventory", location: "/warehouses", countKey: "inventory", image: "inventory" },
  { sectionName: "Devices", location: "/devices", countKey: "devices", image: "devices" },
  { sectionName: "Support", location: "/support", countKey: "tickets", image: "support" },
  { sectionName: "Settings", location: "/settings", countKey: "users", image: "settings" },
];
