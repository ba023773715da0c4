import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import {
  createAgent,
  createDevice,
  createInventoryItem,
  createProduct,
  lateAccounts,
  signInAsAdmin,
} from "./support/staff";
import { createSale, recordCash, startCheckout } from "./support/sale-records";
import { createDraft, createSellableProduct } from "./support/sales";

/**
 * The stock, catalogue and sales screens (and the pages added since: the sandbox checkout, the
 * request-too-large page) at 320 px (nothing wider than the screen) and with the keyboard
 * alone (Tab from the top of the page reaches a control inside the main content, and shows where focus
 * is). Their axe checks are in accessibility.spec.ts.
 */

type Records = {
  agentId: string;
  lateSaleId: string;
  deviceId: string;
  inventoryId: string;
  productId: string;
  checkoutReference: string;
  receiptPath: string;
  detailsPath: string;
};
let records: Records;

const SCREENS: { name: string; path: (records: Records) => string }[] = [
  { name: "agents", path: () => "/agents/all" },
  { name: "active agents", path: () => "/agents/active" },
  { name: "barred agents", path: () => "/agents/barred" },
  { name: "new agents drawer", path: () => "/agents/all/new" },
  { name: "an agent's page", path: (r) => `/agents/${r.agentId}` },
  { name: "devices", path: () => "/devices/all" },
  { name: "linked devices", path: () => "/devices/linked" },
  { name: "available devices", path: () => "/devices/available" },
  { name: "new device drawer", path: () => "/devices/all/new" },
  { name: "device batch drawer", path: () => "/devices/all/batch" },
  { name: "a device's page", path: (r) => `/devices/${r.deviceId}` },
  { name: "inventory", path: () => "/inventory/all" },
  { name: "regular inventory", path: () => "/inventory/regular" },
  { name: "returned inventory", path: () => "/inventory/returned" },
  { name: "refurbished inventory", path: () => "/inventory/refurbished" },
  { name: "new inventory drawer", path: () => "/inventory/all/new" },
  { name: "new inventory category drawer", path: () => "/inventory/all/categories/new" },
  { name: "new inventory sub-category drawer", path: () => "/inventory/all/sub-categories/new" },
  { name: "an inventory item's page", path: (r) => `/inventory/${r.inventoryId}` },
  { name: "a product's page", path: (r) => `/products/${r.productId}` },
  { name: "batch upload sales drawer", path: () => "/sales/all/batch-upload" },
  { name: "export data drawer", path: () => "/sales/all/export" },
  { name: "the sandbox checkout", path: (r) => `/payment/sandbox/${r.checkoutReference}` },
  { name: "a receipt, to print", path: (r) => `${r.receiptPath}/print` },
  {
    name: "a sale's statement, to print",
    path: (r) => r.receiptPath.replace(/\/payments\/.*$/, "/statement/print"),
  },
  { name: "business settings", path: () => "/settings/business" },
  { name: "a new device for a sale's unit", path: (r) => `/devices/all/new?forItem=${r.inventoryId}` },
  { name: "a product's details on one page", path: (r) => r.detailsPath },
  {
    name: "an instalment's contract on one page",
    path: (r) => r.detailsPath.replace(/\/items\/.*$/, "/contract"),
  },
  { name: "the request-too-large page", path: () => "/request-too-large" },
  { name: "the portfolio", path: () => "/portfolio" },
  { name: "the portfolio's accounts", path: () => "/portfolio/accounts?bucket=31-90" },
  { name: "the collections worklist", path: () => "/collections" },
  { name: "a collection case", path: (r) => `/collections/${r.lateSaleId}` },
  { name: "a message to the worklist", path: () => "/collections/message?bucket=90%2B" },
  { name: "the messages outbox", path: () => "/messages" },
  { name: "settings: messages", path: () => "/settings/messages" },
  { name: "settings: a message template", path: () => "/settings/messages/WELCOME" },
  { name: "a late account's sale page", path: (r) => `/sales/${r.lateSaleId}` },
  { name: "give a delay", path: (r) => `/sales/${r.lateSaleId}/actions/delay` },
  { name: "repossess", path: (r) => `/sales/${r.lateSaleId}/actions/repossess` },
  { name: "issue a token from the sale", path: (r) => `/sales/${r.lateSaleId}/actions/token` },
  { name: "early payoff", path: (r) => `/sales/${r.lateSaleId}/actions/payoff` },
  { name: "cancel the sale", path: (r) => `/sales/${r.lateSaleId}/actions/cancel` },
  { name: "restructure", path: (r) => `/sales/${r.lateSaleId}/actions/restructure` },
  { name: "swap a device", path: (r) => `/sales/${r.lateSaleId}/actions/swap` },
];

async function overflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

test.beforeAll(async () => {
  const [agent, device, item, online, cash] = await Promise.all([
    createAgent(),
    createDevice(),
    createInventoryItem(),
    createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" }),
    createSale({ paymentMethod: "CASH", paymentMode: "ONE_OFF" }),
  ]);
  const { payment } = (await recordCash(cash.sale.id, cash.sale.amountDueNow)) as { payment: { id: string } };
  const [product, checkout, sellable] = await Promise.all([
    createProduct([{ inventoryId: item.id }]),
    startCheckout(online.sale.id),
    createSellableProduct({ devices: 2 }),
  ]);
  const draft = await createDraft({ productId: sellable.product.id, installment: true });
  const [late] = await lateAccounts(1);
  records = {
    agentId: agent.id,
    lateSaleId: late.saleId,
    deviceId: device.id,
    inventoryId: item.id,
    productId: product.id,
    checkoutReference: checkout.reference,
    receiptPath: `/sales/${cash.sale.id}/payments/${payment.id}`,
    detailsPath: `/sales/all/new/${draft.id}/items/${sellable.product.id}/details`,
  };
});

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });
  for (const screen of SCREENS) {
    test(`${screen.name} fits the screen`, async ({ page }) => {
      await page.goto(screen.path(records));
      await expect(page.getByRole("main")).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
    });
  }
});

test.describe("with the keyboard alone", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });
  for (const screen of SCREENS) {
    test(`${screen.name}: Tab reaches a control in the main content, with a visible focus`, async ({
      page,
    }) => {
      await page.goto(screen.path(records));
      let reached = false;
      for (let stop = 0; stop < 60 && !reached; stop += 1) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() => {
          const active = document.activeElement;
          const main = document.querySelector("main");
          const dialog = active?.closest("[role=dialog]");
          return Boolean(active && active !== document.body && (main?.contains(active) || dialog));
        });
      }
      expect(reached, "Tab never reached the page's own controls").toBe(true);
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return style.outlineStyle !== "none" || style.boxShadow !== "none";
      });
      expect(outline, "the focused control shows no focus ring").toBe(true);
    });
  }
});
