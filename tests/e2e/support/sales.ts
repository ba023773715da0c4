import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { E2E } from "./env";
import {
  TINY_PNG,
  apiToken,
  createDevice,
  createInventoryItem,
  createProductCategory,
  uniqueTag,
} from "./staff";

/** Factories for the sale journeys, made through the real API like the others. */

/**
 * A product that can be sold: an inventory item with stock, `devices` devices registered as units of
 * that item, and a product of `quantityPerUnit` of the item per unit, offered by single deposit and
 * instalment unless said otherwise.
 */
export async function createSellableProduct(
  options: {
    name?: string;
    stock?: number;
    price?: number;
    cost?: number;
    devices?: number;
    quantityPerUnit?: number;
    paymentModes?: ("ONE_OFF" | "INSTALLMENT")[];
  } = {},
) {
  const tag = uniqueTag();
  const item = await createInventoryItem({
    name: `Battery ${tag}`,
    numberOfStock: options.stock ?? 10,
    price: options.price ?? 50_000,
    costOfItem: options.cost ?? 40_000,
  });
  const devices: { id: string; serialNumber: string }[] = [];
  for (let index = 0; index < (options.devices ?? 3); index += 1) {
    const device = await createDevice({ inventoryId: item.id, serialNumber: `SN${tag}${index}` });
    devices.push({ id: device.id, serialNumber: device.serialNumber });
  }
  const category = await createProductCategory(`Kits ${tag}`);
  const body = new FormData();
  body.set("categoryId", category.id);
  body.set("name", options.name ?? `Solar Kit ${tag}`);
  body.set("paymentModes", (options.paymentModes ?? ["ONE_OFF", "INSTALLMENT"]).join(","));
  body.set("inventories", JSON.stringify([{ inventoryId: item.id, quantity: options.quantityPerUnit ?? 1 }]));
  body.set("productImage", new Blob([TINY_PNG], { type: "image/png" }), "kit.png");
  const response = await fetch(`${E2E.appUrl}/api/v1/products`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await apiToken()}` },
    body,
  });
  const product = (await response.json()) as { id: string; name: string };
  if (!response.ok) throw new Error(`POST /products → ${response.status} ${JSON.stringify(product)}`);
  return { product, category, item, devices };
}

/** The create-sale panel and the dialogs over it, by their titles. */
export const saleForm = (page: Page) => page.getByRole("dialog", { name: "Create New Sale" });
export const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Starts a sale from the New Sale panel and waits for its form. */
export async function startSale(page: Page) {
  await page.goto("/sales/all/new");
  await page.getByRole("button", { name: "Start a new sale" }).click();
  await expect(saleForm(page)).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/all\/new\/[^/]+$/);
}

/** Picks a customer in the Select Customer drawer by searching their last name. */
export async function chooseCustomer(page: Page, customer: { firstname: string; lastname: string }) {
  await saleForm(page)
    .getByRole("button", { name: /^(Select|Change) Customer$/ })
    .click();
  const drawer = dialog(page, "Select Customer");
  await drawer.getByLabel("Search customers").fill(customer.lastname);
  await drawer.getByRole("button", { name: "Search", exact: true }).click();
  await drawer.getByRole("button", { name: `${customer.firstname} ${customer.lastname}` }).click();
  await expect(drawer.getByText("1 Item(s) Selected")).toBeVisible();
  await drawer.getByRole("button", { name: "Done" }).click();
  await expect(saleForm(page).getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();
}

/** Opens the Select Product drawer on the product's category and selects it. */
export async function selectProduct(page: Page, product: { name: string }, category: { name: string }) {
  await saleForm(page).getByRole("button", { name: "Select Product" }).click();
  const drawer = dialog(page, "Select Product");
  await drawer.getByRole("link", { name: category.name, exact: true }).click();
  await expect(drawer.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await drawer.getByRole("button", { name: `Select ${product.name}` }).click();
  await expect(drawer.getByRole("button", { name: `Remove ${product.name}` })).toBeVisible();
  return drawer;
}

/** A product's card on the create-sale form. */
export const itemCard = (page: Page, productName: string) =>
  saleForm(page).getByRole("article", { name: productName });

/**
 * A draft of the e2e administrator (drafts belong to whoever started them) with `customerId` and
 * `productId` in it; `installment` sets the product's parameters to an instalment, so the form asks KYC.
 */
export async function createDraft(
  options: { customerId?: string; productId?: string; installment?: boolean } = {},
) {
  const token = await apiToken();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${E2E.appUrl}/api/v1/sales/drafts${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { id: string };
    if (!response.ok)
      throw new Error(`${method} drafts${path} → ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const draft = await call("POST", "");
  if (options.customerId) await call("PUT", `/${draft.id}/customer`, { customerId: options.customerId });
  if (options.productId) {
    await call("POST", `/${draft.id}/products`, { productId: options.productId });
    if (options.installment) {
      await call("PUT", `/${draft.id}/products/${options.productId}/parameters`, {
        paymentMode: "INSTALLMENT",
        installmentDuration: 3,
        installmentStartingPrice: 30,
      });
    }
  }
  return draft;
}
