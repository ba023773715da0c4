import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { createStaff, signIn, signInAsAdmin } from "./support/staff";

test("a refused read shows Access Denied without a retry", async ({ page }) => {
  const viewer = await createStaff("viewer");
  await signIn(page, viewer.email, viewer.password);
  await page.goto("/settings/users");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Your current permissions don't allow access to this resource.")).toBeVisible();
  await expect(page.getByText("Please contact your administrator to request access.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveCount(0);
  // The frame stays usable around the panel.
  await expect(page.getByLabel("Main menu")).toBeVisible();
});

test("a backend that is down shows No Internet Connection with Try Again", async ({ page }) => {
  // Both servers share the session secret, and cookies are per host, not per port.
  await signInAsAdmin(page);
  await page.goto(`${E2E.offlineAppUrl}/home`);
  await expect(page.getByRole("heading", { name: "No Internet Connection" })).toBeVisible();
  await expect(page.getByText("Try checking your network configuration.")).toBeVisible();
  const retry = page.getByRole("link", { name: "Try Again" });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(page.getByRole("heading", { name: "No Internet Connection" })).toBeVisible();
});

test("signing in while the backend is down says why", async ({ page }) => {
  await page.goto(`${E2E.offlineAppUrl}/`);
  await page.getByLabel("Email").fill(E2E.adminEmail);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed: No Internet Connection")).toBeVisible();
});

test("a bad list query falls back to the defaults instead of a parser's message", async ({ page }) => {
  await signInAsAdmin(page);
  for (const query of ["page=abc", "page=0", "page=99999999999999999999", "limit=5000", "search=%00"]) {
    const response = await page.goto(`/settings/users?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByRole("heading", { name: "All Users" }), query).toBeVisible();
    await expect(page.getByText(/Expected number|Bad Request|must be/), query).toHaveCount(0);
  }
});

test("a page past the end of a list shows its last page", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/customers/all?page=100000");
  await expect(page).toHaveURL(/\/customers\/all\?page=\d+$/);
  const pageNumber = Number(new URL(page.url()).searchParams.get("page"));
  expect(pageNumber).toBeLessThan(100000);
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(0);
});

test("asking for a reset link while the backend is down says why", async ({ page }) => {
  await page.goto(`${E2E.offlineAppUrl}/?mode=forgot`);
  await page.getByLabel("Email").fill(E2E.adminEmail);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Forgot password failed: No Internet Connection")).toBeVisible();
});

test("Inventory Settings refused for permission shows the catalogue's Access Denied lines", async ({
  page,
}) => {
  // The support role reads no inventory.
  const support = await createStaff("support");
  await signIn(page, support.email, support.password);
  await page.goto("/settings/inventory-settings");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Your current permissions don't allow access to this resource.")).toBeVisible();
  await expect(page.getByText("Please contact your administrator to request access.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveCount(0);
});

test("a form too large for the server shows the catalogue's panel with a way home", async ({ page }) => {
  // Where the web server sends a refused body (server/body-limit.ts); its own tests post the body itself.
  const response = await page.goto("/request-too-large");
  expect(response?.status()).toBe(413);
  await expect(page).toHaveTitle("Too Large — SolarDesk");
  await expect(page.getByText("What you sent is too large for the server to accept.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toBeVisible();
});
