import type { Browser, Cookie, Page } from "@playwright/test";
import axe from "axe-core";
import { expect, test } from "@playwright/test";
import { createSale, recordCash, startCheckout } from "./support/sale-records";
import {
  createAgent,
  createCustomer,
  createDevice,
  createInventoryItem,
  createProduct,
  createRole,
  createStaff,
  createTicket,
  createWarehouse,
  lateAccounts,
  roleId,
  signInAsAdmin,
} from "./support/staff";
import { createDraft, createSellableProduct } from "./support/sales";

/** Records the screens below need, made once per run of this file. */
type Records = {
  customerId: string;
  lateSaleId: string;
  saleId: string;
  paymentId: string;
  staffId: string;
  roleId: string;
  adminRoleId: string;
  inventoryId: string;
  productId: string;
  warehouseId: string;
  agentId: string;
  deviceId: string;
  ticketId: string;
  draftId: string;
  saleProductId: string;
  checkoutReference: string;
};

type Screen = {
  path: string | ((records: Records) => string);
  /** Public screens are checked signed out (signed in, they redirect to /home). */
  signedOut?: true;
  /** The label of a <details> menu to open first, so its panel is checked too. */
  openMenu?: string;
};

/** Every screen of the app, each checked with JavaScript off and on. A new page is one more line. */
const SCREENS: Record<string, Screen> = {
  "sign-in": { path: "/", signedOut: true },
  "forgot password": { path: "/?mode=forgot", signedOut: true },
  "create password": { path: "/create-password/x/y", signedOut: true },
  "request too large": { path: "/request-too-large", signedOut: true },
  "page not found": { path: "/no/such/page", signedOut: true },
  home: { path: "/home" },
  "home with the main menu open": { path: "/home", openMenu: "Main menu" },
  "home with the user menu open": { path: "/home", openMenu: "User menu" },
  "action center": { path: "/home?panel=action-center" },
  portfolio: { path: "/portfolio" },
  "portfolio accounts": { path: "/portfolio/accounts?bucket=90%2B" },
  "collections worklist": { path: "/collections" },
  "a collection case": { path: (records) => `/collections/${records.lateSaleId}` },
  "a message to the worklist": { path: "/collections/message?bucket=90%2B" },
  "the messages outbox": { path: "/messages" },
  "settings: messages": { path: "/settings/messages" },
  "settings: a message template": { path: "/settings/messages/WELCOME" },
  "a late account's sale page with its actions and timeline": {
    path: (records) => `/sales/${records.lateSaleId}`,
  },
  "give a delay": { path: (records) => `/sales/${records.lateSaleId}/actions/delay` },
  "mark defaulted": { path: (records) => `/sales/${records.lateSaleId}/actions/default` },
  repossess: { path: (records) => `/sales/${records.lateSaleId}/actions/repossess` },
  "early payoff": { path: (records) => `/sales/${records.lateSaleId}/actions/payoff` },
  "issue a token from the sale": { path: (records) => `/sales/${records.lateSaleId}/actions/token` },
  "resend the last token": { path: (records) => `/sales/${records.lateSaleId}/actions/resend-token` },
  "undo the default": { path: (records) => `/sales/${records.lateSaleId}/actions/undo-default` },
  "write off the account": { path: (records) => `/sales/${records.lateSaleId}/actions/write-off` },
  "cancel the sale": { path: (records) => `/sales/${records.lateSaleId}/actions/cancel` },
  restructure: { path: (records) => `/sales/${records.lateSaleId}/actions/restructure` },
  "swap a device": { path: (records) => `/sales/${records.lateSaleId}/actions/swap` },
  "all customers": { path: "/customers/all" },
  "new customers": { path: "/customers/new" },
  "active customers": { path: "/customers/active" },
  "barred customers": { path: "/customers/barred" },
  "defaulting customers": { path: "/customers/defaulting" },
  "new customer drawer": { path: "/customers/all/new" },
  "a customer's page": { path: (records) => `/customers/${records.customerId}` },
  "a customer's page in edit mode": { path: (records) => `/customers/${records.customerId}?mode=edit` },
  profile: { path: "/settings/profile" },
  "change password": { path: "/settings/change-password" },
  "role permissions": { path: "/settings/role-permissions" },
  "new role drawer": { path: "/settings/role-permissions/new" },
  "role editor": { path: (records) => `/settings/role-permissions/${records.roleId}` },
  "protected admin role": { path: (records) => `/settings/role-permissions/${records.adminRoleId}` },
  "delete role confirmation": {
    path: (records) => `/settings/role-permissions/${records.roleId}?confirm=delete`,
  },
  users: { path: "/settings/users" },
  "users with the add-user menu open": { path: "/settings/users", openMenu: "More user actions" },
  "new user drawer": { path: "/settings/users/new" },
  "staff panel": { path: (records) => `/settings/users/${records.staffId}` },
  "staff panel with its actions open": {
    path: (records) => `/settings/users/${records.staffId}`,
    openMenu: "Staff actions",
  },
  "staff panel activity tab": { path: (records) => `/settings/users/${records.staffId}?tab=activity` },
  "staff panel edit mode": { path: (records) => `/settings/users/${records.staffId}?mode=edit` },
  "staff panel delete confirmation": {
    path: (records) => `/settings/users/${records.staffId}?confirm=delete`,
  },
  "inventory settings": { path: "/settings/inventory-settings" },
  sales: { path: "/sales/all" },
  "batch upload sales drawer": { path: "/sales/all/batch-upload" },
  "export data drawer": { path: "/sales/all/export" },
  agents: { path: "/agents/all" },
  "inventory settings renaming a category": { path: "/settings/inventory-settings?rename=x" },
  "active agents": { path: "/agents/active" },
  "new sales": { path: "/sales/new" },
  "sales in contract": { path: "/sales/contract" },
  "sales in payment": { path: "/sales/payment" },
  "sales in installment": { path: "/sales/installment" },
  "closed sales": { path: "/sales/closed" },
  "sales with the sales menu open": { path: "/sales/all", openMenu: "More sales actions" },
  "sales with a payment's outcome": {
    path: "/sales/all?tx_ref=sale-00000000-000000000000&status=successful",
  },
  "the sandbox checkout": { path: (records) => `/payment/sandbox/${records.checkoutReference}` },
  "a sale's page": { path: (records) => `/sales/${records.saleId}` },
  "a sale's cash payment page": { path: (records) => `/sales/${records.saleId}/payment?method=cash` },
  "a sale's online payment page": { path: (records) => `/sales/${records.saleId}/payment?method=online` },
  "a payment's receipt": { path: (records) => `/sales/${records.saleId}/payments/${records.paymentId}` },
  "a payment's receipt, to print": {
    path: (records) => `/sales/${records.saleId}/payments/${records.paymentId}/print`,
  },
  "a sale's statement, to print": { path: (records) => `/sales/${records.saleId}/statement/print` },
  "financial settings": { path: "/settings/financial-settings" },
  "business settings": { path: "/settings/business" },
  "barred agents": { path: "/agents/barred" },
  "new agents drawer": { path: "/agents/all/new" },
  "an agent's page": { path: (records) => `/agents/${records.agentId}` },
  "an agent's page in edit mode": { path: (records) => `/agents/${records.agentId}?mode=edit` },
  products: { path: "/products/all" },
  "products with the product menu open": { path: "/products/all", openMenu: "More product actions" },
  "new product drawer": { path: "/products/all/new" },
  "new product category drawer": { path: "/products/all/categories/new" },
  "a product's page": { path: (records) => `/products/${records.productId}` },
  "a product's edit mode": { path: (records) => `/products/${records.productId}?mode=edit` },
  inventory: { path: "/inventory/all" },
  "inventory with the inventory menu open": { path: "/inventory/all", openMenu: "More inventory actions" },
  "regular inventory": { path: "/inventory/regular" },
  "returned inventory": { path: "/inventory/returned" },
  "refurbished inventory": { path: "/inventory/refurbished" },
  "one warehouse's inventory": { path: (records) => `/inventory/all?warehouseId=${records.warehouseId}` },
  "new inventory drawer": { path: "/inventory/all/new" },
  "new inventory category drawer": { path: "/inventory/all/categories/new" },
  "new inventory sub-category drawer": { path: "/inventory/all/sub-categories/new" },
  "an inventory item's page": { path: (records) => `/inventory/${records.inventoryId}` },
  warehouses: { path: "/warehouses/all" },
  "warehouses with the warehouse menu open": { path: "/warehouses/all", openMenu: "More warehouse actions" },
  "active warehouses": { path: "/warehouses/active" },
  "inactive warehouses": { path: "/warehouses/inactive" },
  "add new warehouse drawer": { path: "/warehouses/all/new" },
  "inventory logs panel": { path: "/warehouses/all/logs" },
  devices: { path: "/devices/all" },
  "devices with the batch menu open": { path: "/devices/all", openMenu: "More device actions" },
  "linked devices": { path: "/devices/linked" },
  "available devices": { path: "/devices/available" },
  "device filter panel": { path: "/devices/all?panel=filters" },
  "new device drawer": { path: "/devices/all/new" },
  "device batch drawer": { path: "/devices/all/batch" },
  "a device's page": { path: (records) => `/devices/${records.deviceId}` },
  support: { path: "/support/all" },
  "support with the export menu open": { path: "/support/all", openMenu: "More ticket actions" },
  "active tickets": { path: "/support/active" },
  "open tickets": { path: "/support/open" },
  "new ticket drawer": { path: "/support/all/new" },
  "a ticket's page": { path: (records) => `/support/${records.ticketId}` },
  tickets: { path: "/tickets/all" },
  "a ticket's page under /tickets": { path: (records) => `/tickets/${records.ticketId}` },
  "new sale panel": { path: "/sales/all/new" },
  "create sale form": { path: (records) => `/sales/all/new/${records.draftId}` },
  "select customer drawer": { path: (records) => `/sales/all/new/${records.draftId}/customer` },
  "select product drawer": { path: (records) => `/sales/all/new/${records.draftId}/products` },
  "sale parameters modal": {
    path: (records) => `/sales/all/new/${records.draftId}/items/${records.saleProductId}/parameters`,
  },
  "sale miscellaneous costs modal": {
    path: (records) => `/sales/all/new/${records.draftId}/items/${records.saleProductId}/costs`,
  },
  "link devices modal": {
    path: (records) => `/sales/all/new/${records.draftId}/items/${records.saleProductId}/devices`,
  },
  "sale recipient modal": {
    path: (records) => `/sales/all/new/${records.draftId}/items/${records.saleProductId}/recipient`,
  },
  "product details on one page": {
    path: (records) => `/sales/all/new/${records.draftId}/items/${records.saleProductId}/details`,
  },
  "contract details on one page": { path: (records) => `/sales/all/new/${records.draftId}/contract` },
  "identification modal": { path: (records) => `/sales/all/new/${records.draftId}/identification` },
  "next of kin modal": { path: (records) => `/sales/all/new/${records.draftId}/next-of-kin` },
  "guarantor modal": { path: (records) => `/sales/all/new/${records.draftId}/guarantor` },
  "sale summary": { path: (records) => `/sales/all/new/${records.draftId}/summary` },
};

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/**
 * axe-core's own API, loaded into every page of the contexts below before the page's scripts: one
 * `axe.run` is then all a check costs. (The Playwright wrapper injects the whole library again and opens
 * an extra page for every check, which made this file most of the suite's time; our pages have no frames,
 * which is all that wrapper adds.)
 */
async function withAxe(browser: Browser, options: { javaScriptEnabled: boolean; cookies?: Cookie[] }) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled });
  await context.addInitScript({ content: axe.source });
  if (options.cookies) await context.addCookies(options.cookies);
  return context.newPage();
}

async function seriousViolations(page: Page) {
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      // Off by default in axe (experimental), but a name that hides the visible text confuses voice control.
      rules: { "label-content-name-mismatch": { enabled: true } },
    }),
  );
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

/**
 * axe runs as a script inside the page, which a page with JavaScript off cannot do. So the page as the
 * server rendered it (menus opened, never hydrated) is replayed, its scripts and module preloads
 * stripped, in a page that may run scripts, and axe checks that one.
 */
async function replayWithoutAppScripts(page: Page, replay: Page) {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const url = page.url();
  await replay.unrouteAll();
  await replay.route(url, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await replay.goto(url);
  return replay;
}

/** The root route's title: a screen still showing it has not said what it is. */
const APP_DEFAULT_TITLE = "SolarDesk — staff back office";

test.describe("every screen: its own title, one main landmark, no serious or critical axe violations", () => {
  let records: Records;
  /** One page signed in as the administrator, one signed out, and (JavaScript off) one to replay into. */
  let pages: { signedIn: Page; signedOut: Page; replay?: Page };

  test.beforeAll(async ({ browser }, testInfo) => {
    const [customer, staff, role, adminRoleId, agent, device, ticket, warehouse] = await Promise.all([
      createCustomer(),
      createStaff("sales"),
      createRole(`Auditor ${Date.now()}`, ["read:Customers"]),
      roleId("admin"),
      createAgent(),
      createDevice(),
      createTicket(),
      createWarehouse(),
    ]);
    const { sale } = await createSale();
    const [late] = await lateAccounts(1);
    const { payment } = (await recordCash(sale.id, sale.amountDueNow)) as { payment: { id: string } };
    const online = await createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" });
    const checkout = await startCheckout(online.sale.id);
    const item = await createInventoryItem({ warehouseId: warehouse.id });
    const product = await createProduct([{ inventoryId: item.id }]);
    const sellable = await createSellableProduct({ devices: 2 });
    const draft = await createDraft({
      customerId: customer.id,
      productId: sellable.product.id,
      installment: true,
    });
    records = {
      customerId: customer.id,
      lateSaleId: late.saleId,
      saleId: sale.id,
      paymentId: payment.id,
      staffId: staff.id,
      roleId: role.id,
      adminRoleId,
      inventoryId: item.id,
      productId: product.id,
      warehouseId: warehouse.id,
      agentId: agent.id,
      deviceId: device.id,
      ticketId: ticket.id,
      draftId: draft.id,
      saleProductId: sellable.product.id,
      checkoutReference: checkout.reference,
    };
    const signIn = await browser.newContext();
    await signInAsAdmin(await signIn.newPage());
    const cookies = await signIn.cookies();
    await signIn.close();
    // Pages are reused from screen to screen: a fresh browser context per screen cost more than its check.
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    pages = {
      signedIn: await withAxe(browser, { javaScriptEnabled, cookies }),
      signedOut: await withAxe(browser, { javaScriptEnabled }),
      replay: javaScriptEnabled ? undefined : await withAxe(browser, { javaScriptEnabled: true }),
    };
  });

  test.afterAll(async () => {
    for (const page of Object.values(pages ?? {})) await page?.context().close();
  });

  for (const [name, screen] of Object.entries(SCREENS)) {
    test(name, async () => {
      const page = screen.signedOut ? pages.signedOut : pages.signedIn;
      const path = typeof screen.path === "string" ? screen.path : screen.path(records);
      const response = await page.goto(path);
      expect(response?.url(), "the screen did not redirect elsewhere").toContain(path.split("?")[0]);
      await expect(page).not.toHaveTitle(APP_DEFAULT_TITLE);
      await expect(page.getByRole("main")).toHaveCount(1);
      if (screen.openMenu) await page.getByLabel(screen.openMenu).first().click();
      const checked = pages.replay ? await replayWithoutAppScripts(page, pages.replay) : page;
      expect(await seriousViolations(checked)).toEqual([]);
    });
  }
});
