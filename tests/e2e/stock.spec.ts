import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import fs from "node:fs/promises";
import {
  TINY_PNG,
  createInventoryCategory,
  createInventoryItem,
  createProduct,
  createProductCategory,
  createStaff,
  createWarehouse,
  restockItem,
  signIn,
  signInAsAdmin,
  uniqueTag,
} from "./support/staff";

const png = (name: string) => ({ name, mimeType: "image/png", buffer: TINY_PNG });

/**
 * With JavaScript, the New Inventory drawer drops its 'Choose' button once hydrated: from then on the
 * category select updates the sub-categories by itself.
 */
async function settle(page: Page, projectName: string) {
  if (projectName === "js-on") {
    await expect(page.getByRole("dialog").getByRole("button", { name: "Choose" })).toHaveCount(0);
  }
}

test.describe("stock", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("creates an inventory category with a sub-category from the Inventory menu", async ({ page }) => {
    const tag = uniqueTag();
    await page.goto("/inventory/all");
    await page.getByLabel("More inventory actions").click();
    await page.getByRole("link", { name: "Create New Category" }).click();
    const drawer = page.getByRole("dialog", { name: "Create New Category" });
    await drawer.getByLabel("Category Name", { exact: true }).fill(`Lighting ${tag}`);
    await drawer.getByLabel("Sub-Category Name (optional)").fill(`Bulbs ${tag}`);
    await drawer.getByRole("button", { name: "Create Category" }).click();
    await expect(page.getByText("Category created successfully!")).toBeVisible();

    await page.getByLabel("More inventory actions").click();
    await page.getByRole("link", { name: "Create New Sub-Category" }).click();
    const subDrawer = page.getByRole("dialog", { name: "Create New Sub-Category" });
    await subDrawer.getByLabel("Parent Category").selectOption({ label: `Lighting ${tag}` });
    await subDrawer.getByLabel("Sub-Category Name").fill(`Lamps ${tag}`);
    await subDrawer.getByRole("button", { name: "Create Sub-Category" }).click();
    await expect(page.getByText("Sub-category created successfully!")).toBeVisible();

    await page.goto("/settings/inventory-settings");
    const subs = page.getByRole("list", { name: `Sub-categories of Lighting ${tag}` });
    await expect(subs.getByText(`Bulbs ${tag}`)).toBeVisible();
    await expect(subs.getByText(`Lamps ${tag}`)).toBeVisible();
  });

  test("creates an inventory item after one invalid attempt, with an image", async ({ page }, testInfo) => {
    const category = await createInventoryCategory();
    const tag = uniqueTag();
    await page.goto("/inventory/all");
    await page.getByRole("link", { name: "New Inventory" }).click();
    const drawer = page.getByRole("dialog", { name: "New Inventory" });
    await settle(page, testInfo.project.name);
    await drawer.getByLabel("Inventory Name").fill(`Panel ${tag}`);
    await drawer.getByLabel("SKU").fill("bad sku!");
    await drawer.getByLabel("Number of Stock").fill("0");
    await drawer.getByRole("button", { name: "Create Inventory" }).click();
    await expect(drawer.getByText("Invalid Inventory Class")).toBeVisible();
    await expect(drawer.getByText("Inventory Category is required")).toBeVisible();
    await expect(drawer.getByText("SKU can only contain letters, numbers and dashes")).toBeVisible();
    await expect(drawer.getByText("Number of stock must be greater than 0")).toBeVisible();
    await expect(drawer.getByText("Inventory Image is required")).toBeVisible();
    await expect(drawer.getByLabel("Inventory Name")).toHaveValue(`Panel ${tag}`);

    await drawer.getByLabel("Inventory Class").selectOption("REGULAR");
    await drawer.getByLabel("Inventory Category").selectOption({ label: category.name });
    if (testInfo.project.name === "js-off") {
      // Without JavaScript the category's sub-categories come with the form sent back.
      await drawer.getByRole("button", { name: "Choose" }).click();
      await expect(drawer.getByText("Choose the image again")).toBeVisible();
      await expect(drawer.getByLabel("Inventory Name")).toHaveValue(`Panel ${tag}`);
    }
    await drawer.getByLabel("Inventory Sub-Category").selectOption({ label: category.subCategory.name });
    await drawer.getByLabel("Manufacturer Name").fill("Lumen Ltd");
    await drawer.getByLabel("Date of Manufacture").fill("2024-03-01");
    await drawer.getByLabel("SKU").fill(`PNL-${tag}`);
    await drawer.getByLabel("Number of Stock").fill("20");
    await drawer.getByLabel("Cost of Item (₦)").fill("1500");
    await drawer.getByLabel("Sale Price (₦)").fill("2300");
    await drawer.getByLabel("Inventory Image").setInputFiles(png("panel.png"));
    await drawer.getByRole("button", { name: "Create Inventory" }).click();
    await expect(page.getByText("Inventory created successfully!")).toBeVisible();

    await page.getByLabel("Search inventory").fill(`PNL-${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.getByRole("row", { name: new RegExp(`Panel ${tag}`) });
    await expect(row).toContainText("₦2,300");
    await expect(row).toContainText("20");
    await expect(row.locator("img")).toHaveAttribute("src", /^\/files\//);
  });

  test("restocks an item from its page", async ({ page }) => {
    const item = await createInventoryItem({ numberOfStock: 10, price: 2000 });
    await page.goto(`/inventory/${item.id}`);
    // The section's tabs keep their counts on an item's page, as on its lists.
    const tabs = page.getByRole("navigation", { name: "Inventory navigation" });
    for (const tab of ["All Inventory", "Regular", "Returned", "Refurbished"]) {
      await expect(tabs.getByRole("link", { name: new RegExp(`^${tab} \\d[\\d,]*$`) })).toBeVisible();
    }
    const form = page.getByRole("form", { name: "Restock" });
    await form.getByLabel("Number of Stock").fill("5");
    // A sale price below the cost is refused under its field, the rest kept.
    await form.getByLabel("Cost of Item (₦)").fill("3000");
    await form.getByLabel("Sale Price (₦)").fill("2600");
    await form.getByRole("button", { name: "Restock" }).click();
    await expect(form.getByText("Sale price cannot be below the cost of item (₦3,000)")).toBeVisible();
    await expect(form.getByLabel("Number of Stock")).toHaveValue("5");
    await form.getByLabel("Cost of Item (₦)").fill("1200");
    await form.getByRole("button", { name: "Restock" }).click();
    await expect(page.getByText("Inventory restocked successfully!")).toBeVisible();
    const batches = page.getByRole("table", { name: "Batches" });
    await expect(batches.getByRole("row")).toHaveCount(3);
    await expect(batches.getByRole("row", { name: /₦2,600/ })).toContainText("5");
    await expect(page.getByText("₦2,000 - ₦2,600")).toBeVisible();
    await expect(page.getByRole("table", { name: "Movements" }).getByText("Receipt")).toHaveCount(2);
  });

  test("transfers part of a batch to another warehouse", async ({ page }) => {
    const [from, to] = [await createWarehouse(), await createWarehouse()];
    const item = await createInventoryItem({ numberOfStock: 10, warehouseId: from.id });
    await page.goto(`/inventory/${item.id}`);
    const form = page.getByRole("form", { name: "Transfer" });
    await form.getByLabel("Batch").selectOption(item.batches[0].id);
    await form.getByLabel("Destination Warehouse").selectOption({ label: to.name });
    await form.getByLabel("Quantity to Move").fill("4");
    await form.getByRole("button", { name: "Transfer" }).click();
    await expect(page.getByText("Stock transferred successfully!")).toBeVisible();
    const batches = page.getByRole("table", { name: "Batches" });
    await expect(batches.getByRole("row", { name: new RegExp(from.name) })).toContainText("6");
    await expect(batches.getByRole("row", { name: new RegExp(to.name) })).toContainText("4");
    const transfer = page.getByRole("table", { name: "Movements" }).getByRole("row", { name: /Transfer/ });
    await expect(transfer).toContainText(from.name);
    await expect(transfer).toContainText(to.name);
  });

  test("filters the inventory by warehouse from the warehouse cards", async ({ page }) => {
    const warehouse = await createWarehouse();
    const inside = await createInventoryItem({ warehouseId: warehouse.id, numberOfStock: 7 });
    const outside = await createInventoryItem();
    await page.goto("/warehouses/all");
    await page.getByLabel("Search warehouses").fill(warehouse.name);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("link", { name: warehouse.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/all\\?warehouseId=${warehouse.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expect(page.getByText(warehouse.name, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: inside.name })).toBeVisible();
    await expect(page.getByRole("link", { name: outside.name })).toHaveCount(0);
    await expect(page.getByText(/^1 - 1 of 1 items$/)).toBeVisible();
    // The tabs keep the warehouse.
    await page
      .getByRole("navigation", { name: "Inventory navigation" })
      .getByRole("link", { name: /Regular/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/inventory/regular\\?warehouseId=${warehouse.id}$`));
    await expect(page.getByRole("link", { name: inside.name })).toBeVisible();
    await page.getByRole("link", { name: "Return to Warehouses" }).click();
    await expect(page).toHaveURL(/\/warehouses\/all$/);
  });

  test("adds a warehouse", async ({ page }) => {
    const name = `Ikeja Store ${uniqueTag()}`;
    await page.goto("/warehouses/all");
    await page.getByLabel("More warehouse actions").click();
    await page.getByRole("link", { name: "Add New Warehouse" }).click();
    const drawer = page.getByRole("dialog", { name: "Add New Warehouse" });
    await drawer.getByRole("button", { name: "Create Warehouse" }).click();
    await expect(drawer.getByText("Warehouse Name is required")).toBeVisible();
    await expect(drawer.getByText("Inventory Classes are required")).toBeVisible();
    await drawer.getByLabel("Warehouse Name").fill(name);
    await drawer.getByLabel("Warehouse Type (optional)").fill("Retail");
    await drawer.getByLabel("Regular").check();
    await drawer.getByLabel("Returned").check();
    await drawer.getByLabel("Warehouse Image").setInputFiles(png("store.png"));
    await drawer.getByRole("button", { name: "Create Warehouse" }).click();
    await expect(page.getByText("Warehouse created successfully!")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText("Regular, Returned");
    await expect(card.locator("img")).toHaveAttribute("src", /^\/files\//);
  });

  test("a warehouse holding stock cannot be deactivated; an empty one can", async ({ page }) => {
    const full = await createWarehouse();
    await createInventoryItem({ warehouseId: full.id, numberOfStock: 3 });
    const empty = await createWarehouse();
    await page.goto(`/warehouses/all?search=${encodeURIComponent(full.name)}`);
    await page.getByRole("button", { name: `Deactivate ${full.name}` }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: /still holds 3 units/ })
        .first(),
    ).toBeVisible();
    await page.goto(`/warehouses/all?search=${encodeURIComponent(empty.name)}`);
    await page.getByRole("button", { name: `Deactivate ${empty.name}` }).click();
    await expect(page.getByText("Warehouse deactivated successfully!")).toBeVisible();
    await page.goto(`/warehouses/inactive?search=${encodeURIComponent(empty.name)}`);
    await expect(page.getByRole("button", { name: `Activate ${empty.name}` })).toBeVisible();
  });

  test("creates a product with the inventory picker and shows its price range", async ({ page }) => {
    const category = await createProductCategory();
    const panel = await createInventoryItem({ name: `Panel ${uniqueTag()}`, numberOfStock: 10, price: 2000 });
    await restockItem(panel.id, { numberOfStock: 10, costOfItem: 1000, price: 3000 });
    const bulb = await createInventoryItem({ name: `Bulb ${uniqueTag()}`, numberOfStock: 9, price: 500 });
    const spare = await createInventoryItem({ name: `Spare ${uniqueTag()}` });
    const name = `Solar Kit ${uniqueTag()}`;
    await page.goto("/products/all");
    await page.getByRole("link", { name: "New Product" }).click();
    const drawer = page.getByRole("dialog", { name: "New Product" });
    await drawer.getByLabel("Product Category").selectOption({ label: category.name });
    await drawer.getByLabel("Product Name").fill(name);
    await drawer.getByLabel("Single Deposit").check();
    for (const item of [panel, bulb, spare]) {
      await drawer.getByLabel("Search inventory", { exact: true }).fill(item.sku);
      await drawer.getByRole("button", { name: "Search inventory" }).click();
      await drawer.getByRole("button", { name: `Add ${item.name}` }).click();
      await expect(drawer.getByRole("button", { name: `Remove ${item.name} (${item.sku})` })).toBeVisible();
    }
    await drawer.getByRole("button", { name: `Remove ${spare.name} (${spare.sku})` }).click();
    await expect(drawer.getByText("2 Item(s) Selected")).toBeVisible();
    // What was typed survives the picker's round trips.
    await expect(drawer.getByLabel("Product Name")).toHaveValue(name);
    await expect(drawer.getByLabel("Single Deposit")).toBeChecked();
    await drawer.getByLabel(`Quantity of ${bulb.name} (${bulb.sku})`).fill("2");
    await drawer.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByText("Product created successfully!")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    // Per unit: one panel (₦2,000 to ₦3,000) and two bulbs (₦500 each).
    await expect(card).toContainText("₦3,000 - ₦4,000");
    await expect(card).toContainText("4 units available");
    await expect(card).toContainText(category.name);
  });

  test("edits a product from its page", async ({ page }) => {
    const item = await createInventoryItem({ numberOfStock: 12, price: 1500 });
    const product = await createProduct([{ inventoryId: item.id }]);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByText("₦1,500", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Edit Product" }).click();
    const renamed = `${product.name} Plus`;
    await page.getByLabel("Product Name").fill(renamed);
    await page.getByLabel("Installment").check();
    await page.getByLabel(`Quantity of ${item.name} (${item.sku})`).fill("3");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await expect(page.getByText("Single Deposit, Installment")).toBeVisible();
    await expect(page.getByText("₦4,500", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Product" })).toBeVisible();
  });

  test("exports the warehouse list as CSV", async ({ page }) => {
    const warehouse = await createWarehouse();
    await page.goto("/warehouses/all");
    await page.getByLabel("More warehouse actions").click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export list" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^warehouses_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await fs.readFile(await file.path(), "utf8")).replace(/^\uFEFF/, "");
    expect(text.split(/\r?\n/)[0]).toBe(
      "Name,Type,Inventory classes,Status,Units held,Inventory items held,Created",
    );
    expect(text).toContain(warehouse.name);
  });

  test("the inventory log lists movements by warehouse", async ({ page }) => {
    const warehouse = await createWarehouse();
    const item = await createInventoryItem({ warehouseId: warehouse.id, numberOfStock: 4 });
    await page.goto("/warehouses/all");
    await page.getByLabel("More warehouse actions").click();
    await page.getByRole("link", { name: "View All Inventory Logs" }).click();
    const panel = page.getByRole("dialog", { name: "Inventory Logs" });
    await panel.getByLabel("Warehouse").selectOption({ label: warehouse.name });
    await panel.getByRole("button", { name: "Filter" }).click();
    const rows = panel.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(item.sku);
    await expect(rows.first()).toContainText("Receipt");
  });

  test("Inventory Settings creates and renames categories", async ({ page }) => {
    const tag = uniqueTag();
    await page.goto("/settings/inventory-settings");
    const create = page.getByRole("region", { name: "New Category" });
    await create.getByRole("button", { name: "Create Category" }).click();
    await expect(create.getByText("Category Name is required")).toBeVisible();
    await create.getByLabel("Category Name", { exact: true }).fill(`Storage ${tag}`);
    await create.getByLabel("Sub-Category Name (optional)").fill(`Lithium ${tag}`);
    await create.getByRole("button", { name: "Create Category" }).click();
    await expect(page.getByText("Category created successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Storage ${tag}` })).toBeVisible();

    await page.getByRole("link", { name: `Rename Lithium ${tag}` }).click();
    await page.getByLabel(`New name for Lithium ${tag}`).fill(`Lithium-ion ${tag}`);
    await page.getByRole("button", { name: "Save Name" }).click();
    await expect(page.getByText("Category renamed successfully!")).toBeVisible();
    await expect(
      page.getByRole("list", { name: `Sub-categories of Storage ${tag}` }).getByText(`Lithium-ion ${tag}`),
    ).toBeVisible();

    // A duplicate name is answered under its field, with what was typed kept.
    await page
      .getByRole("region", { name: "New Category" })
      .getByLabel("Category Name", { exact: true })
      .fill(`Storage ${tag}`);
    await page
      .getByRole("region", { name: "New Category" })
      .getByRole("button", { name: "Create Category" })
      .click();
    await expect(page.getByText("A category with this name already exists")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "New Category" }).getByLabel("Category Name", { exact: true }),
    ).toHaveValue(`Storage ${tag}`);
  });
});

test("a role that may only read stock sees no create or edit actions", async ({ page }) => {
  const viewer = await createStaff("viewer");
  const item = await createInventoryItem();
  const product = await createProduct([{ inventoryId: item.id }]);
  await signIn(page, viewer.email, viewer.password);
  await page.goto("/inventory/all");
  await expect(page.getByRole("heading", { name: "All Inventory" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Inventory" })).toHaveCount(0);
  await expect(page.getByLabel("More inventory actions")).toHaveCount(0);
  await page.goto(`/inventory/${item.id}`);
  await expect(page.getByRole("heading", { name: item.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restock" })).toHaveCount(0);
  await page.goto("/products/all");
  await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Product" })).toHaveCount(0);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole("link", { name: "Edit Product" })).toHaveCount(0);
  await page.goto("/warehouses/all");
  await expect(page.getByRole("heading", { name: "All Warehouses" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Warehouse" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Deactivate / })).toHaveCount(0);
  await page.goto("/settings/inventory-settings");
  await expect(page.getByRole("heading", { name: "Inventory Categories" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Category" })).toHaveCount(0);
});
