import { expect, test } from "@playwright/test";
import { deleteDraft, naira } from "./support/sale-records";
import type { Locator } from "@playwright/test";
import {
  chooseCustomer,
  createDraft,
  createSellableProduct,
  dialog,
  itemCard,
  saleForm,
  selectProduct,
  startSale,
} from "./support/sales";
import { createAgent, createCustomer, createStaff, signIn, signInAsAdmin } from "./support/staff";

/** A valid identification, in the fields of the identification modal and the guarantor's. */
async function fillIdentification(scope: Locator) {
  await scope.getByLabel("ID Type").selectOption("Nin");
  await scope.getByLabel("ID Number").fill("12345678901");
  await scope.getByLabel("Issuing Country").fill("Nigeria");
  await scope.getByLabel("Full Name as on ID").fill("Bola Adeyemi");
  await scope.getByLabel("Issue Date").fill("2020-01-15");
  await scope.getByLabel("Expiration Date").fill("2035-01-15");
}

const RECIPIENT = {
  "First Name": "Ngozi",
  "Last Name": "Eze",
  "Phone Number": "08031112222",
  Email: "ngozi.eze@example.com",
  Address: "12 Allen Avenue, Ikeja",
};

test.describe("new sale", () => {
  let browserErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    browserErrors = [];
    page.on("pageerror", (error) => browserErrors.push(error.message));
    page.on("console", (message) => {
      // A refused form answers 400, which the browser notes by itself; only the page's own errors count.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        browserErrors.push(message.text());
    });
    await signInAsAdmin(page);
  });
  test.afterEach(() => {
    expect(browserErrors).toEqual([]);
  });

  test("a one-off cash sale of one product, from the customer drawer to submit", async ({
    page,
    javaScriptEnabled,
  }) => {
    // About forty page loads without JavaScript, each a whole document: a long journey on a busy machine.
    test.setTimeout(90_000);
    const customer = await createCustomer();
    const { product, category, devices } = await createSellableProduct({ devices: 2, price: 53_210 });
    await startSale(page);

    // Select Customer: an empty Done is refused (without JavaScript it reaches the server).
    await saleForm(page).getByRole("button", { name: "Select Customer" }).click();
    const customers = dialog(page, "Select Customer");
    await expect(page).toHaveTitle("Select Customer — New Sale — SolarDesk");
    await expect(customers.getByRole("columnheader", { name: "S/N" })).toBeVisible();
    await expect(customers.getByRole("columnheader", { name: "PHONE" })).toBeVisible();
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
    // One price: what the drawer shows is what the summary charges (decision 017).
    await expect(products.getByText(naira(53_210), { exact: true })).toBeVisible();
    await expect(products.getByRole("button", { name: `Decrease units of ${product.name}` })).toBeDisabled();
    await products.getByRole("button", { name: "Done" }).click();

    const card = itemCard(page, product.name);
    await expect(card.getByText(category.name)).toBeVisible();
    // The customer is the recipient until staff name someone else.
    await expect(card.getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toContainText(
      "At least one device is required",
    );
    // What is needed is said as soon as the product is picked.
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toContainText(
      /Link 1 device of \S/,
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
    // A saved part can be cleared, and set again.
    await expect(card.getByText("Saved")).toHaveCount(2);
    await card.getByRole("button", { name: `Clear Recipient of ${product.name}` }).click();
    await expect(card.getByText("Ngozi Eze")).toHaveCount(0);
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toContainText(
      "Please fill the sale recipient",
    );
    await card.getByRole("button", { name: `Set Recipient for ${product.name}` }).click();
    await dialog(page, "Fill Sale Recipient")
      .getByRole("button", { name: `Same as customer (${customer.firstname} ${customer.lastname})` })
      .click();
    await expect(card.getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();
    await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toHaveCount(0);

    await saleForm(page).getByRole("button", { name: "Continue to Sale Summary" }).click();
    const summary = dialog(page, "Sale Summary");
    await expect(page).toHaveTitle("Sale Summary — SolarDesk");
    await expect(summary.getByRole("heading", { name: "General Details" })).toBeVisible();
    await expect(summary.getByRole("region", { name: "Product 1" })).toContainText(product.name);
    await expect(summary).toContainText(`Total price${naira(53_210)}`);
    await expect(summary.getByText("Priced at each unit's batch sale price", { exact: false })).toBeVisible();
    await summary.getByLabel("Cash").check();
    await summary.getByRole("button", { name: "Create Sale" }).click();
    await expect(page.getByText("Sale created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/[^/]+\/payment$/);
    // The cash form offers the whole price of a one-off sale; recording it ends on its receipt.
    const cash = page.getByRole("region", { name: "Record Cash Payment" });
    await cash.getByRole("button", { name: "Record Payment" }).click();
    const receipt = page.getByRole("article", { name: "Payment Receipt" });
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt).toContainText("Balance After₦0");
  });

  test("a two-product instalment sale with KYC, devices, a recipient and a cost, each modal refused once first", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(180_000);
    const customer = await createCustomer();
    const lamp = await createSellableProduct({ devices: 3, price: 60_000, cost: 48_000 });
    const fridge = await createSellableProduct({ devices: 2, price: 30_000, cost: 24_000 });
    const a = lamp.product.name;
    const b = fridge.product.name;
    const agent = await createAgent();
    await startSale(page);
    await chooseCustomer(page, customer);
    await saleForm(page)
      .getByLabel("Agent (optional)")
      .selectOption({ label: `${agent.firstname} ${agent.lastname} (${agent.location})` });

    // Select Product: nothing selected yet, then two products, the first at two units.
    await saleForm(page).getByRole("button", { name: "Select Product" }).click();
    const products = dialog(page, "Select Product");
    await expect(page).toHaveTitle("Select Product — New Sale — SolarDesk");
    if (javaScriptEnabled) {
      await expect(products.getByRole("button", { name: "Done" })).toBeDisabled();
    } else {
      await products.getByRole("button", { name: "Done" }).click();
      await expect(products.getByText("At least one sale item is required")).toBeVisible();
    }
    await products.getByRole("link", { name: lamp.category.name, exact: true }).click();
    await expect(products.getByPlaceholder(`Search ${lamp.category.name} here`)).toBeVisible();
    await products.getByRole("button", { name: `Select ${a}` }).click();
    await products.getByRole("button", { name: `Increase units of ${a}` }).click();
    await expect(products.getByRole("group", { name: `Units of ${a}` })).toContainText("2");
    await expect(products.getByRole("button", { name: `Decrease units of ${a}` })).toBeEnabled();
    await products.getByRole("link", { name: fridge.category.name, exact: true }).click();
    await products.getByRole("button", { name: `Select ${b}` }).click();
    await expect(products.getByText("2 Item(s) Selected")).toBeVisible();
    await products.getByRole("button", { name: "Done" }).click();
    const cardA = itemCard(page, a);
    const cardB = itemCard(page, b);
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();

    // Parameters: refused without a mode, then without the instalment values; the discount is kept.
    await cardA.getByRole("button", { name: `Set Parameters for ${a}` }).click();
    const parameters = dialog(page, "Set Parameters");
    await expect(parameters.getByText("Please select parameters for this product.")).toBeVisible();
    await parameters.getByLabel("Discount (%)").fill("5");
    const save = parameters.getByRole("button", { name: "Save Parameters" });
    if (javaScriptEnabled) {
      // Save waits until the parameters are complete: a mode, and for an instalment both values.
      await expect(save).toBeDisabled();
      await parameters.getByLabel("Payment Mode").selectOption("INSTALLMENT");
      await expect(save).toBeDisabled();
      await parameters.getByLabel("Installment Duration (months)").fill("6");
      await expect(save).toBeDisabled();
      // Above 100 % is said to be so, at once (it used to reset to 0 in silence).
      await parameters.getByLabel("Installment Starting Price (%)").fill("150");
      await save.click();
      await expect(parameters.getByText("Installment starting price must be at most 100")).toBeVisible();
    } else {
      await save.click();
      await expect(parameters.getByText("Payment mode is required")).toBeVisible();
      await expect(parameters.getByLabel("Discount (%)")).toHaveValue("5");
      await parameters.getByLabel("Payment Mode").selectOption("INSTALLMENT");
      await save.click();
      await expect(
        parameters.getByText("Installment duration is required for installment payments"),
      ).toBeVisible();
      await expect(
        parameters.getByText("Installment starting price is required for installment payments"),
      ).toBeVisible();
      await expect(parameters.getByLabel("Discount (%)")).toHaveValue("5");
      // Typed but wrong: each value is told what is wrong with it, not that it is missing.
      await parameters.getByLabel("Installment Duration (months)").fill("0");
      await parameters.getByLabel("Installment Starting Price (%)").fill("150");
      await save.click();
      await expect(parameters.getByText("Installment duration must be at least 1 month")).toBeVisible();
      await expect(parameters.getByText("Installment starting price must be at most 100")).toBeVisible();
      await parameters.getByLabel("Installment Duration (months)").fill("6");
    }
    await parameters.getByLabel("Installment Starting Price (%)").fill("25");
    await expect(save).toBeEnabled();
    await parameters.getByRole("button", { name: "Save Parameters" }).click();
    await expect(cardA.getByText("Installment · 6 months · 25% deposit · 5% discount")).toBeVisible();

    // Miscellaneous costs: an empty name and a negative cost are refused; rows are added and removed.
    await cardA.getByRole("button", { name: `Set Miscellaneous Costs for ${a}` }).click();
    const costs = dialog(page, "Set Miscellaneous Costs");
    await costs.getByLabel("Cost 1 (₦)").fill("-5");
    await costs.getByRole("button", { name: "Save Miscellaneous Costs" }).click();
    await expect(costs.getByText("Name is required")).toBeVisible();
    await expect(costs.getByText("Cost must be a positive number")).toBeVisible();
    await expect(costs.getByLabel("Cost 1 (₦)")).toHaveValue("-5");
    await costs.getByRole("button", { name: "Add cost" }).click();
    await expect(costs.getByLabel("Cost name 2")).toBeVisible();
    await expect(costs.getByLabel("Cost 1 (₦)")).toHaveValue("-5");
    await costs.getByRole("button", { name: "Remove cost 2" }).click();
    await expect(costs.getByLabel("Cost name 2")).toHaveCount(0);
    await costs.getByLabel("Cost name 1").fill("Delivery");
    await costs.getByLabel("Cost 1 (₦)").fill("500");
    await costs.getByRole("button", { name: "Save Miscellaneous Costs" }).click();
    await expect(cardA.getByText("Delivery ₦500")).toBeVisible();

    // Devices: two units need two devices; saving waits until both are linked.
    await cardA.getByRole("button", { name: `Link Device for ${a}` }).click();
    const linking = dialog(page, "Link Device(s)");
    await expect(linking.getByRole("button", { name: "Saved 0 of 2 Linked Device(s)" })).toBeDisabled();
    await linking.getByRole("button", { name: `Link ${lamp.devices[0].serialNumber}` }).click();
    await expect(linking.getByText("Partial · 1 of 2 linked")).toBeVisible();
    await expect(linking.getByRole("button", { name: "Saved 1 of 2 Linked Device(s)" })).toBeDisabled();
    await linking.getByLabel(`Search devices of ${lamp.item.name}`).fill(lamp.devices[2].serialNumber);
    await linking.getByRole("button", { name: "Search", exact: true }).click();
    await expect(linking.getByRole("button", { name: `Link ${lamp.devices[1].serialNumber}` })).toHaveCount(
      0,
    );
    await linking.getByRole("button", { name: `Link ${lamp.devices[2].serialNumber}` }).click();
    await expect(linking.getByText("Full · 2 of 2 linked")).toBeVisible();
    // Full: the devices are removed through the edit icon.
    const second = lamp.devices[2].serialNumber;
    await expect(linking.getByRole("button", { name: `Remove ${second}` })).toHaveCount(0);
    await linking.getByRole("button", { name: `Edit linked devices of ${lamp.item.name}` }).click();
    await linking.getByRole("button", { name: `Remove ${second}` }).click();
    await expect(linking.getByText("Partial · 1 of 2 linked")).toBeVisible();
    await linking.getByRole("button", { name: `Link ${second}` }).click();
    await expect(linking.getByText("Full · 2 of 2 linked")).toBeVisible();
    await linking.getByRole("button", { name: "✓ Save Linked 2 Device(s)" }).click();
    await expect(
      cardA.getByText(`${lamp.devices[0].serialNumber}, ${lamp.devices[2].serialNumber}`),
    ).toBeVisible();

    // Recipient: a short first name, a short phone and a bad e-mail are each told what is wrong.
    await cardA.getByRole("button", { name: `Set Recipient for ${a}` }).click();
    const recipient = dialog(page, "Fill Sale Recipient");
    await recipient.getByLabel("First Name").fill("N");
    await recipient.getByLabel("Last Name").fill("Eze");
    await recipient.getByLabel("Phone Number").fill("123");
    await recipient.getByLabel("Email").fill("not-an-email");
    // The window starts with the customer's details; emptied, the address is asked for.
    await recipient.getByLabel("Address").fill("");
    await recipient.getByRole("button", { name: "Save Recipient" }).click();
    await expect(recipient.getByText("Firstname must be at least 2 characters")).toBeVisible();
    await expect(recipient.getByText("Phone number must be at least 10 digits")).toBeVisible();
    await expect(recipient.getByText("Invalid email")).toBeVisible();
    await expect(recipient.getByText("Address is required")).toBeVisible();
    await expect(recipient.getByLabel("Last Name")).toHaveValue("Eze");
    for (const [label, value] of Object.entries(RECIPIENT)) await recipient.getByLabel(label).fill(value);
    await recipient.getByRole("button", { name: "Save Recipient" }).click();
    await expect(cardA.getByText("Ngozi Eze")).toBeVisible();

    // The second product: single deposit, one device, a recipient.
    await cardB.getByRole("button", { name: `Link Device for ${b}` }).click();
    await dialog(page, "Link Device(s)")
      .getByRole("button", { name: `Link ${fridge.devices[1].serialNumber}` })
      .click();
    await dialog(page, "Link Device(s)").getByRole("button", { name: "✓ Save Linked 1 Device(s)" }).click();
    await cardB.getByRole("button", { name: `Set Recipient for ${b}` }).click();
    for (const [label, value] of Object.entries(RECIPIENT))
      await dialog(page, "Fill Sale Recipient").getByLabel(label).fill(value);
    await dialog(page, "Fill Sale Recipient").getByRole("button", { name: "Save Recipient" }).click();
    await expect(cardB.getByRole("list", { name: `Problems with ${b}` })).toHaveCount(0);

    // Identification: each rule in its words; the ID number typed is kept.
    const form = saleForm(page);
    await form.getByRole("button", { name: "Set Identification" }).click();
    const identification = dialog(page, "Fill Identification Details");
    // A fresh form suggests Nigeria and the customer's own name; emptied, each is asked for.
    await expect(identification.getByLabel("Issuing Country")).toHaveValue("Nigeria");
    await expect(identification.getByLabel("Full Name as on ID")).not.toHaveValue("");
    await identification.getByLabel("Issuing Country").fill("");
    await identification.getByLabel("Full Name as on ID").fill("");
    await identification.getByLabel("ID Number").fill("123");
    await identification.getByLabel("Issue Date").fill("2999-01-01");
    await identification.getByLabel("Expiration Date").fill("2001-01-01");
    await identification.getByRole("button", { name: "Save Identification" }).click();
    await expect(identification.getByText("ID Type is required")).toBeVisible();
    await expect(identification.getByText("ID Number must be at least 5 characters")).toBeVisible();
    await expect(identification.getByText("Issuing Country is required")).toBeVisible();
    await expect(identification.getByText("Issue date cannot be in the future")).toBeVisible();
    await expect(identification.getByText("Expiration date must be in the future")).toBeVisible();
    await expect(identification.getByText("Full name as on ID is required")).toBeVisible();
    await expect(identification.getByLabel("ID Number")).toHaveValue("123");
    await fillIdentification(identification);
    await identification.getByRole("button", { name: "Save Identification" }).click();
    await expect(form.getByRole("button", { name: "Clear Identification" })).toBeVisible();

    await form.getByRole("button", { name: "Set Next of Kin" }).click();
    const kin = dialog(page, "Fill Next of Kin Details");
    await kin.getByLabel("Full Name").fill("Ada Okeke");
    await kin.getByLabel("Date of Birth").fill("2999-05-05");
    await kin.getByRole("button", { name: "Save Next of Kin" }).click();
    await expect(kin.getByText("Date of birth cannot be in the future")).toBeVisible();
    await expect(kin.getByText("Relationship is required")).toBeVisible();
    await expect(kin.getByLabel("Full Name")).toHaveValue("Ada Okeke");
    await kin.getByLabel("Relationship").fill("Sister");
    await kin.getByLabel("Phone Number").fill("08035556666");
    await kin.getByLabel("Date of Birth").fill("1990-05-05");
    await kin.getByRole("button", { name: "Save Next of Kin" }).click();
    await expect(form.getByRole("button", { name: "Clear Next of Kin" })).toBeVisible();

    await form.getByRole("button", { name: "Set Guarantor" }).click();
    const guarantor = dialog(page, "Fill Guarantor Details");
    await guarantor.getByLabel("Full Name", { exact: true }).fill("Musa Bello");
    await guarantor.getByLabel("Phone Number").fill("08037778888");
    await guarantor.getByLabel("Date of Birth").fill("1980-02-02");
    await guarantor.getByRole("button", { name: "Save Guarantor" }).click();
    await expect(guarantor.getByText("Home address is required")).toBeVisible();
    await expect(guarantor.getByText("ID Type is required")).toBeVisible();
    await expect(guarantor.getByLabel("Full Name", { exact: true })).toHaveValue("Musa Bello");
    await guarantor.getByLabel("Home Address").fill("4 Marina Road, Lagos");
    await fillIdentification(guarantor);
    await guarantor.getByRole("button", { name: "Save Guarantor" }).click();
    await expect(form.getByRole("button", { name: "Clear Guarantor" })).toBeVisible();

    // BVN: exactly 11 digits.
    await form.getByLabel("BVN").fill("123");
    await form.getByRole("button", { name: "Continue to Sale Summary" }).click();
    await expect(form.getByText("BVN must be exactly 11 digits when provided")).toBeVisible();
    await expect(form.getByLabel("BVN")).toHaveValue("123");
    await form.getByLabel("BVN").fill("22233344455");
    await form.getByRole("button", { name: "Continue to Sale Summary" }).click();

    // The summary: priced products, the instalment schedule, then the payment method and submit.
    const summary = dialog(page, "Sale Summary");
    const first = summary.getByRole("region", { name: "Product 1" });
    await expect(first).toContainText(a);
    await expect(first.getByRole("definition").filter({ hasText: "-₦" })).toBeVisible();
    const schedule = first.getByRole("table", { name: `Installment schedule of ${a}` });
    await expect(schedule.getByRole("rowheader", { name: "Deposit (due now)" })).toBeVisible();
    await expect(schedule.getByRole("rowheader", { name: "Month 6" })).toBeVisible();
    await expect(schedule.getByRole("rowheader", { name: "Total payable" })).toBeVisible();
    // Cash cannot pay kobo: the deposit and the monthly payments are whole naira, and the rule is said.
    await expect(schedule.getByRole("row", { name: /^Deposit \(due now\)/ })).not.toContainText(".");
    await expect(schedule.getByRole("row", { name: /^Month 1 / })).not.toContainText(".");
    await expect(summary.getByText(/rounded to the nearest whole naira/)).toBeVisible();
    await expect(summary.getByRole("region", { name: "Product 2" })).toContainText(b);
    await expect(summary.getByRole("region", { name: "General Details" })).toContainText(
      `${agent.firstname} ${agent.lastname}`,
    );
    await summary.getByRole("button", { name: "Create Sale" }).click();
    await expect(summary.getByText("Payment method is required").first()).toBeVisible();
    await summary.getByLabel("Cash").check();
    await summary.getByRole("button", { name: "Create Sale" }).click();
    await expect(page.getByText("Sale created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/[^/]+\/payment$/);

    // The cash deposit (what is due now), its receipt, then the next instalment from the sale page.
    const cash = page.getByRole("region", { name: "Record Cash Payment" });
    await cash.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByRole("article", { name: "Payment Receipt" })).toContainText("Paid");
    await page.getByRole("link", { name: /^← Sale / }).click();
    await expect(page.getByRole("region", { name: "Payments" }).getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Record cash payment" }).click();
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByRole("article", { name: "Payment Receipt" })).toBeVisible();
    await page.getByRole("link", { name: /^← Sale / }).click();
    await expect(page.getByRole("region", { name: "Payments" }).getByRole("row")).toHaveCount(3);
  });

  test("an instalment-only product is offered by instalments only", async ({ page }) => {
    const { product } = await createSellableProduct({ paymentModes: ["INSTALLMENT"] });
    const draft = await createDraft({ productId: product.id });
    try {
      await page.goto(`/sales/all/new/${draft.id}`);
      const card = itemCard(page, product.name);
      await expect(card).toContainText("Please select parameters for this product.");
      await card.getByRole("button", { name: `Set Parameters for ${product.name}` }).click();
      const parameters = dialog(page, "Set Parameters");
      const options = parameters.getByLabel("Payment Mode").locator("option:not([value=''])");
      await expect(options).toHaveText(["Installment"]);
      await expect(parameters.getByText("This product is sold by installment only.")).toBeVisible();
    } finally {
      await deleteDraft(draft.id);
    }
  });

  test("a new customer is made from inside the sale and chosen for it", async ({ page }) => {
    await startSale(page);
    const draftUrl = page.url();
    await saleForm(page).getByRole("button", { name: "Select Customer" }).click();
    await dialog(page, "Select Customer")
      .getByRole("link", { name: "New customer (chosen for this sale once saved)" })
      .click();
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    const lastname = `Walkin${Date.now().toString(36)}`;
    await drawer.getByLabel("First Name").fill("Kemi");
    await drawer.getByLabel("Last Name").fill(lastname);
    await drawer.getByLabel("Phone Number").fill(`0814${Math.floor(1000000 + Math.random() * 8999999)}`);
    await drawer.getByLabel("Address", { exact: true }).fill("5 Unity Road, Ilorin");
    await drawer.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Customer created successfully!")).toBeVisible();
    await expect(page).toHaveURL(draftUrl);
    await expect(saleForm(page).getByText(`Kemi ${lastname}`)).toBeVisible();
  });

  test("a unit not yet registered is added from the Link Device(s) window, and linked there", async ({
    page,
  }) => {
    const { product } = await createSellableProduct({ devices: 0 });
    // The item has no device yet, so the product tracks none: register the first one under Devices.
    const tracked = await createSellableProduct({ devices: 1 });
    const draft = await createDraft({ productId: tracked.product.id });
    const untracked = await createDraft({ productId: product.id });
    try {
      await page.goto(`/sales/all/new/${draft.id}`);
      await itemCard(page, tracked.product.name)
        .getByRole("button", { name: `Link Device for ${tracked.product.name}` })
        .click();
      const linking = dialog(page, "Link Device(s)");
      await linking.getByRole("link", { name: `Register a new unit of ${tracked.item.name}` }).click();
      const drawer = page.getByRole("dialog", { name: "New Device" });
      await expect(drawer.getByLabel("Inventory Item").locator("option:checked")).toContainText(
        tracked.item.name,
      );
      const serial = `REG${Date.now()}`;
      await drawer.getByLabel("Serial Number").fill(serial);
      await drawer.getByLabel("Key").fill("00112233445566778899aabbccddeeff");
      await drawer.getByLabel("Starting Code").fill("123456789");
      await drawer.getByRole("button", { name: "Create Device" }).click();
      await expect(page.getByText("Device created successfully!")).toBeVisible();
      const back = dialog(page, "Link Device(s)");
      await back.getByRole("button", { name: `Link ${serial}` }).click();
      await expect(back.getByText("Full · 1 of 1 linked")).toBeVisible();

      // A product none of whose items has devices says so, and where to add one.
      await page.goto(`/sales/all/new/${untracked.id}`);
      await expect(itemCard(page, product.name)).toContainText(
        `No devices are registered for the items of ${product.name}`,
      );
      await itemCard(page, product.name)
        .getByRole("button", { name: `Link Device for ${product.name}` })
        .click();
      await dialog(page, "Link Device(s)")
        .getByRole("link", { name: "Register a unit under Devices" })
        .click();
      await expect(page.getByRole("dialog", { name: "New Device" })).toBeVisible();
    } finally {
      await deleteDraft(draft.id);
      await deleteDraft(untracked.id);
    }
  });

  test("a unit that makes no tokens is registered by its serial alone, without an item, and sold as a product's unit", async ({
    page,
  }) => {
    // One unit of the item is registered, so the product asks for one device of it.
    const tracked = await createSellableProduct({ devices: 1 });
    const serial = `FL${Date.now()}`;
    await page.goto("/devices/all/new");
    const drawer = page.getByRole("dialog", { name: "New Device" });
    await drawer.getByLabel("Serial Number").fill(serial);
    await drawer.getByLabel("Tokenable").selectOption({ label: "No" });
    await drawer.getByRole("button", { name: "Create Device" }).click();
    await expect(page.getByText("Device created successfully!")).toBeVisible();

    const draft = await createDraft({ productId: tracked.product.id });
    try {
      await page.goto(`/sales/all/new/${draft.id}`);
      const card = itemCard(page, tracked.product.name);
      await card.getByRole("button", { name: `Link Device for ${tracked.product.name}` }).click();
      const linking = dialog(page, "Link Device(s)");
      await linking.getByLabel(`Search devices of ${tracked.item.name}`).fill(serial);
      await linking.getByRole("button", { name: "Search", exact: true }).click();
      await expect(linking.getByRole("listitem").filter({ hasText: serial })).toContainText(
        `No item yet: becomes a unit of ${tracked.item.name}`,
      );
      await linking.getByRole("button", { name: `Link ${serial}` }).click();
      await expect(linking.getByText("Full · 1 of 1 linked")).toBeVisible();
      await linking.getByRole("button", { name: "✓ Save Linked 1 Device(s)" }).click();
      await expect(card.getByText(serial)).toBeVisible();
    } finally {
      await deleteDraft(draft.id);
    }
  });

  test("a product's parameters, cost, recipient and device are set on one page with one Save", async ({
    page,
  }) => {
    const customer = await createCustomer();
    const { product, devices } = await createSellableProduct({ devices: 2 });
    const draft = await createDraft({ customerId: customer.id, productId: product.id });
    try {
      await page.goto(`/sales/all/new/${draft.id}`);
      const card = itemCard(page, product.name);
      await card.getByRole("button", { name: `All details on one page: ${product.name}` }).click();
      const details = dialog(page, "Product Details");
      await expect(page).toHaveTitle("Product Details — New Sale — SolarDesk");
      // The recipient starts as the customer.
      await expect(details.getByLabel("First Name")).toHaveValue(customer.firstname);
      await details.getByLabel("Payment Mode").selectOption({ label: "Installment" });
      await details.getByLabel("Installment Starting Price (%)").fill("30");
      await details.getByLabel("Cost name 1").fill("Delivery");
      await details.getByLabel("Cost 1 (₦)").fill("500");
      await details.getByRole("checkbox", { name: devices[0].serialNumber }).check();
      // A missing duration is refused under its field; everything typed stays.
      await details.getByRole("button", { name: "Save Product Details" }).click();
      await expect(
        details.getByText("Installment duration is required for installment payments"),
      ).toBeVisible();
      await expect(details.getByLabel("Cost name 1")).toHaveValue("Delivery");
      await expect(details.getByRole("checkbox", { name: devices[0].serialNumber })).toBeChecked();

      await details.getByLabel("Installment Duration (months)").fill("6");
      await details.getByRole("button", { name: "Save Product Details" }).click();
      await expect(page).toHaveURL(new RegExp(`/sales/all/new/${draft.id}$`));
      await expect(card.getByText("Delivery ₦500")).toBeVisible();
      await expect(card.getByText(devices[0].serialNumber)).toBeVisible();
      await expect(card.getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();
      await expect(card.getByRole("list", { name: `Problems with ${product.name}` })).toHaveCount(0);
    } finally {
      await deleteDraft(draft.id);
    }
  });

  test("an instalment's identification, next of kin and guarantor are set on one page with one Save", async ({
    page,
  }) => {
    const customer = await createCustomer();
    const { product } = await createSellableProduct({ devices: 1 });
    const draft = await createDraft({ customerId: customer.id, productId: product.id, installment: true });
    try {
      await page.goto(`/sales/all/new/${draft.id}`);
      await saleForm(page).getByRole("button", { name: "All three on one page" }).click();
      const contract = dialog(page, "Contract Details");
      await expect(page).toHaveTitle("Contract Details — New Sale — SolarDesk");
      await fillIdentification(contract.getByRole("group", { name: "Identification", exact: true }));
      const kin = contract.getByRole("group", { name: "Next of Kin" });
      await kin.getByLabel("Full Name").fill("Ada Okeke");
      await kin.getByLabel("Relationship").fill("Sister");
      await kin.getByLabel("Phone Number").fill("08035556666");
      await kin.getByLabel("Date of Birth").fill("1990-05-05");
      const guarantor = contract.getByRole("group", { name: "Guarantor", exact: true });
      await guarantor.getByLabel("Full Name", { exact: true }).fill("Musa Bello");
      await guarantor.getByLabel("Phone Number").fill("08037778888");
      await guarantor.getByLabel("Date of Birth").fill("1980-02-02");
      await fillIdentification(guarantor.getByRole("group", { name: "Guarantor's identification" }));
      // The guarantor's address is missing: said under its field, everything typed kept.
      await contract.getByRole("button", { name: "Save Contract Details" }).click();
      await expect(guarantor.getByText("Home address is required")).toBeVisible();
      await expect(kin.getByLabel("Full Name")).toHaveValue("Ada Okeke");
      await guarantor.getByLabel("Home Address").fill("4 Marina Road, Lagos");
      await contract.getByRole("button", { name: "Save Contract Details" }).click();
      const form = saleForm(page);
      await expect(form.getByRole("button", { name: "Clear Identification" })).toBeVisible();
      await expect(form.getByRole("button", { name: "Clear Next of Kin" })).toBeVisible();
      await expect(form.getByRole("button", { name: "Clear Guarantor" })).toBeVisible();
    } finally {
      await deleteDraft(draft.id);
    }
  });

  test("a draft left half-way is resumed from 'My drafts', and one is thrown away", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Two drafts begun, left, resumed and thrown away, each step a whole page without JavaScript.
    test.setTimeout(90_000);
    const customer = await createCustomer();
    const { product, category } = await createSellableProduct({ devices: 1 });
    await startSale(page);
    await chooseCustomer(page, customer);
    const drawer = await selectProduct(page, product, category);
    await drawer.getByRole("button", { name: "Done" }).click();
    await saleForm(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/sales\/all$/);

    await page.goto("/sales/all/new");
    const panel = dialog(page, "New Sale");
    await expect(page).toHaveTitle("New Sale — SolarDesk");
    const who = `${customer.firstname} ${customer.lastname}`;
    await expect(panel.getByRole("heading", { name: "My drafts" })).toBeVisible();
    await panel.getByRole("link", { name: `Resume draft: ${who}, ${product.name}` }).click();
    await expect(saleForm(page).getByText(who).first()).toBeVisible();
    const card = itemCard(page, product.name);
    await expect(card).toBeVisible();
    if (javaScriptEnabled) {
      // With JavaScript, Escape closes a modal back to the form.
      await card.getByRole("button", { name: `Set Parameters for ${product.name}` }).click();
      await expect(dialog(page, "Set Parameters")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog(page, "Set Parameters")).toHaveCount(0);
      await expect(saleForm(page)).toBeVisible();
    }
    await card.getByRole("button", { name: `Remove ${product.name}` }).click();
    await expect(saleForm(page).getByText("No product selected yet.")).toBeVisible();

    await page.goto("/sales/all/new");
    await panel.getByRole("link", { name: `Delete draft: ${who}, No products yet` }).click();
    await expect(panel.getByText("Delete this draft? This cannot be undone.")).toBeVisible();
    await panel.getByRole("button", { name: "Delete draft" }).click();
    await expect(page.getByText("Draft deleted")).toBeVisible();
    await expect(panel.getByRole("link", { name: `Resume draft: ${who}, No products yet` })).toHaveCount(0);
  });
});

test("a role that may not write sales is refused the new-sale panel", async ({ page }) => {
  const viewer = await createStaff("viewer");
  await signIn(page, viewer.email, viewer.password);
  await page.goto("/sales/all/new");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start a new sale" })).toHaveCount(0);
});
