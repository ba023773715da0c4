import { expect, test } from "@playwright/test";
import { createStaff, signInAsAdmin } from "./support/staff";

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

  test("a dark submit button reached with the keyboard shows the focus ring", async ({ page }) => {
    await page.goto("/settings/change-password");
    const save = page.getByRole("main").getByRole("button", { name: "Update Password" });
    await expect(save).toHaveCSS("background-color", "rgb(15, 23, 42)");
    await page.keyboard.press("Tab");
    await save.focus();
    await expect(save).toHaveCSS("outline-style", "solid");
    await expect(save).toHaveCSS("outline-color", "rgb(29, 78, 216)");
  });

  test("focus starts in the New Customer drawer and the first Tab stays there", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    if (javaScriptEnabled) {
      await expect(drawer.getByLabel("First Name")).toBeFocused();
    } else {
      // Without JavaScript the drawer's title carries `autofocus`.
      await expect(drawer.getByRole("heading", { name: "New Customer" })).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(drawer.locator(":focus")).toHaveCount(1);
  });
});

test.describe("keyboard with JavaScript only (skipped in the js-off project: focus trapping and Escape need scripts)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript-only feature");

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("opening the New Customer drawer from the list puts focus on its first field", async ({ page }) => {
    await page.goto("/customers/all");
    await page.getByRole("link", { name: "New Customer" }).click();
    await expect(page.getByRole("dialog", { name: "New Customer" }).getByLabel("First Name")).toBeFocused();
  });

  test("Tab and Shift+Tab cycle inside the New Customer drawer, and Escape closes it", async ({ page }) => {
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    const firstName = drawer.getByLabel("First Name");
    const close = drawer.getByRole("link", { name: "Close", exact: true });
    const create = drawer.getByRole("button", { name: "Create Customer" });
    await expect(firstName).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(create).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(firstName).toBeFocused();
    // A full round of Tab presses never leaves the drawer.
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press("Tab");
      await expect(drawer.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/customers\/all$/);
  });

  test("closing a drawer gives focus back to the link that opened it, also after a page load", async ({
    page,
  }) => {
    await page.goto("/customers/all");
    const opener = page.getByRole("main").getByRole("link", { name: "New Customer" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    await expect(drawer.getByLabel("First Name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto("/customers/all/new");
    await expect(drawer.getByLabel("First Name")).toBeFocused();
    await drawer.getByRole("link", { name: "Close", exact: true }).click();
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("a field reached before the page finished starting keeps focus and its text", async ({ page }) => {
    // The page's scripts wait until someone has tabbed into the drawer and typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/customers/all/new", { waitUntil: "domcontentloaded" });
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    const lastName = drawer.getByLabel("Last Name");
    await lastName.focus();
    await page.keyboard.type("Okafor");
    release();
    // Hydrated: React has attached itself to the drawer's nodes and run its effects.
    await page.waitForFunction(() => {
      const panel = document.querySelector("[role=dialog]");
      return Boolean(panel && Object.keys(panel).some((key) => key.startsWith("__react")));
    });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveValue("Okafor");
  });

  test("Escape asks before throwing away what was typed in a drawer", async ({ page }) => {
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    await drawer.getByLabel("First Name").fill("Ngozi");
    const questions: string[] = [];
    page.once("dialog", (question) => {
      questions.push(question.message());
      void question.dismiss();
    });
    await page.keyboard.press("Escape");
    await expect.poll(() => questions).toEqual(["Discard what you typed?"]);
    await expect(drawer.getByLabel("First Name")).toHaveValue("Ngozi");
    page.once("dialog", (question) => void question.accept());
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/customers\/all$/);
  });

  test("a drawer without fields starts at its title", async ({ page }) => {
    await page.goto("/home?panel=action-center");
    await expect(
      page.getByRole("dialog", { name: "Action Center" }).getByRole("heading", { name: "Action Center" }),
    ).toBeFocused();
  });

  test("Escape closes the user menu and the main menu and returns focus to their buttons", async ({
    page,
  }) => {
    const userMenu = page.getByLabel("User menu");
    await userMenu.click();
    const myProfile = page.getByRole("link", { name: "My Profile" });
    await expect(myProfile).toBeVisible();
    await myProfile.focus();
    await page.keyboard.press("Escape");
    await expect(myProfile).toBeHidden();
    await expect(userMenu).toBeFocused();

    const mainMenu = page.getByLabel("Main menu");
    await mainMenu.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(mainMenu).toBeFocused();
  });

  test("Escape in the staff Actions menu closes the menu but leaves the drawer open", async ({ page }) => {
    const staff = await createStaff("sales");
    await page.goto(`/settings/users/${staff.id}`);
    const panel = page.getByRole("dialog", { name: "Staff Details" });
    await panel.getByLabel("Staff actions").click();
    await expect(panel.getByRole("link", { name: "Edit Staff Details", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel.getByRole("link", { name: "Edit Staff Details", exact: true })).toBeHidden();
    await expect(panel.getByLabel("Staff actions")).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
  });
});
