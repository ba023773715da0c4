import { expect, test } from "@playwright/test";
import { apiToken, createCustomer, createStaff, signInAsAdmin, signInForToken } from "./support/staff";

const SECTIONS = [
  { entry: "Home", url: /\/home$/, heading: /Welcome/ },
  { entry: "Portfolio", url: /\/portfolio$/, heading: "Portfolio" },
  { entry: "Collections", url: /\/collections$/, heading: "Collections" },
  { entry: "Sales", url: /\/sales\/all$/, heading: "Sales" },
  { entry: "Customers", url: /\/customers\/all$/, heading: "Customers" },
  { entry: "Agents", url: /\/agents\/all$/, heading: "Agents" },
  { entry: "Products", url: /\/products\/all$/, heading: "Products" },
  { entry: "Inventory", url: /\/inventory\/all$/, heading: "Inventory" },
  { entry: "Devices", url: /\/devices\/all$/, heading: "Devices" },
  { entry: "Support", url: /\/tickets\/all$/, heading: "Support" },
  { entry: "Settings", url: /\/settings\/profile$/, heading: "Settings" },
];

test.describe("page frame", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the main menu reaches every section and highlights the current one", async ({ page }) => {
    for (const section of SECTIONS) {
      await page.getByLabel("Main menu").click();
      const menu = page.getByRole("navigation", { name: "Main" });
      await menu.getByRole("link", { name: section.entry, exact: true }).click();
      await expect(page).toHaveURL(section.url);
      await expect(page.getByRole("heading", { level: 1, name: section.heading })).toBeVisible();
      await page.getByLabel("Main menu").click();
      await expect(menu.getByRole("link", { name: section.entry, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await page.getByLabel("Main menu").click();
    }
  });

  test("the menu puts a dashed divider after every third entry", async ({ page }) => {
    await page.getByLabel("Main menu").click();
    // Eleven entries for an administrator (the spec's nine, Portfolio and Collections): three dividers.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("separator")).toHaveCount(3);
  });

  test("the header shows the date, the role badge and the user menu", async ({ page }) => {
    await expect(page.getByTestId("header-date")).toHaveText(/^\d{1,2}(st|nd|rd|th), [A-Z][a-z]+ \d{4}$/);
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await page.getByLabel("User menu").click();
    await page.getByRole("link", { name: "My Profile" }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByText("Designation")).toBeVisible();
  });

  test("home shows the eight section tiles with real counts", async ({ page }) => {
    await page.goto("/home");
    const tiles = ["Sales", "Customers", "Agents", "Products", "Inventory", "Devices", "Support", "Settings"];
    for (const name of tiles) {
      await expect(page.getByRole("link", { name: new RegExp(`^${name}`) }).last()).toBeVisible();
    }
    await expect(page.getByLabel(/^Settings: \d+$/).first()).toBeAttached();
    for (const name of ["Agents", "Devices", "Support"]) {
      await expect(page.getByLabel(new RegExp(`^${name}: \\d+$`)).first()).toBeAttached();
    }
    await page
      .getByRole("link", { name: /^Inventory/ })
      .last()
      .click();
    await expect(page).toHaveURL(/\/warehouses\/all$/);
  });

  test("on a narrow screen a tile's button navigates", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto("/home");
    await page.getByRole("link", { name: "Open Customers" }).click();
    await expect(page).toHaveURL(/\/customers\/all$/);
  });

  test("side navigation sends unknown paths to its first link", async ({ page }) => {
    await page.goto("/sales");
    await expect(page).toHaveURL(/\/sales\/all$/);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/settings\/profile$/);
    // `/support/{id}` is a ticket's page (an unknown one says so); the bare section goes to its first link.
    await page.goto("/support");
    await expect(page).toHaveURL(/\/support\/all$/);
    await expect(page.getByRole("navigation", { name: "Settings navigation" })).toHaveCount(0);
    await page.goto("/settings/users");
    await expect(
      page.getByRole("navigation", { name: "Settings navigation" }).getByRole("link", { name: /Users \d+/ }),
    ).toBeVisible();
  });

  test("the Action Center lists colleagues' changes, marks the new ones, and closes", async ({ page }) => {
    const colleague = await createStaff("sales");
    const customer = await createCustomer(await apiToken(colleague.email, colleague.password));
    await page.goto("/settings/profile");
    await page.getByRole("link", { name: /Action Center/ }).click();
    const panel = page.getByRole("dialog", { name: "Action Center" });
    await expect(panel).toBeVisible();
    const entry = panel.getByRole("listitem").filter({ hasText: customer.lastname });
    await expect(entry).toContainText("New");
    // Sign-ins need nobody's attention.
    await expect(panel.getByText(/signed in/i)).toHaveCount(0);
    await panel.getByRole("link", { name: "Close", exact: true }).click();
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\/profile$/);
  });

  test("opening the Action Center marks nothing; Mark all as seen does, and the bell counts from then", async ({
    page,
  }) => {
    const colleague = await createStaff("sales");
    const token = await apiToken(colleague.email, colleague.password);
    await createCustomer(token);
    const bell = page.getByRole("link", { name: /Action Center/ });
    const panel = page.getByRole("dialog", { name: "Action Center" });
    // Opening the panel is a GET: twice, and what was new is still new, the bell still counting it.
    for (let visit = 0; visit < 2; visit += 1) {
      await page.goto("/home?panel=action-center");
      await expect(panel.getByText("New", { exact: true }).first()).toBeVisible();
      await expect(bell).toHaveAccessibleName(/^Action Center, \d+\+? new$/);
    }
    await page.goto("/home");
    await expect(bell).toHaveAccessibleName(/^Action Center, \d+\+? new$/);
    // The panel's POST marks everything so far, and leaves the panel open where it was.
    await bell.click();
    await panel.getByRole("button", { name: "Mark all as seen" }).click();
    await expect(page.getByText("All notifications marked as seen")).toBeVisible();
    await expect(page).toHaveURL(/\/home\?panel=action-center$/);
    await expect(panel.getByText("New", { exact: true })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Mark all as seen" })).toHaveCount(0);
    await page.goto("/home");
    await expect(bell).toHaveAccessibleName(/^Action Center$/);
    // A morning of sign-ins: still nothing to look at.
    await signInForToken(colleague.email, colleague.password);
    await signInForToken(colleague.email, colleague.password);
    await page.reload();
    await expect(bell).toHaveAccessibleName(/^Action Center$/);
    // Two changes by a colleague are.
    await createCustomer(token);
    await createCustomer(token);
    await page.reload();
    await expect(bell).toHaveAccessibleName("Action Center, 2 new");
    // Opened, not merely clicked: leaving before the panel's page has loaded would not open it.
    await bell.click();
    await expect(panel).toBeVisible();
    await page.goto("/home");
    await expect(bell).toHaveAccessibleName("Action Center, 2 new");
  });
});

test("an unknown path shows Page Not Found with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back Home" })).toHaveAttribute("href", "/home");
});

test("Inventory and Warehouses reach each other from their side navigation", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/inventory/all");
  await page
    .getByRole("navigation", { name: "Inventory navigation" })
    .getByRole("link", { name: "Warehouses" })
    .click();
  await expect(page).toHaveURL(/\/warehouses\/all$/);
  await page
    .getByRole("navigation", { name: "Warehouses navigation" })
    .getByRole("link", { name: "Inventory" })
    .click();
  await expect(page).toHaveURL(/\/inventory\/all$/);
});
