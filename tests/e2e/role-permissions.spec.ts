import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import { createRole, createStaff, signIn, signInAsAdmin } from "./support/staff";

// Lower case, no spaces: createStaff builds the staff member's e-mail address from the role name.
// The screen shows the name capitalised; role and label look-ups ignore case.
const uniqueRoleName = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

const roleCard = (page: Page, name: string) => page.getByRole("article", { name });

test.describe("role permissions", () => {
  test("an admin creates a role with two permissions and sees it listed", async ({ page }) => {
    const name = uniqueRoleName("Showroom");
    await signInAsAdmin(page);
    await page.goto("/settings/role-permissions");
    await expect(roleCard(page, "Admin")).toContainText("All areas: manage");

    await page.getByRole("link", { name: "New Role" }).click();
    await expect(page).toHaveURL(/\/settings\/role-permissions\/new$/);
    const drawer = page.getByRole("dialog", { name: "New Role" });
    await drawer.getByLabel("Role Name").fill(name);
    await drawer.getByRole("checkbox", { name: "Sales: read" }).check();
    await drawer.getByRole("checkbox", { name: "Sales: write" }).check();
    await drawer.getByRole("button", { name: "Create Role" }).click();

    await expect(page.getByText("Role created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/role-permissions$/);
    const card = roleCard(page, name);
    await expect(card.getByRole("listitem")).toHaveText(["Sales: read, write"]);
    await expect(card).toContainText("Active");
    await expect(card).toContainText("No staff");
  });

  test("a duplicate name shows the message and keeps the ticks", async ({ page }) => {
    const name = uniqueRoleName("Collections");
    await createRole(name, ["read:Customers"]);
    await signInAsAdmin(page);
    await page.goto("/settings/role-permissions/new");
    const drawer = page.getByRole("dialog", { name: "New Role" });
    await drawer.getByLabel("Role Name").fill(name.toUpperCase());
    await drawer.getByRole("checkbox", { name: "Customers: read" }).check();
    await drawer.getByRole("checkbox", { name: "Tickets: manage" }).check();
    await drawer.getByRole("button", { name: "Create Role" }).click();

    await expect(drawer.getByText("A role with this name already exists").first()).toBeVisible();
    await expect(drawer.getByLabel("Role Name")).toHaveValue(name.toUpperCase());
    await expect(drawer.getByRole("checkbox", { name: "Customers: read" })).toBeChecked();
    await expect(drawer.getByRole("checkbox", { name: "Tickets: manage" })).toBeChecked();
    await expect(drawer.getByRole("checkbox", { name: "Sales: read" })).not.toBeChecked();
  });

  test("a new permission applies on the staff member's next visit", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = uniqueRoleName("front-desk");
    await createRole(name, ["read:Sales"]);
    const staff = await createStaff(name);
    const staffContext = await browser.newContext({ baseURL: E2E.appUrl, javaScriptEnabled });
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff.email, staff.password);
    await staffPage.goto("/settings/users");
    await expect(staffPage.getByRole("heading", { name: "Access Denied" })).toBeVisible();

    await signInAsAdmin(page);
    await page.goto("/settings/role-permissions");
    await roleCard(page, name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    const drawer = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(drawer.getByRole("checkbox", { name: "Sales: read" })).toBeChecked();
    await drawer.getByRole("checkbox", { name: "Users: read" }).check();
    await drawer.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Role updated successfully!")).toBeVisible();
    await expect(roleCard(page, name).getByRole("listitem")).toHaveText(["Sales: read", "Users: read"]);
    await expect(roleCard(page, name)).toContainText("1 staff");

    await staffPage.goto("/settings/users");
    await expect(staffPage.getByRole("heading", { name: "All Users" })).toBeVisible();
    await staffContext.close();
  });

  test("a role still held cannot be deleted; a free one can, after confirming", async ({ page }) => {
    const held = uniqueRoleName("night-shift");
    const free = uniqueRoleName("Temporary");
    await createRole(held, []);
    await createStaff(held);
    const { id } = await createRole(free, ["read:Products"]);
    await signInAsAdmin(page);

    await page.goto("/settings/role-permissions");
    await roleCard(page, held)
      .getByRole("link", { name: `Edit ${held}` })
      .click();
    await page.getByRole("link", { name: "Delete Role" }).click();
    await page.getByRole("button", { name: "Yes, Delete Role" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Delete Role" })
        .getByText("This role is still assigned to 1 staff")
        .first(),
    ).toBeVisible();

    await page.goto(`/settings/role-permissions/${id}?confirm=delete`);
    await page.getByRole("button", { name: "Yes, Delete Role" }).click();
    await expect(page.getByText("Role deleted successfully!")).toBeVisible();
    await expect(roleCard(page, free)).toHaveCount(0);
    await expect(roleCard(page, held)).toBeVisible();
  });

  test("a viewer opening the screen sees Access Denied", async ({ page }) => {
    const viewer = await createStaff("viewer");
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/settings/role-permissions");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Role" })).toHaveCount(0);
  });
});
