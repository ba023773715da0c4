import { expect, test } from "@playwright/test";
import { createRole, createStaff, setBlocked, signIn, signInAsAdmin, uniqueEmail } from "./support/staff";

test.describe("a read-only role is offered only what it may do", () => {
  test("no New Customer, no Users or Role Permissions links, and Access Denied without a toast", async ({
    page,
  }) => {
    const viewer = await createStaff("viewer");
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/customers/all");
    await expect(page.getByRole("heading", { name: "All Customers" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Customer" })).toHaveCount(0);

    await page.goto("/settings/profile");
    const settingsNav = page.getByRole("navigation", { name: "Settings navigation" });
    await expect(settingsNav.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(settingsNav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(settingsNav.getByRole("link", { name: "Role Permissions" })).toHaveCount(0);

    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have sufficient permissions")).toHaveCount(0);
    await expect(page.getByText(/Bad Request|Unauthorized/)).toHaveCount(0);
  });

  test("a role that may read staff but not add them sees no New User, and the form's URL says it may not", async ({
    page,
  }) => {
    const role = `staff-readers-${Date.now().toString(36)}`;
    await createRole(role, ["read:Users"]);
    const reader = await createStaff(role);
    await signIn(page, reader.email, reader.password);
    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { name: "All Users" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New User" })).toHaveCount(0);
    await expect(page.getByLabel("More user actions")).toHaveCount(0);
    // Counted hidden too: a closed menu would still hold its entry.
    await expect(page.locator("a", { hasText: "Add new user" })).toHaveCount(0);

    // Spec 000 §6: a refused users call shows its message on the form's Role field and disables submit.
    await page.goto("/settings/users/new");
    const drawer = page.getByRole("dialog", { name: "New User" });
    await expect(drawer.getByText("You don't have permission to create a new user")).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Create User" })).toBeDisabled();
    await expect(page.getByText(/Bad Request|Unauthorized/)).toHaveCount(0);
  });

  test("the main menu and home tiles offer only the areas the role may read", async ({ page }) => {
    const support = await createStaff("support");
    await signIn(page, support.email, support.password);
    await page.getByLabel("Main menu").click();
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      // Support answers customers: what was sent to them (issue 29).
      "Messages",
      "Sales",
      "Customers",
      "Devices",
      "Support",
      "Settings",
    ]);
    await page.keyboard.press("Escape");
    const tiles = page.getByRole("main");
    await expect(tiles.getByText("Customers", { exact: true }).first()).toBeVisible();
    for (const hidden of ["Agents", "Products", "Inventory"]) {
      await expect(tiles.getByText(hidden, { exact: true })).toHaveCount(0);
    }
  });

  test("a write it may not make answers Access Denied, not a toast", async ({ page }) => {
    const viewer = await createStaff("viewer");
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    await drawer.getByLabel("First Name").fill("Ade");
    await drawer.getByLabel("Last Name").fill("Viewer");
    await drawer.getByLabel("Email").fill(uniqueEmail("viewer-made"));
    await drawer.getByLabel("Phone Number").fill(`0907${String(Date.now()).slice(-7)}`);
    await drawer.getByLabel("Address", { exact: true }).fill("Surulere");
    await drawer.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have sufficient permissions")).toHaveCount(0);
  });
});

test.describe("the staff list and panel", () => {
  test("a blocked colleague reads Blocked, an invited one Inactive with the reason", async ({ page }) => {
    const blocked = await createStaff("sales");
    await setBlocked(blocked.id, true);
    const invited = await createStaff("sales", { acceptInvite: false });
    await signInAsAdmin(page);
    await page.goto(`/settings/users?search=${encodeURIComponent(blocked.email)}`);
    const blockedRow = page.getByRole("row").filter({ hasText: blocked.email });
    await expect(blockedRow).toContainText("Blocked");
    await expect(blockedRow).not.toContainText("Active");
    await page.goto(`/settings/users?search=${encodeURIComponent(invited.email)}`);
    await expect(page.getByRole("row").filter({ hasText: invited.email })).toContainText(
      "InactiveInvited — no password yet",
    );
  });

  test("one's own panel offers no Block or Delete", async ({ page }) => {
    const admin = await createStaff("admin");
    await signIn(page, admin.email, admin.password);
    await page.goto(`/settings/users/${admin.id}`);
    const panel = page.getByRole("dialog", { name: "Staff Details" });
    await panel.getByLabel("Staff actions").click();
    await expect(panel.getByRole("link", { name: "Edit Staff Details", exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Block Staff" })).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "Delete Staff" })).toHaveCount(0);
  });

  test("a staff manager who is not an administrator is offered nothing on an administrator's panel", async ({
    page,
  }) => {
    const role = `staff-managers-${Date.now().toString(36)}`;
    await createRole(role, ["read:Users", "write:Users", "delete:Users", "read:Roles", "write:Roles"]);
    const manager = await createStaff(role);
    const admin = await createStaff("admin");
    await signIn(page, manager.email, manager.password);
    await page.goto(`/settings/users/${admin.id}`);
    const panel = page.getByRole("dialog", { name: "Staff Details" });
    await expect(panel.getByRole("heading", { name: `${admin.firstname} ${admin.lastname}` })).toBeVisible();
    await expect(panel.getByLabel("Staff actions")).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "Edit staff details" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Update Designation" })).toHaveCount(0);
  });

  test("an unknown staff id says the record could not be fetched, with a retry", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/settings/users/no-such-staff-member");
    await expect(page.getByText("Failed to fetch staff information")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
    await expect(page.getByText("User not found")).toHaveCount(0);
  });
});
