import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { createStaff, signIn } from "./support/staff";

test.describe("profile", () => {
  test("edits one's own profile and the header follows", async ({ page }) => {
    const staff = await createStaff("sales");
    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/profile");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("First Name").fill("  Chidinma ");
    await page.getByLabel("Location").fill("Abuja");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("User updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole("heading", { name: `Chidinma ${staff.lastname}` })).toBeVisible();
    await expect(page.getByText("Abuja")).toBeVisible();
    await expect(page.getByLabel("User menu")).toContainText("Chidinma");
  });

  test("refuses an invalid e-mail and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    const staff = await createStaff("sales");
    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/profile?mode=edit");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Location").fill("Kano");
    if (javaScriptEnabled) {
      // Checked on leaving the field; Save waits for a valid form.
      await expect(page.getByText("Invalid email format")).toBeVisible();
      await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Save" }).click();
    }
    await expect(page.getByText("Invalid email format")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Location")).toHaveValue("Kano");
  });

  test("saves nothing when nothing changed", async ({ page, javaScriptEnabled }) => {
    const staff = await createStaff("sales");
    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/profile?mode=edit");
    const save = page.getByRole("button", { name: "Save" });
    if (javaScriptEnabled) {
      // With JavaScript the button waits for a change.
      await expect(save).toBeDisabled();
      await page.getByLabel("Location").fill("Jos");
      await expect(save).toBeEnabled();
    } else {
      await save.click();
      await expect(page.getByText("Nothing to save: no field was changed.")).toBeVisible();
    }
  });
});

test.describe("change password", () => {
  test("checks the current password and the confirmation", async ({ page }) => {
    const staff = await createStaff("sales");
    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/change-password");
    await page.getByLabel("Current Password").fill("Not-my-password-1");
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-pass-2468");
    await page.getByLabel("Confirm New Password").fill("Fresh-pass-2468");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    await page.getByLabel("Current Password").fill(staff.password);
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-pass-2468");
    await page.getByLabel("Confirm New Password").fill("Other-pass-2468");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
  });

  test("changes it, signs out other sessions, and the new one signs in", async ({ page, browser }) => {
    const staff = await createStaff("sales");
    const elsewhere = await browser.newContext({ baseURL: E2E.appUrl });
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, staff.email, staff.password);

    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/change-password");
    await page.getByLabel("Current Password").fill(staff.password);
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-pass-2468");
    await page.getByLabel("Confirm New Password").fill("Fresh-pass-2468");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password successfully updated!")).toBeVisible();

    // This session goes on; the other one is signed out on its next request.
    await page.goto("/settings/profile");
    await expect(page.getByRole("heading", { name: `${staff.firstname} ${staff.lastname}` })).toBeVisible();
    await otherPage.goto("/settings/profile");
    await expect(otherPage.getByText("Unauthorized: Please log in again.")).toBeVisible();
    await elsewhere.close();

    await page.context().clearCookies();
    await signIn(page, staff.email, "Fresh-pass-2468");
    await expect(page).toHaveURL(/\/home$/);
  });
});
