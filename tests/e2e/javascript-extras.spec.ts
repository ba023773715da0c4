import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { FOCUS_THROTTLE_MS } from "../../app/utils/freshness";
import { E2E } from "./support/env";
import { createCustomer, createStaff, signIn, signInAsAdmin } from "./support/staff";

type PlacesStandIn = {
  options: unknown;
  listeners: (() => void)[];
  place: unknown;
};
declare global {
  interface Window {
    __placesStandIn?: PlacesStandIn;
  }
}

/** The part of Google's Places library the address field uses, recording what it is given. */
const PLACES_STAND_IN = `
window.google = { maps: { places: { Autocomplete: class {
  constructor(input, options) {
    window.__placesStandIn = { options, listeners: [], place: null };
  }
  addListener(event, listener) {
    if (event === "place_changed") window.__placesStandIn.listeners.push(listener);
  }
  getPlace() {
    return window.__placesStandIn.place;
  }
} } } };
`;

/**
 * Marks the page's window object; the answer tells whether the page still has it. Only navigations done
 * by the app keep it: a document load starts a fresh window object.
 */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  return () => page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);
}

// These are the niceties JavaScript adds on top of pages that already work without it.
test.describe("with JavaScript only (skipped in the js-off project, where these features do not exist)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript-only feature");

  // On a slow machine the server's answer can arrive while React is still starting the page; the
  // errors it carries must stay on screen whichever render React keeps.
  test("a form sent while a slow page is still starting shows the server's errors", async ({ page }) => {
    test.setTimeout(120_000); // a CPU slowed eightfold, on a machine busy with the rest of the suite
    await signInAsAdmin(page);
    const cpu = await page.context().newCDPSession(page);
    await cpu.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    for (const wait of [0, 400, 800]) {
      await page.goto("/settings/inventory-settings", { waitUntil: "commit" });
      await page.waitForTimeout(wait);
      const create = page.getByRole("region", { name: "New Category" });
      await create.getByRole("button", { name: "Create Category" }).click();
      await expect(create.getByText("Category Name is required"), `clicked after ${wait} ms`).toBeVisible();
      // It used to show and then vanish once the page finished starting.
      await page.waitForLoadState("networkidle");
      await expect(create.getByText("Category Name is required")).toBeVisible({ timeout: 500 });
    }
  });

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
    await signIn(page, E2E.adminEmail, E2E.adminPassword);
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

  test("address autocomplete, restricted to Nigeria, fills the coordinates (Maps replaced by a stand-in)", async ({
    page,
  }) => {
    // The real Places library needs the internet; the browser gets a stand-in with the same surface, so
    // what is tested is our side: the script URL, the options, and what a picked place fills in.
    const scripts: string[] = [];
    await page.route("https://maps.googleapis.com/**", async (route) => {
      scripts.push(route.request().url());
      await route.fulfill({ contentType: "text/javascript", body: PLACES_STAND_IN });
    });
    await signInAsAdmin(page);
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    await expect
      .poll(() => page.evaluate(() => Boolean(window.__placesStandIn?.listeners.length)))
      .toBe(true);
    expect(scripts).toHaveLength(1);
    expect(new URL(scripts[0]).searchParams.get("key")).toBe(E2E.mapsApiKey);
    expect(new URL(scripts[0]).searchParams.get("libraries")).toBe("places");
    expect(await page.evaluate(() => window.__placesStandIn?.options)).toMatchObject({
      componentRestrictions: { country: "ng" },
    });

    const tag = randomBytes(3).toString("hex");
    await drawer.getByLabel("First Name").fill("Ifeoma");
    await drawer.getByLabel("Last Name").fill(`Places${tag}`);
    await drawer.getByLabel("Email").fill(`ifeoma.${tag}@example.com`);
    await drawer.getByLabel("Phone Number").fill(`0813${Math.floor(1000000 + Math.random() * 8999999)}`);
    await drawer.getByLabel("Address", { exact: true }).fill("Awolowo Road");
    const pickPlace = () =>
      page.evaluate(() => {
        const standIn = window.__placesStandIn;
        if (!standIn) throw new Error("no autocomplete");
        standIn.place = {
          formatted_address: "12 Awolowo Road, Ikoyi, Lagos, Nigeria",
          geometry: { location: { lat: () => 6.4474, lng: () => 3.4553 } },
        };
        for (const listener of standIn.listeners) listener();
      });
    const longitude = drawer.locator('input[name="longitude"]');
    await pickPlace();
    await expect(longitude).toHaveValue("3.4553");
    // Typing over a picked place drops its coordinates; picking again brings them back.
    await drawer.getByLabel("Address", { exact: true }).pressSequentially(" x");
    await expect(longitude).toHaveValue("");
    await pickPlace();
    await expect(longitude).toHaveValue("3.4553");
    await expect(drawer.getByLabel("Address", { exact: true })).toHaveValue(
      "12 Awolowo Road, Ikoyi, Lagos, Nigeria",
    );
    await drawer.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Customer created successfully!")).toBeVisible();

    await page.goto(`/customers/all?search=ifeoma.${tag}`);
    await page.getByRole("link", { name: `Ifeoma Places${tag}` }).click();
    await expect(page.getByText("12 Awolowo Road, Ikoyi, Lagos, Nigeria")).toBeVisible();
    await expect(page.getByText("6.4474, 3.4553")).toBeVisible();
  });

  test("links navigate within the app: the page is not reloaded, and history, current entries and modified clicks behave", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/customers/all");
    const samePage = await markWindow(page);

    const nav = page.getByRole("navigation", { name: "Customers navigation" });
    await nav.getByRole("link", { name: /^Active/ }).click();
    await expect(page).toHaveURL(/\/customers\/active$/);
    await expect(nav.getByRole("link", { name: /^Active/ })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /^All/ })).not.toHaveAttribute("aria-current", "page");

    await page.getByLabel("Main menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sales" }).click();
    await expect(page).toHaveURL(/\/sales\/all$/);
    expect(await samePage()).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/customers\/active$/);
    expect(await samePage()).toBe(true);

    // A click with a modifier is the browser's (a new tab or window), not the app's.
    const opened = page.context().waitForEvent("page");
    await nav.getByRole("link", { name: /^All/ }).click({ modifiers: ["Shift"] });
    await (await opened).close();
    await expect(page).toHaveURL(/\/customers\/active$/);
  });

  test("a list's rows hydrate without error, and their links are followed in the app after a reload", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const customer = await createCustomer();
    const search = `/customers/all?search=${encodeURIComponent(customer.email)}`;
    await signInAsAdmin(page);
    await page.goto(search);
    await page.reload();
    const link = page
      .getByRole("table")
      .getByRole("link", { name: `${customer.firstname} ${customer.lastname}` });
    await expect(link).toBeVisible();
    // Hydrated: the app follows a row's link itself, in the same window object.
    await page.waitForFunction(() => "__remixRouter" in window);
    const samePage = await markWindow(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));
    expect(await samePage()).toBe(true);
    await page.goBack();
    await expect(link).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a request the router aborted for a newer click is not logged as an error; other errors are", async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await signInAsAdmin(page);
    // What Remix's data decoder logs when a newer navigation aborts the one whose data it is reading.
    await page.evaluate(() => {
      console.error(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
      console.error(new Error("a real failure"));
    });
    await expect.poll(() => logged).toHaveLength(1);
    expect(logged[0]).toContain("a real failure");
  });
});
