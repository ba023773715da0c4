import type { PermissionName } from "#backend/schemas/permissions";

// Home's tiles, one per area the role may open; apart from the menu so that only Home loads them.

export type SectionTile = {
  sectionName: string;
  location: string;
  countKey?: string;
  /** The Portfolio tile's figure is its PAR 30, a percentage. */
  countFormat?: "percent";
  image: string;
  permission?: PermissionName;
};

export const HOME_TILES: SectionTile[] = [
  {
    sectionName: "Portfolio",
    location: "/portfolio",
    countKey: "portfolioPar30",
    countFormat: "percent",
    image: "portfolio",
    permission: "read:Portfolio",
  },
  {
    sectionName: "Collections",
    location: "/collections",
    countKey: "collectionsLate",
    image: "collections",
    permission: "read:Collections",
  },
  { sectionName: "Sales", location: "/sales", countKey: "sales", image: "sales", permission: "read:Sales" },
  {
    sectionName: "Customers",
    location: "/customers",
    countKey: "customers",
    image: "customers",
    permission: "read:Customers",
  },
  {
    sectionName: "Agents",
    location: "/agents",
    countKey: "agents",
    image: "agents",
    permission: "read:Agents",
  },
  {
    sectionName: "Products",
    location: "/products",
    countKey: "products",
    image: "products",
    permission: "read:Products",
  },
  {
    sectionName: "Inventory",
    location: "/warehouses",
    countKey: "inventory",
    image: "inventory",
    permission: "read:Warehouses",
  },
  {
    sectionName: "Devices",
    location: "/devices",
    countKey: "devices",
    image: "devices",
    permission: "read:Devices",
  },
  {
    sectionName: "Support",
    location: "/support",
    countKey: "tickets",
    image: "support",
    permission: "read:Tickets",
  },
  { sectionName: "Settings", location: "/settings", countKey: "users", image: "settings" },
];
