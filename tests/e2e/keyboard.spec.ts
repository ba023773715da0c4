import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/staff";

test.describe("keyboard", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the skip link is the first focus stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/customers/all");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next stop is inside the page, past the header and its menus.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("main").locator(":focus")).toHaveCount(1);
  });

  test("a focused link on a dark background shows the focus ring", async ({ page }) => {
    await page.goto("/sales/all");
    await page.keyboard.press("Tab");
    const current = page.getByRole("navigation", { name: "Sales navigation" }).getByRole("link", {
      name: "All Sales",
    });
    await current.focus();
    await expect(current).toHaveCSS("outline-style", "solid");
    await expect(current).toHaveCSS("outline-color", "rgb(29, 78, 216)");
  });
});
