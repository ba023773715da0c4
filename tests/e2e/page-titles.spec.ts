import { expect, test } from "@playwright/test";
import { createDraft, createSellableProduct } from "./support/sales";
import { signInAsAdmin } from "./support/staff";
import { createSale, recordCash } from "./support/sale-records";

test("signed-out screens name themselves in the title", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Sign in — SolarDesk");
  await page.goto("/?mode=forgot");
  await expect(page).toHaveTitle("Forgot password — SolarDesk");
  await page.goto("/no/such/page");
  await expect(page).toHaveTitle("Page Not Found — SolarDesk");
});

test("a sale's pages are titled by the sale", async ({ page }) => {
  const { sale } = await createSale();
  const { payment } = (await recordCash(sale.id, sale.amountDueNow)) as {
    payment: { id: string; receiptNumber: string };
  };
  await signInAsAdmin(page);
  const short = sale.saleNumber;
  const titles: Record<string, string> = {
    [`/sales/${sale.id}`]: `Sale ${short} — Sales — SolarDesk`,
    [`/sales/${sale.id}/payment`]: `Payment — Sale ${short} — SolarDesk`,
    [`/sales/${sale.id}/payments/${payment.id}`]: `Receipt ${payment.receiptNumber} — Sale ${short} — SolarDesk`,
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test("each signed-in screen has a title of its own", async ({ page }) => {
  // Some forty screens loaded one after another in one test: more than the default limit allows for.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const titles: Record<string, string> = {
    "/home": "Home — SolarDesk",
    "/customers/all": "All Customers — SolarDesk",
    "/customers/barred": "Barred Customers — SolarDesk",
    "/customers/all/new": "New Customer — SolarDesk",
    "/settings/users": "Users — SolarDesk",
    "/settings/role-permissions/new": "New Role — Role Permissions — SolarDesk",
    "/settings/inventory-settings": "Inventory Settings — SolarDesk",
    "/sales/all": "All Sales — SolarDesk",
    "/sales/all/batch-upload": "Batch Upload Sales — SolarDesk",
    "/sales/all/export": "Export Data — SolarDesk",
    "/warehouses/all": "All Warehouses — SolarDesk",
    "/warehouses/all/new": "Add New Warehouse — SolarDesk",
    "/warehouses/all/logs": "Inventory Logs — Warehouses — SolarDesk",
    "/inventory/all": "All Inventory — SolarDesk",
    "/inventory/returned": "Returned Inventory — SolarDesk",
    "/inventory/all/new": "New Inventory — SolarDesk",
    "/inventory/all/categories/new": "Create New Category — Inventory — SolarDesk",
    "/products/all": "All Products — SolarDesk",
    "/products/all/new": "New Product — SolarDesk",
    "/agents/all": "All Agents — SolarDesk",
    "/agents/barred": "Barred Agents — SolarDesk",
    "/agents/all/new": "New Agents — SolarDesk",
    "/devices/all": "All Devices — SolarDesk",
    "/devices/available": "Available Devices — SolarDesk",
    "/devices/all/new": "New Device — SolarDesk",
    "/devices/all/batch": "Create New Devices (Batch) — SolarDesk",
    "/sales/new": "New Sales — SolarDesk",
    "/sales/contract": "In Contract — SolarDesk",
    "/sales/payment": "In Payment — SolarDesk",
    "/sales/installment": "In Installment — SolarDesk",
    "/sales/closed": "Closed Sales — SolarDesk",
    "/settings/financial-settings": "Financial Settings — SolarDesk",
    "/settings/business": "Business — SolarDesk",
    "/support/all": "All Tickets — SolarDesk",
    "/tickets/open": "Open Tickets — SolarDesk",
    "/tickets/all/new": "New Ticket — SolarDesk",
    "/sales/all/new": "New Sale — SolarDesk",
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await page.goto("/customers/all");
  const firstCustomer = page.getByRole("row").nth(1).getByRole("link");
  const name = await firstCustomer.innerText();
  await firstCustomer.click();
  await expect(page).toHaveTitle(`${name} — Customers — SolarDesk`);
});

test("each new-sale drawer and modal has a title of its own", async ({ page }) => {
  await signInAsAdmin(page);
  const { product } = await createSellableProduct({ devices: 1 });
  const draft = `/sales/all/new/${(await createDraft({ productId: product.id })).id}`;
  const item = `${draft}/items/${product.id}`;
  const titles: Record<string, string> = {
    [draft]: "Create Sale — SolarDesk",
    [`${draft}/customer`]: "Select Customer — New Sale — SolarDesk",
    [`${draft}/products`]: "Select Product — New Sale — SolarDesk",
    [`${item}/parameters`]: "Set Parameters — New Sale — SolarDesk",
    [`${item}/costs`]: "Set Miscellaneous Costs — New Sale — SolarDesk",
    [`${item}/devices`]: "Link Device(s) — New Sale — SolarDesk",
    [`${item}/recipient`]: "Set Recipient — New Sale — SolarDesk",
    [`${draft}/identification`]: "Identification — New Sale — SolarDesk",
    [`${draft}/next-of-kin`]: "Next of Kin — New Sale — SolarDesk",
    [`${draft}/guarantor`]: "Guarantor — New Sale — SolarDesk",
    [`${draft}/summary`]: "Sale Summary — SolarDesk",
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});
