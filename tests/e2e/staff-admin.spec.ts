import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import {
  createRole,
  createStaff,
  latestMailTo,
  setRolePermissions,
  signIn,
  signInAsAdmin,
  uniqueEmail,
} from "./support/staff";

async function openStaff(page: Page, email: string) {
  await page.goto(`/settings/users?search=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(page.getByRole("dialog", { name: "Staff Details" })).toBeVisible();
  return page.getByRole("dialog", { name: "Staff Details" });
}

async function openActions(panel: ReturnType<Page["getByRole"]>) {
  await panel.getByLabel("Staff actions").click();
}

test.describe("staff administration", () => {
  test("creates a user who then appears in the table and gets an invitation", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/settings/users");
    await page.getByRole("link", { name: "New User" }).click();
    const drawer = page.getByRole("dialog", { name: "New User" });
    const email = uniqueEmail("newcomer");
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByLabel("First Name").fill("Ngozi");
    await drawer.getByLabel("Last Name").fill("Eze");
    await drawer.getByLabel("Phone Number").fill("0803 555 0101");
    await drawer.getByLabel("Role").selectOption({ label: "Sales" });
    await drawer.getByLabel("Location").fill("Enugu");
    await drawer.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("User created successfully!")).toBeVisible();
    await page.goto(`/settings/users?search=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("08035550101");
    expect((await latestMailTo(email)).link).toContain("/create-password/");
  });

  test("the new-user form answers each invalid field and keeps the values", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/settings/users/new");
    const drawer = page.getByRole("dialog", { name: "New User" });
    await drawer.getByLabel("Email").fill("not-an-email");
    await drawer.getByLabel("Phone Number").fill("0803");
    await drawer.getByRole("button", { name: "Create User" }).click();
    await expect(drawer.getByText("Invalid email format")).toBeVisible();
    await expect(drawer.getByText("First name is required")).toBeVisible();
    await expect(drawer.getByText("Last name is required")).toBeVisible();
    await expect(drawer.getByText("Phone number must be at least 10 digits")).toBeVisible();
    await expect(drawer.getByText("Role is required")).toBeVisible();
    await expect(drawer.getByText("Location is required")).toBeVisible();
    await expect(drawer.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(drawer.getByLabel("Phone Number")).toHaveValue("0803");
  });

  test("an existing e-mail is refused under its field", async ({ page }) => {
    const existing = await createStaff("sales");
    await signInAsAdmin(page);
    await page.goto("/settings/users/new");
    const drawer = page.getByRole("dialog", { name: "New User" });
    await drawer.getByLabel("Email").fill(existing.email);
    await drawer.getByLabel("First Name").fill("Twin");
    await drawer.getByLabel("Last Name").fill("Account");
    await drawer.getByLabel("Phone Number").fill("08035550102");
    await drawer.getByLabel("Role").selectOption({ label: "Viewer" });
    await drawer.getByLabel("Location").fill("Ibadan");
    await drawer.getByRole("button", { name: "Create User" }).click();
    await expect(drawer.getByText("Email already exists", { exact: true })).toBeVisible();
    await expect(drawer.getByLabel("First Name")).toHaveValue("Twin");
  });

  test("a staff manager is offered only roles it may give, and one that outgrew it is refused under Role", async ({
    page,
  }) => {
    const tag = randomBytes(3).toString("hex");
    await createRole(`staff-managers-${tag}`, ["read:Users", "write:Users", "read:Roles"]);
    const helpers = await createRole(`helpers-${tag}`, ["read:Users"]);
    const manager = await createStaff(`staff-managers-${tag}`);
    await signIn(page, manager.email, manager.password);
    await page.goto("/settings/users/new");
    const drawer = page.getByRole("dialog", { name: "New User" });
    const role = drawer.getByLabel("Role");
    await expect(role.getByRole("option", { name: "Admin", exact: true })).toHaveCount(0);
    await expect(role.getByRole("option", { name: "Sales", exact: true })).toHaveCount(0);
    await drawer.getByLabel("Email").fill(uniqueEmail("helper"));
    await drawer.getByLabel("First Name").fill("Tunde");
    await drawer.getByLabel("Last Name").fill("Bello");
    await drawer.getByLabel("Phone Number").fill("08035550103");
    await role.selectOption({ label: `Helpers-${tag}` });
    await drawer.getByLabel("Location").fill("Abuja");
    // Meanwhile an administrator gives that role more than the manager holds.
    await setRolePermissions(helpers.id, ["read:Users", "write:Sales"]);
    await drawer.getByRole("button", { name: "Create User" }).click();
    await expect(drawer.getByText("You cannot grant permissions you do not hold").first()).toBeVisible();
    await expect(drawer.getByLabel("First Name")).toHaveValue("Tunde");
  });

  test("edits a staff member's details and goes back to the view", async ({ page }) => {
    const staff = await createStaff("sales");
    await signInAsAdmin(page);
    const panel = await openStaff(page, staff.email);
    await openActions(panel);
    await panel.getByRole("link", { name: "Edit Staff Details", exact: true }).click();
    await panel.getByLabel("Location").fill("Port Harcourt");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("User updated successfully!")).toBeVisible();
    await expect(panel.getByText("Port Harcourt")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Save" })).toHaveCount(0);
    await panel.getByLabel("Edit staff details").click();
    await panel.getByRole("link", { name: "Cancel Edit" }).click();
    await expect(panel.getByRole("button", { name: "Save" })).toHaveCount(0);
  });

  test("changes the designation", async ({ page }) => {
    const staff = await createStaff("sales");
    await signInAsAdmin(page);
    const panel = await openStaff(page, staff.email);
    await panel.getByLabel("Designation").selectOption({ label: "Support" });
    await panel.getByRole("button", { name: "Update Designation" }).click();
    await expect(page.getByText("Designation updated successfully!")).toBeVisible();
    await expect(panel.getByText("Support").first()).toBeVisible();
    await page.goto(`/settings/users?search=${encodeURIComponent(staff.email)}`);
    await expect(page.getByRole("row").filter({ hasText: staff.email })).toContainText("Support");
  });

  test("blocks and unblocks, and a blocked member cannot sign in", async ({ page, browser }) => {
    const staff = await createStaff("sales");
    await signInAsAdmin(page);
    const panel = await openStaff(page, staff.email);
    await openActions(panel);
    await panel.getByRole("button", { name: "Block Staff" }).click();
    await expect(page.getByText("User blocked successfully!")).toBeVisible();
    await expect(panel.getByText("Blocked", { exact: true }).first()).toBeVisible();
    // The details list says the same as the badge: no "Status: Active" under a "Blocked" pill.
    await expect(panel.getByText("Active", { exact: true })).toHaveCount(0);

    const other = await browser.newContext({ baseURL: E2E.appUrl });
    const otherPage = await other.newPage();
    await otherPage.goto("/");
    await otherPage.getByLabel("Email").fill(staff.email);
    await otherPage.getByLabel("Password").fill(staff.password);
    await otherPage.getByRole("button", { name: "Sign In" }).click();
    await expect(otherPage.getByText(/Login failed: .*blocked/)).toBeVisible();

    await openActions(panel);
    await panel.getByRole("button", { name: "Unblock Staff" }).click();
    await expect(page.getByText("User blocked successfully!")).toBeVisible();
    await signIn(otherPage, staff.email, staff.password);
    await other.close();
  });

  test("deletes only after typing yes", async ({ page }) => {
    const staff = await createStaff("viewer");
    await signInAsAdmin(page);
    let panel = await openStaff(page, staff.email);
    await openActions(panel);
    await panel.getByRole("link", { name: "Delete Staff" }).click();
    await expect(panel.getByLabel("Confirmation")).toHaveValue("No");
    await panel.getByRole("button", { name: "Delete Staff" }).click();
    // Anything but yes just closes the panel.
    await expect(page.getByRole("dialog", { name: "Staff Details" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: staff.email })).toBeVisible();

    panel = await openStaff(page, staff.email);
    await openActions(panel);
    await panel.getByRole("link", { name: "Delete Staff" }).click();
    await panel.getByLabel("Confirmation").fill("  YES ");
    await panel.getByRole("button", { name: "Delete Staff" }).click();
    await expect(page.getByText("User deleted successfully!")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: staff.email })).toHaveCount(0);
  });

  test("shows a staff member's real activity history", async ({ page }) => {
    const staff = await createStaff("sales");
    await signIn(page, staff.email, staff.password);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    const panel = await openStaff(page, staff.email);
    await panel.getByRole("link", { name: /Activity History/ }).click();
    await expect(panel.getByText(/signed in/i).first()).toBeVisible();
    await expect(panel.getByRole("link", { name: /Activity History/ })).not.toContainText(
      /^Activity History0$/,
    );
    await panel.getByRole("link", { name: /Messages/ }).click();
    await expect(panel.getByText("Coming Soon")).toBeVisible();
  });

  test("staff who may list users but not read roles are told they cannot create users", async ({ page }) => {
    const role = `userlister-${Date.now().toString(36)}`;
    await createRole(role, ["read:Users", "write:Users"]);
    const lister = await createStaff(role);
    await signIn(page, lister.email, lister.password);
    await page.goto("/settings/users");
    await page.getByRole("link", { name: "New User" }).click();
    const drawer = page.getByRole("dialog", { name: "New User" });
    await expect(drawer.getByText("You don't have permission to create a new user")).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Create User" })).toBeDisabled();
  });

  test("staff who may not read users see Access Denied instead of the form", async ({ page }) => {
    // The viewer role may not read Users either, so the whole list is refused.
    const viewer = await createStaff("viewer");
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/settings/users/new");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  });
});
