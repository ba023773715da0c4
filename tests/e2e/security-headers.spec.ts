import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/staff";

/** Every <script> in a page's HTML, with its nonce attribute (as sent: the DOM hides nonces). */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => ({
    src: /\ssrc="([^"]*)"/.exec(attributes)?.[1] ?? null,
    nonce: /\snonce="([^"]*)"/.exec(attributes)?.[1] ?? null,
  }));
}

test("the sign-in page carries the policy, and its inline scripts the policy's nonce", async ({ page }) => {
  const response = await page.goto("/");
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");

  const inline = scriptTags(await response!.text()).filter((script) => script.src === null);
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) expect(script.nonce).toBe(nonce);

  // A new response, a new nonce.
  const again = await page.request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
});

test("signed-in pages are never stored", async ({ page }) => {
  await signInAsAdmin(page);
  const response = await page.goto("/customers/all");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
});

test("the pages run under the policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Google's Places library is not reachable from here: a stand-in that only has to load.
  await page.route("https://maps.googleapis.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.google = { maps: { places: {} } };" }),
  );
  await signInAsAdmin(page);
  await page.goto("/customers/all/new");
  await expect(page.getByRole("dialog", { name: "New Customer" })).toBeVisible();
  await page.goto("/settings/users");
  await page.getByRole("link", { name: "New User" }).click();
  await expect(page.getByRole("dialog", { name: "New User" })).toBeVisible();
  expect(violations).toEqual([]);
});
