import { expect, test } from "@playwright/test";
import { FOCUS_THROTTLE_MS } from "../../app/utils/freshness";
import { E2E } from "./support/env";
import { createStaff, signIn, signInAsAdmin } from "./support/staff";

// These are the niceties JavaScript adds on top of pages that already work without it.
test.describe("with JavaScript only (skipped in the js-off project, where these features do not exist)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript-only feature");

  test("Escape and the backdrop close the Action Center drawer", async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByLabel("Action Center").click();
    const panel = page.getByRole("dialog", { name: "Action Center" });
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByLabel("Action Center").click();
    await expect(panel).toBeVisible();
    await page.getByTestId("drawer-backdrop").click({ position: { x: 10, y: 300 } });
    await expect(panel).toHaveCount(0);
  });

  test("toasts close by themselves after two seconds", async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByText("Login Successful!")).toBeHidden({ timeout: 4_000 });
  });

  test("copying a value confirms it with a toast", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsAdmin(page);
    await page.goto("/settings/profile");
    await page.getByRole("button", { name: `Copy ${E2E.adminEmail}` }).click();
    await expect(page.getByText(`Copied "${E2E.adminEmail}" to clipboard.`)).toBeVisible();
  });

  test("live validation shows the message when leaving a field", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").focus();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Email").fill(E2E.adminEmail);
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
  });

  test("lists refresh when the window regains focus", async ({ page }) => {
    const team = `Focus${Date.now()}`;
    const first = await createStaff("sales", { lastname: team });
    await signInAsAdmin(page);
    await page.goto(`/settings/users?search=${team}`);
    await expect(page.getByText(first.email)).toBeVisible();
    const second = await createStaff("sales", { lastname: team });
    await expect(page.getByText(second.email)).toHaveCount(0);
    await page.waitForTimeout(FOCUS_THROTTLE_MS + 300);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page.getByText(second.email)).toBeVisible();
  });

  test("refreshing stops after a permission refusal", async ({ page }) => {
    const viewer = await createStaff("viewer");
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/settings/users");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests.push(request.url());
    });
    await page.waitForTimeout(FOCUS_THROTTLE_MS + 300);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.waitForTimeout(1_000);
    expect(dataRequests).toEqual([]);
  });
});
