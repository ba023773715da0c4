import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { createStaff, signIn, signInAsAdmin } from "./support/staff";

const OFF_SITE_TARGETS = ["/.//evil.example", "/..//x", "/a/..//x", "/%2e//x", "/./\\x", "/.\\\\x"];

/** Where a response sends the browser, or null; never followed, so an off-site target shows as is. */
function locationOf(response: { headers(): Record<string, string> }) {
  return response.headers().location ?? null;
}

test.describe("redirects after sign-in never leave the site", () => {
  for (const target of OFF_SITE_TARGETS) {
    test(`signed in, ${target} through ?redirect= stays on site`, async ({ page }) => {
      await signInAsAdmin(page);
      for (const path of ["/login", "/"]) {
        const response = await page.request.get(`${path}?redirect=${encodeURIComponent(target)}`, {
          maxRedirects: 0,
        });
        const location = locationOf(response);
        expect(location, `${path} with ${target}`).not.toBeNull();
        expect(location, `${path} with ${target}`).toMatch(/^\/(?![\\/])/);
      }
    });
  }

  test("the hidden redirectTo field of the sign-in form stays on site", async ({ page }) => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await page.request.post("/login", {
        form: { intent: "login", email: E2E.adminEmail, password: E2E.adminPassword, redirectTo: target },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(302);
      expect(locationOf(response), target).toBe("/home");
      await page.context().clearCookies();
    }
  });

  test("a signed-in user opening a hostile link lands on home", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/login?redirect=${encodeURIComponent("/.//evil.example")}`);
    await expect(page).toHaveURL(`${E2E.appUrl}/home`);
  });
});

test.describe("sign-in", () => {
  test("a failed sign-in is said once", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Email").fill(E2E.adminEmail);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login failed: Invalid credentials provided")).toBeVisible();
    await expect(page.getByText("Invalid credentials provided")).toHaveCount(1);
  });

  test("after five failures the account is locked for a while, with a message saying so", async ({
    page,
  }) => {
    const staff = await createStaff("viewer");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.goto("/");
      await page.getByLabel("Email").fill(staff.email);
      await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Login failed: Invalid credentials provided")).toBeVisible();
    }
    // Even the right password waits now.
    await page.goto("/");
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(
      page.getByText("Login failed: Too many failed sign-in attempts. Please try again in 15 minutes."),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/\/home/);
  });
});

test.describe("hostile form input", () => {
  const customerForm = (overrides: Record<string, string> = {}) => {
    const tag = randomBytes(3).toString("hex");
    return {
      firstname: "Kemi",
      lastname: `Probe${tag}`,
      email: `probe-${tag}@example.com`,
      phone: `0906${String(Date.now()).slice(-7)}`,
      addressType: "HOME",
      location: "15 Awolowo Road, Ikoyi",
      longitude: "",
      latitude: "",
      ...overrides,
    };
  };

  test("a tampered coordinate is answered on the address field, with the values kept", async ({ page }) => {
    await signInAsAdmin(page);
    const response = await page.request.post("/customers/all/new", {
      form: customerForm({ longitude: "east of here" }),
      headers: { Origin: E2E.appUrl },
    });
    expect(response.status()).toBe(400);
    await page.setContent(await response.text());
    const address = page.getByLabel("Address", { exact: true });
    await expect(address).toHaveValue("15 Awolowo Road, Ikoyi");
    await expect(address).toHaveAccessibleDescription(/Longitude must be a number between -180 and 180/);
  });

  test("a NUL character or a machinery field name is a field message, never a server error", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const nul = await page.request.post("/customers/all/new", {
      form: customerForm({ firstname: "Ke\u0000mi" }),
      headers: { Origin: E2E.appUrl },
    });
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("Contains a character that is not allowed");

    const machinery = await page.request.post("/customers/all/new", {
      form: { ...customerForm(), constructor: "x" },
      headers: { Origin: E2E.appUrl },
    });
    expect(machinery.status()).toBe(400);
    const html = await machinery.text();
    expect(html).toContain("Not allowed as a field name: constructor");
    expect(html).toContain("15 Awolowo Road, Ikoyi");
  });

  test("a phone number must be one, and the same number typed two ways is one customer", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/customers/all/new");
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    const fill = async (phone: string, tag: string) => {
      await drawer.getByLabel("First Name").fill("Sade");
      await drawer.getByLabel("Last Name").fill(`Phone${tag}`);
      await drawer.getByLabel("Email").fill(`sade-${tag}@example.com`);
      await drawer.getByLabel("Phone Number").fill(phone);
      await drawer.getByLabel("Address", { exact: true }).fill("Yaba");
      await drawer.getByRole("button", { name: "Create Customer" }).click();
    };
    const tag = randomBytes(3).toString("hex");
    await fill("abc<script>", tag);
    await expect(drawer.getByText("Invalid phone number")).toBeVisible();
    const digits = String(Date.now()).slice(-7);
    await fill(`+234 805 ${digits}`, tag);
    await expect(page.getByText("Customer created successfully!")).toBeVisible();
    await page.goto("/customers/all/new");
    await fill(`0805-${digits.slice(0, 3)}-${digits.slice(3)}`, `${tag}b`);
    await expect(drawer.getByText("A customer with this phone number already exists")).toBeVisible();
  });
});

test.describe("changing one's own e-mail", () => {
  test("asks for the current password", async ({ page }) => {
    const staff = await createStaff("viewer");
    await signIn(page, staff.email, staff.password);
    await page.goto("/settings/profile?mode=edit");
    const newEmail = `moved-${randomBytes(3).toString("hex")}@example.com`;
    await page.getByLabel("Email").fill(newEmail);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("Current Password")).toHaveAccessibleDescription(
      "Enter your current password to change your email",
    );
    await expect(page.getByLabel("Email")).toHaveValue(newEmail);
    await page.getByLabel("Current Password").fill(staff.password);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("User updated successfully!")).toBeVisible();
    await expect(page.locator("dl").getByText(newEmail)).toBeVisible();
  });
});

// Probes for ops, answered as JSON by the built server (no page: nothing for axe or a keyboard to read).
test("/livez and /readyz answer the load balancer and the container, never cached", async ({ request }) => {
  const live = await request.get("/livez");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect(await ready.json()).toEqual({ status: "ready" });
});
