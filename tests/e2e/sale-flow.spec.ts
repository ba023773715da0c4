import { expect, test } from "@playwright/test";
import {
  createSellableProduct,
  dialog,
  itemCard,
  saleForm,
  selectProduct,
  startSale,
} from "./support/sales";
import { createCustomer, signInAsAdmin } from "./support/staff";

const RECIPIENT = {
  "First Name": "Ngozi",
  "Last Name": "Eze",
  "Phone Number": "08031112222",
  Email: "ngozi.eze@example.com",
  Address: "12 Allen Avenue, Ikeja",
};

test.describe("new sale", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a one-off cash sale of one product, from the customer drawer to submit", async ({
    page,
    javaScriptEnabled,
  }) => {
    const customer = await createCustomer();
    const { product, category, devices } = await createSellableProduct({ devices: 2 });
    await startSale(page);

    // Select Customer: an empty Done is refused (without JavaScript it reaches the server).
    await saleForm(page).getByRole("button", { name: "Select Customer" }).click();
    const customers = dialog(page, "Select Customer");
    await expect(page).toHaveTitle("Select Customer — New Sale — SolarDesk");
    await expect(customers.getByRole("columnheader", { name: "S/N" })).toBeVisible();
    await expect(customers.getByText(/^1 - 10 of \d+ customers$/)).toBeVisible();
    await expect(customers.getByText("0 Item(s) Selected")).toBeVisible();
    if (javaScriptEnabled) {
      await expect(customers.getByRole("button", { name: "Done" })).toBeDisabled();
    } else {
      await customers.getByRole("button", { name: "Done" }).click();
      await expect(customers.getByText("Please select at least one customer")).toBeVisible();
    }
    await customers.getByLabel("Search customers").fill(customer.lastname);
    await customers.getByRole("button", { name: "Search", exact: true }).click();
    const row = customers.getByRole("button", { name: `${customer.firstname} ${customer.lastname}` });
    await row.click();
    await expect(customers.getByText("1 Item(s) Selected")).toBeVisible();
    await expect(row).toHaveAttribute("aria-pressed", "true");
    // Clicking the selected row deselects it; clicking again selects it.
    await row.click();
    await expect(customers.getByText("0 Item(s) Selected")).toBeVisible();
    await row.click();
    await customers.getByRole("button", { name: "Done" }).click();
    await expect(saleForm(page).getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();

    const products = await selectProduct(page, product, category);
    await expect(products.getByText("1 Item(s) Selected")).toBeVisible();
    await expect(products.getByRole("button", { name: `Decrease units of ${product.name}` })).toBeDisabled();
    await products.getByRole("button", { name: "Done" }).click();

    const card = itemCard(page, product.name);
    await expect(card.getByText(category.name)).toBeVisible();
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toContainText(
      "At least one device is required",
    );
    await card.getByRole("button", { name: `Link Device for ${product.name}` }).click();
    const linking = dialog(page, "Link Device(s)");
    await expect(linking.getByRole("button", { name: "Saved 0 of 1 Linked Device(s)" })).toBeDisabled();
    await linking.getByRole("button", { name: `Link ${devices[0].serialNumber}` }).click();
    await expect(linking.getByText("Full · 1 of 1 linked")).toBeVisible();
    await linking.getByRole("button", { name: "✓ Save Linked 1 Device(s)" }).click();
    await expect(card.getByText(devices[0].serialNumber)).toBeVisible();

    await card.getByRole("button", { name: `Set Recipient for ${product.name}` }).click();
    const recipient = dialog(page, "Fill Sale Recipient");
    for (const [label, value] of Object.entries(RECIPIENT)) await recipient.getByLabel(label).fill(value);
    await recipient.getByRole("button", { name: "Save Recipient" }).click();
    await expect(card.getByText("Ngozi Eze")).toBeVisible();
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toHaveCount(0);

    await saleForm(page).getByRole("button", { name: "Continue to Sale Summary" }).click();
    const summary = dialog(page, "Sale Summary");
    await expect(page).toHaveTitle("Sale Summary — SolarDesk");
    await expect(summary.getByRole("heading", { name: "General Details" })).toBeVisible();
    await expect(summary.getByRole("region", { name: "Product 1" })).toContainText(product.name);
    await summary.getByLabel("Cash").check();
    await summary.getByRole("button", { name: "Create Sale" }).click();
    await expect(page.getByText("Sale created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/[^/]+\/payment$/);
  });
});
