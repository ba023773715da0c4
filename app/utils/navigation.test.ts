import { MAIN_MENU, allowed, isMenuEntryActive, sectionNav, sideNavRedirect } from "./navigation";

describe("main menu", () => {
  it("has the nine entries of the spec in order, and the Portfolio, Collections and Messages after Home", () => {
    expect(MAIN_MENU.map((entry) => `${entry.title} ${entry.link}`)).toEqual([
      "Home /home",
      "Portfolio /portfolio",
      "Collections /collections",
      "Messages /messages",
      "Sales /sales",
      "Customers /customers",
      "Agents /agents",
      "Products /products",
      "Inventory /inventory",
      "Devices /devices",
      "Support /tickets",
      "Settings /settings",
    ]);
  });
  it("highlights by path prefix, not by substring", () => {
    const entry = (title: string) => MAIN_MENU.find((candidate) => candidate.title === title)!;
    expect(isMenuEntryActive("/sales/all", entry("Sales"))).toBe(true);
    expect(isMenuEntryActive("/salesforce", entry("Sales"))).toBe(false);
    expect(isMenuEntryActive("/support/open", entry("Support"))).toBe(true);
    expect(isMenuEntryActive("/portfolio/accounts", entry("Portfolio"))).toBe(true);
  });
});

describe("side navigation", () => {
  it("redirects a path outside its links to the first link", () => {
    const items = sectionNav("sales");
    expect(sideNavRedirect("/sales", items)).toBe("/sales/all");
    expect(sideNavRedirect("/sales/unknown", items)).toBe("/sales/all");
    expect(sideNavRedirect("/sales/all", items)).toBeNull();
    expect(sideNavRedirect("/sales/all/new/customer", items)).toBeNull();
  });
  it("keeps a record's own page in sections that have them", () => {
    expect(sideNavRedirect("/customers/3f2a", sectionNav("customers"), "customers")).toBeNull();
    expect(sideNavRedirect("/customers", sectionNav("customers"), "customers")).toBe("/customers/all");
    expect(sideNavRedirect("/customers/3f2a/more", sectionNav("customers"), "customers")).toBe(
      "/customers/all",
    );
  });

  it("keeps a sale's page and the pages below it (payment, receipts)", () => {
    const sales = sectionNav("sales");
    expect(sideNavRedirect("/sales/3f2a", sales, "sales")).toBeNull();
    expect(sideNavRedirect("/sales/3f2a/payment", sales, "sales")).toBeNull();
    expect(sideNavRedirect("/sales/3f2a/payments/9b1c", sales, "sales")).toBeNull();
    expect(sideNavRedirect("/sales", sales, "sales")).toBe("/sales/all");
    expect(sideNavRedirect("/sales/", sales, "sales")).toBe("/sales/all");
  });

  it("shows counts only where the backend gave them", () => {
    expect(sectionNav("settings", { users: 12 }).find((item) => item.title === "Users")?.count).toBe(12);
    expect(sectionNav("sales", {})[0].count).toBeNull();
    expect(sectionNav("customers", { customers: 45 })[0].count).toBe(45);
  });
});

describe("what a role is offered", () => {
  it("hides the settings pages a role may not open from its side navigation", () => {
    const viewer = ["read:Customers", "read:Sales"];
    expect(sectionNav("settings", {}, viewer).map((item) => item.title)).toEqual([
      "Profile",
      "Change Password",
      "Financial Settings",
      "Business",
    ]);
    expect(sectionNav("settings", {}, ["read:Customers"]).map((item) => item.title)).toEqual([
      "Profile",
      "Change Password",
    ]);
    expect(sectionNav("settings", {}, ["manage:all"]).map((item) => item.title)).toContain("Users");
  });

  it("links Inventory and Warehouses to each other, for the roles that may read each", () => {
    const inventory = sectionNav("inventory", {}, ["read:Inventory", "read:Warehouses"]);
    expect(inventory.at(-1)).toMatchObject({ title: "Warehouses", link: "/warehouses" });
    expect(sectionNav("inventory", {}, ["read:Inventory"]).map((item) => item.title)).not.toContain(
      "Warehouses",
    );
    const warehouses = sectionNav("warehouses", {}, ["read:Inventory", "read:Warehouses"]);
    expect(warehouses.at(-1)).toMatchObject({ title: "Inventory", link: "/inventory/all" });
    expect(sideNavRedirect("/warehouses/all", warehouses, "warehouses")).toBeNull();
  });

  it("still sends a hidden page to its own answer (Access Denied) rather than elsewhere", () => {
    expect(sideNavRedirect("/settings/users", sectionNav("settings"))).toBeNull();
  });

  it("offers the menu entries and tiles the role may read", () => {
    const support = ["manage:Tickets", "read:Customers"];
    expect(allowed(MAIN_MENU, support).map((entry) => entry.title)).toEqual([
      "Home",
      "Customers",
      "Support",
      "Settings",
    ]);
    expect(allowed(MAIN_MENU, null)).toHaveLength(12);
    // The Portfolio and Collections only for those who may read them.
    expect(allowed(MAIN_MENU, ["read:Portfolio"]).map((entry) => entry.title)).toContain("Portfolio");
    expect(allowed(MAIN_MENU, ["read:all"]).map((entry) => entry.title)).toContain("Portfolio");
    expect(allowed(MAIN_MENU, ["read:Collections"]).map((entry) => entry.title)).toContain("Collections");
    expect(allowed(MAIN_MENU, ["read:Portfolio"]).map((entry) => entry.title)).not.toContain("Collections");
  });
});
