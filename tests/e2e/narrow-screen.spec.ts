import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { createStaff, signInAsAdmin } from "./support/staff";

/** The narrowest phone the back office supports. */
const NARROW = { width: 320, height: 640 };

async function expectInside(inner: Locator, outer: { x: number; width: number }) {
  const box = await inner.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  if (!box) return;
  expect(box.x, "left edge").toBeGreaterThanOrEqual(outer.x);
  expect(box.x + box.width, "right edge").toBeLessThanOrEqual(outer.x + outer.width);
}

const viewport = (page: Page) => ({ x: 0, width: page.viewportSize()?.width ?? 0 });

test.describe("at 320 px wide", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(NARROW);
    await signInAsAdmin(page);
  });

  test("the staff Actions menu opens inside the screen", async ({ page }) => {
    const staff = await createStaff("sales");
    await page.goto(`/settings/users/${staff.id}`);
    const panel = page.getByRole("dialog", { name: "Staff Details" });
    await panel.getByLabel("Staff actions").click();
    for (const item of [
      panel.getByRole("link", { name: "Edit Staff Details", exact: true }),
      panel.getByRole("button", { name: "Block Staff" }),
      panel.getByRole("link", { name: "Delete Staff" }),
    ]) {
      await expect(item).toBeVisible();
      await expectInside(item, viewport(page));
    }
  });

  test("a list's search box stays usable beside its filters, and wide tables say they scroll", async ({
    page,
  }) => {
    await page.goto("/inventory/all");
    const box = await page.getByRole("searchbox", { name: "Search inventory" }).boundingBox();
    expect(box?.width ?? 0, "search box width").toBeGreaterThanOrEqual(150);
    await expect(page.getByText(/columns: scroll sideways to see them all/)).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText(/columns: scroll sideways to see them all/)).toBeHidden();
  });

  test("the header's user menu opens inside the screen", async ({ page }) => {
    await page.getByLabel("User menu").click();
    await expectInside(page.getByRole("link", { name: "My Profile" }), viewport(page));
    await expectInside(page.getByRole("button", { name: "Logout" }), viewport(page));
  });

  for (const list of [
    { path: "/customers/all", heading: "All Customers" },
    { path: "/settings/users", heading: "All Users" },
    { path: "/agents/all", heading: "All Agents" },
    { path: "/devices/all", heading: "All Devices" },
    { path: "/support/all", heading: "All Tickets" },
    { path: "/sales/all", heading: "All Sales" },
    { path: "/messages", heading: "All messages" },
  ]) {
    test(`the search form on ${list.path} stays inside its card`, async ({ page }) => {
      await page.goto(list.path);
      const card = page.locator("section").filter({ has: page.getByRole("heading", { name: list.heading }) });
      const cardBox = await card.boundingBox();
      expect(cardBox).not.toBeNull();
      if (!cardBox) return;
      const search = page.getByRole("search");
      await expectInside(search, cardBox);
      await expectInside(search.getByRole("searchbox"), cardBox);
      await expectInside(search.getByRole("button", { name: "Search" }), cardBox);
      await expectInside(card, viewport(page));
    });
  }

  for (const screen of [
    { path: "/settings/inventory-settings", nav: "Settings navigation", current: "Inventory Settings" },
    { path: "/customers/defaulting", nav: "Customers navigation", current: "Defaulting" },
  ]) {
    test(`the side navigation shows its current entry on ${screen.path}`, async ({ page }) => {
      await page.goto(screen.path);
      const current = page
        .getByRole("navigation", { name: screen.nav })
        .getByRole("link", { name: screen.current });
      await expect(current).toHaveAttribute("aria-current", "page");
      await expect(current).toBeInViewport({ ratio: 1 });
    });
  }
});
