import type { APIResponse, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { E2E } from "./support/env";
import { apiToken, signInAsAdmin } from "./support/staff";

/**
 * A page on another site that posts a form to us: the browser sends the session cookie along, and
 * the Origin header says where the form was. page.request shares the signed-in page's cookies.
 */

const FOREIGN = { Origin: "https://evil.example" };

function newCustomer() {
  const tag = randomBytes(4).toString("hex");
  return {
    firstname: "Cross",
    lastname: `Site${tag}`,
    email: `cross.${tag}@example.com`,
    phone: `0813${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    addressType: "HOME",
    location: "1 Marina Road, Lagos",
  };
}

async function customersWithEmail(email: string) {
  const response = await fetch(`${E2E.appUrl}/api/v1/customers?search=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${await apiToken()}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

function postCustomer(
  page: Page,
  url: string,
  headers: Record<string, string>,
  form: Record<string, string>,
) {
  return page.request.post(url, { headers, form, maxRedirects: 0 });
}

async function expectForbiddenJson(response: APIResponse) {
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({
    statusCode: 403,
    message: "Forms from other sites are not accepted",
    error: "Forbidden",
  });
}

test.describe("forms posted from another site", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a document post answers Access Denied and creates nothing", async ({ page }) => {
    const customer = newCustomer();
    const response = await postCustomer(page, "/customers/all/new", FOREIGN, customer);
    expect(response.status()).toBe(403);
    const html = await response.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("Your current permissions don&#x27;t allow access to this resource.");
    expect(html).toContain("Please contact your administrator to request access.");
    expect(await customersWithEmail(customer.email)).toBe(0);
  });

  test("an Origin of null is refused too", async ({ page }) => {
    const customer = newCustomer();
    const response = await postCustomer(page, "/customers/all/new", { Origin: "null" }, customer);
    expect(response.status()).toBe(403);
    expect(await customersWithEmail(customer.email)).toBe(0);
  });

  test("a ?_data= request answers the API's 403 and creates nothing", async ({ page }) => {
    const customer = newCustomer();
    await expectForbiddenJson(
      await postCustomer(page, "/customers/all/new?_data=routes/_app.customers.all.new", FOREIGN, customer),
    );
    expect(await customersWithEmail(customer.email)).toBe(0);
  });

  test("a single-fetch .data request answers the API's 403 and creates nothing", async ({ page }) => {
    const customer = newCustomer();
    await expectForbiddenJson(await postCustomer(page, "/customers/all/new.data", FOREIGN, customer));
    expect(await customersWithEmail(customer.email)).toBe(0);
  });

  test("the same post from our own pages creates the customer", async ({ page }) => {
    // Proves the refused posts above were valid: only their origin stopped them.
    const customer = newCustomer();
    const response = await postCustomer(page, "/customers/all/new", { Origin: E2E.appUrl }, customer);
    expect(response.status()).toBe(302);
    expect(await customersWithEmail(customer.email)).toBe(1);
  });
});
