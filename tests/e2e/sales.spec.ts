import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import {
  amountText,
  createDraft,
  createSale,
  deleteDraft,
  financialSettings,
  naira,
  putFinancialSettings,
  readSale,
  recordCash,
  saleStats,
} from "./support/sale-records";
import { E2E } from "./support/env";
import { createDevice, createStaff, signIn, signInAsAdmin } from "./support/staff";

const TABS = ["All Sales", "New Sales", "In Contract", "In Payment", "In Installment", "Closed"];

async function searchSales(page: Page, term: string) {
  await page.getByLabel("Search sales").fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replace(/%40/g, "(%40|@)")}`));
}

/** The sale's row in the list, found by its short id. */
const saleRow = (page: Page, saleNumber: string) =>
  page.getByRole("row", { name: new RegExp(`\\b${saleNumber}\\b`) });

test.describe("sales", () => {
  let consoleErrors: string[] = [];

  test.beforeEach(async ({ page }) => {
    consoleErrors = [];
    page.on("console", (message) => {
      // The browser's own line for a refused form (400), a refused page (403) or a missing record (404) is
      // the answer under test, not a fault.
      const refusal = /^Failed to load resource: the server responded with a status of 40[034]\b/;
      if (message.type() === "error" && !refusal.test(message.text())) consoleErrors.push(message.text());
    });
    await signInAsAdmin(page);
  });

  // A hydration mismatch or a script error would pass every visible check above: none is allowed.
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test("the list: its tabs, the API's counters, search and a date range", async ({ page }) => {
    const { sale, customer } = await createSale({ paymentMethod: "CASH" });
    await page.goto("/sales");
    await expect(page).toHaveURL(/\/sales\/all$/);
    await expect(page).toHaveTitle("All Sales — SolarDesk");
    const nav = page.getByRole("navigation", { name: "Sales navigation" });
    for (const tab of TABS)
      await expect(nav.getByRole("link", { name: new RegExp(`^${tab}`) })).toBeVisible();
    const stats = await saleStats();
    await expect(page.getByRole("region", { name: "Sales counters" })).toHaveText(
      new RegExp(
        `All\\s*${stats.all.toLocaleString("en-US")}\\s*Active\\s*${stats.active}\\s*Cancelled\\s*${stats.cancelled}`,
      ),
    );
    await expect(nav.getByRole("link", { name: `In Contract ${stats.byTab.contract}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "New Sales" })).toBeVisible();

    await searchSales(page, customer.email);
    const row = saleRow(page, sale.saleNumber);
    await expect(row).toContainText(`${customer.firstname} ${customer.lastname}`);
    await expect(row).toContainText("Unpaid");
    await expect(row).toContainText(naira(sale.totalPrice));
    await expect(page.getByText("1 - 1 of 1 sales")).toBeVisible();
    await searchSales(page, sale.id.slice(0, 8));
    await expect(saleRow(page, sale.saleNumber)).toBeVisible();
    await searchSales(page, sale.saleNumber);
    await expect(saleRow(page, sale.saleNumber)).toBeVisible();
    await expect(page.getByText("1 - 1 of 1 sales")).toBeVisible();

    // A cash instalment sale awaiting its deposit: New Sales and In Contract, not Closed.
    await page.goto(`/sales/contract?search=${customer.email}`);
    await expect(page.getByRole("heading", { name: "In Contract" })).toBeVisible();
    await expect(saleRow(page, sale.saleNumber)).toBeVisible();
    await page.goto(`/sales/new?search=${customer.email}`);
    await expect(saleRow(page, sale.saleNumber)).toBeVisible();
    await page.goto(`/sales/closed?search=${customer.email}`);
    await expect(page.getByText("No results for these filters")).toBeVisible();

    await page.goto(`/sales/all?search=${customer.email}`);
    await page.getByLabel("From").fill("2000-01-01");
    await page.getByLabel("To").fill("2000-01-31");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/startDate=2000-01-01/);
    await expect(page.getByText("No results for these filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/sales\/all$/);

    await saleRow(page, sale.saleNumber).getByRole("link", { name: sale.saleNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}$`));
    await expect(page).toHaveTitle(`Sale ${sale.saleNumber} — Sales — SolarDesk`);
  });

  test("the menu opens the batch upload and export panels; 'My drafts' lists a draft left open", async ({
    page,
  }) => {
    const { customer } = await createSale();
    const draft = await createDraft(customer.id);
    try {
      await page.goto("/sales/all");
      const drafts = page.getByRole("region", { name: "My drafts" });
      const link = drafts.getByRole("link", { name: `${customer.firstname} ${customer.lastname}` });
      await expect(link).toHaveAttribute("href", `/sales/all/new/${draft.id}`);
      await expect(drafts).toContainText("0 products");

      await page.getByLabel("More sales actions").click();
      await page.getByRole("link", { name: "Batch Upload Sales" }).click();
      await expect(page.getByRole("dialog", { name: "Batch Upload Sales" })).toBeVisible();
      await page.goto("/sales/all");
      await page.getByLabel("More sales actions").click();
      await page.getByRole("link", { name: "Export Data" }).click();
      await expect(page.getByRole("dialog", { name: "Export Data" })).toBeVisible();
    } finally {
      await deleteDraft(draft.id);
    }
  });

  test("a cash instalment sale: the deposit, its receipt, the sale page, then the next instalment", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { sale, devices, product } = await createSale({
      paymentMethod: "CASH",
      paymentMode: "INSTALLMENT",
    });
    const deposit = sale.amountDueNow;
    await page.goto(`/sales/${sale.id}/payment`);
    await expect(page).toHaveTitle(`Payment — Sale ${sale.saleNumber} — SolarDesk`);
    const form = page.getByRole("region", { name: "Record Cash Payment" });
    await expect(form.getByLabel("Amount (₦)")).toHaveValue(amountText(deposit));

    // More than the balance is refused in the API's words, and what was typed stays.
    await form.getByLabel("Amount (₦)").fill(String(sale.balance + 1));
    await form.getByLabel("Notes (optional)").fill("Paid at the Ikeja shop");
    await form.getByRole("button", { name: "Record Payment" }).click();
    await expect(
      form.getByText(`The amount is more than the balance of ${naira(sale.balance)}`),
    ).toBeVisible();
    await expect(form.getByLabel("Notes (optional)")).toHaveValue("Paid at the Ikeja shop");

    await form.getByLabel("Amount (₦)").fill(String(deposit));
    await form.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Cash payment recorded successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}/payments/[^/]+$`));
    const receipt = page.getByRole("article", { name: "Payment Receipt" });
    await expect(receipt).toContainText(naira(deposit));
    await expect(receipt).toContainText("Cash");
    // Money received reads "Paid" to the customer; the payment's own status stays in the sale's list.
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt).not.toContainText("Incomplete");
    await expect(receipt).toContainText("Paid at the Ikeja shop");
    await expect(receipt).toContainText(`Balance After${naira(sale.totalPrice - deposit)}`);
    await expect(receipt).toContainText(`Items${product.name} × 1`);
    await expect(receipt).toContainText(/Next Payment Due₦[\d,.]+ on /);
    await expect(receipt).toContainText(/Receipt NumberR-\d{6}/);
    await expect(receipt).toContainText(`Sale${sale.saleNumber}`);
    await expect(page).toHaveTitle(new RegExp(`^Receipt R-\\d{6} — Sale ${sale.saleNumber} — SolarDesk$`));
    // Print: a page with the receipt alone, outside the app's frame, printable without any script.
    const receiptUrl = page.url();
    await page.getByRole("link", { name: "Print", exact: true }).click();
    await expect(page).toHaveURL(`${receiptUrl}/print`);
    await expect(page.getByRole("article", { name: "Payment Receipt" })).toContainText(naira(deposit));
    await expect(page.getByRole("navigation")).toHaveCount(0);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    else await expect(page.getByText("use your browser's Print command")).toBeVisible();
    await page.getByRole("link", { name: "← Back to the receipt" }).click();
    await expect(page).toHaveURL(receiptUrl);

    await page.getByRole("link", { name: `← Sale ${sale.saleNumber}` }).click();
    await expect(page.getByRole("heading", { name: `Sale ${sale.saleNumber}` })).toBeVisible();
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals).toContainText(`Paid${naira(deposit)}`);
    await expect(totals).toContainText(`Balance${naira(sale.totalPrice - deposit)}`);
    const payments = page.getByRole("region", { name: "Payments" });
    await expect(payments.getByRole("row")).toHaveCount(2);
    await expect(payments.getByRole("link", { name: /^Receipt R-\d{6} for / })).toHaveText(/^R-\d{6}$/);
    await expect(payments).toContainText(naira(deposit));
    // The spec's word for a part payment, in green: money received is not a warning.
    await expect(payments.getByText("Incomplete", { exact: true })).toHaveCSS("color", "rgb(6, 95, 70)");
    await expect(
      page.getByRole("region", { name: "Schedule" }).getByRole("row", { name: /Deposit/ }),
    ).toContainText("Paid");
    const afterDeposit = await readSale(sale.id);
    const [token] = afterDeposit.items[0].devices[0].tokens;
    const products = page.getByRole("region", { name: "Products" });
    await expect(products).toContainText(devices[0].serialNumber);
    await expect(products.getByText(token.token, { exact: true })).toBeVisible();
    const contract = page.getByRole("region", { name: "Contract" });
    await expect(contract).toContainText("22212345678");
    await expect(contract).toContainText("Chidi Obi");

    // The statement: the deposit falling due, its payment, what is still to come, and what its balances mean.
    const statement = page.getByRole("region", { name: "Statement" });
    await expect(statement.getByRole("row", { name: /Deposit/ })).toContainText(naira(deposit));
    await expect(statement.getByRole("row", { name: /Payment R-\d{6}/ })).toContainText(
      naira(sale.totalPrice - deposit),
    );
    await expect(statement.getByRole("row", { name: /Installment 1 of / })).toBeVisible();
    await expect(statement).toContainText("Arrears: everything due by that day");
    await statement.getByRole("link", { name: "Print statement" }).click();
    await expect(page).toHaveTitle(`Statement — Sale ${sale.saleNumber} — SolarDesk`);
    await expect(page.getByRole("heading", { name: `Statement of sale ${sale.saleNumber}` })).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the sale" }).click();
    await expect(page.getByRole("heading", { name: `Sale ${sale.saleNumber}` })).toBeVisible();

    // The next instalment, from the sale page.
    await page.getByRole("link", { name: "Record cash payment" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}/payment\\?method=cash$`));
    const next = afterDeposit.amountDueNow;
    await expect(page.getByLabel("Amount (₦)")).toHaveValue(amountText(next));
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByRole("article", { name: "Payment Receipt" })).toContainText(
      `Balance After${naira(sale.totalPrice - deposit - next)}`,
    );
    const now = await readSale(sale.id);
    expect(now.payments).toHaveLength(2);
    expect(now.totalPaid).toBeCloseTo(deposit + next, 2);
    // The receipt gives the token this payment bought, for the customer to enter on the device.
    await expect(
      page.getByRole("article", { name: "Payment Receipt" }).getByRole("region", { name: "Device Tokens" }),
    ).toContainText(now.items[0].devices[0].tokens[0].token);

    // A receipt is only ever one of this sale's payments.
    const response = await page.goto(`/sales/${sale.id}/payments/not-a-payment`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This record does not exist.")).toBeVisible();
  });

  test("the same cash form sent twice (a double click, a resent page) records one payment", async ({
    page,
  }) => {
    const { sale } = await createSale({ paymentMethod: "CASH", paymentMode: "ONE_OFF" });
    await page.goto(`/sales/${sale.id}/payment`);
    const reference = await page.locator('input[name="reference"]').inputValue();
    const send = () =>
      page.request.post(`/sales/${sale.id}/payment`, {
        form: { intent: "cash", amount: "1000", reference },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
    const first = await send();
    const second = await send();
    expect(first.status()).toBe(302);
    expect(second.headers().location).toBe(first.headers().location);
    const now = await readSale(sale.id);
    expect(now.payments.map((payment) => payment.amount)).toEqual([1000]);
  });

  test("an online sale: Pay online, the sandbox checkout, back on the sale with the verified payment", async ({
    page,
  }) => {
    const { sale, customer } = await createSale({ paymentMethod: "ONLINE", paymentMode: "INSTALLMENT" });
    await page.goto(`/sales/${sale.id}`);
    await page.getByRole("link", { name: "Pay online" }).click();
    const card = page.getByRole("region", { name: "Payment Details" });
    await expect(card).toContainText(customer.email);
    await expect(card).toContainText("NGN");
    await expect(card.getByLabel("Amount (₦)")).toHaveValue(amountText(sale.amountDueNow));
    await card.getByLabel("Amount (₦)").fill("0");
    await card.getByRole("button", { name: "Pay Now" }).click();
    await expect(card.getByText("Invalid payment amount. Amount must be greater than 0.")).toBeVisible();

    // The card names the checkout's reference before it opens, and keeps it across a refused attempt.
    const shown = (await card.getByText(/^sale-[0-9a-f]{8}-[0-9a-f]{12}$/).textContent()) ?? "";
    expect(shown).toMatch(new RegExp(`^sale-${sale.id.slice(0, 8)}-`));
    await card.getByLabel("Amount (₦)").fill(String(sale.amountDueNow));
    await card.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("heading", { name: "Sandbox checkout" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/payment/sandbox/${shown}$`));
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    // A staff screen: the customer's details stay on the sale, not on the checkout.
    await expect(page.getByText(customer.email)).toHaveCount(0);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    // The checkout returns to the sale's own page, its payment already on it.
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}\\?.*tx_ref=`));
    const notice = page.getByRole("status").filter({ hasText: "Payment verified" });
    await expect(notice).toContainText("Payment verified: a balance remains on the sale");
    // Verification is recorded once: reloading the return page says the same and counts nothing twice.
    await page.reload();
    await expect(page.getByText("Payment verified: a balance remains on the sale")).toBeVisible();
    const paid = await readSale(sale.id);
    expect(paid.payments).toHaveLength(1);
    expect(paid.totalPaid).toBe(sale.amountDueNow);
    // The spec's return address, /sales/all?tx_ref=…, is verified too and hands over to the sale.
    const returned = new URL(page.url()).search;
    await page.goto(`/sales/all${returned}`);
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}\\?`));
    await expect(page.getByText("Payment verified: a balance remains on the sale")).toBeVisible();
    expect((await readSale(sale.id)).payments).toHaveLength(1);

    const payments = page.getByRole("region", { name: "Payments" });
    await expect(payments).toContainText("Online");
    await expect(payments).toContainText(paid.payments[0].reference);
    expect(paid.payments[0].reference).toBe(shown);
    const [token] = paid.items[0].devices[0].tokens;
    await expect(
      page.getByRole("region", { name: "Products" }).getByText(token.token, { exact: true }),
    ).toBeVisible();
  });

  test("money paid that differs from what was asked: counted as received, flagged for review on the sale", async ({
    page,
  }) => {
    const { sale } = await createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" });
    await page.goto(`/sales/${sale.id}/payment`);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.getByLabel("Amount to pay (₦)").fill("5");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}\\?`));
    const notice = page.getByRole("status").filter({ hasText: "Payment verified" });
    await expect(notice).toContainText(
      `Payment verified, but for ₦5 instead of the ${naira(sale.amountDueNow)} asked: ₦5 is counted, and the payment is flagged for review on the sale`,
    );
    await expect(page.getByRole("region", { name: "Needs review" })).toBeVisible();
    const payments = page.getByRole("region", { name: "Payments" });
    await expect(payments).toContainText(
      "Review: Paid another amount than asked: check it with the customer",
    );
    await expect(page.getByRole("region", { name: "Totals" })).toContainText(`Paid${naira(5)}`);
    const [payment] = (await readSale(sale.id)).payments;
    expect(payment).toMatchObject({ amount: 5, status: "INCOMPLETE" });
  });

  test("a user on another address than APP_URL pays online and comes back there, still signed in", async ({
    playwright,
    launchOptions,
    javaScriptEnabled,
  }) => {
    // APP_URL names 127.0.0.1; this browser opens the app as localhost (the same machine, nothing else).
    const args = (launchOptions.args ?? []).filter((arg) => !arg.startsWith("--host-resolver-rules="));
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...args, "--host-resolver-rules=MAP localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
    });
    try {
      const origin = `http://localhost:${E2E.appPort}`;
      const page = await (await browser.newContext({ baseURL: origin, javaScriptEnabled })).newPage();
      const { sale } = await createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" });
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await page.goto(`/sales/${sale.id}/payment`);
      await page.getByRole("button", { name: "Pay Now" }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/payment/sandbox/sale-`));
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/sales/${sale.id}\\?.*tx_ref=`));
      await expect(page.getByRole("status").filter({ hasText: "Payment verified" })).toBeVisible();
    } finally {
      await browser.close();
    }
  });

  test("a crafted payment return link shows no banner and none of its text", async ({ page }) => {
    await page.goto("/sales/all?tx_ref=CALL+0800+123+4567+FOR+A+REFUND&status=successful");
    await expect(page.getByRole("heading", { name: "All Sales" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Payment result" })).toHaveCount(0);
    await expect(page.getByText(/CALL 0800/)).toHaveCount(0);
  });

  test("Cancel on the sandbox checkout says the payment was cancelled and records nothing", async ({
    page,
  }) => {
    const { sale } = await createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" });
    await page.goto(`/sales/${sale.id}/payment`);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}\\?.*status=cancelled`));
    await expect(page.getByText("Payment was cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(sale.saleNumber) }).first()).toBeVisible();
    expect((await readSale(sale.id)).payments).toHaveLength(0);
  });

  test("the sandbox checkout: signed out goes to sign-in, a role without write:Sales is refused, nothing is paid", async ({
    page,
  }) => {
    const [viewer, { sale }] = await Promise.all([
      createStaff("viewer"),
      createSale({ paymentMethod: "ONLINE", paymentMode: "ONE_OFF" }),
    ]);
    await page.goto(`/sales/${sale.id}/payment`);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("heading", { name: "Sandbox checkout" })).toBeVisible();
    const checkoutPath = new URL(page.url()).pathname;
    const reference = decodeURIComponent(checkoutPath.split("/").pop() ?? "");
    const origin = new URL(page.url()).origin;

    // Whoever holds the link without a session: sent to sign in, and the Pay form is refused the same way.
    await page.context().clearCookies();
    await page.goto(checkoutPath);
    await expect(page).toHaveURL(new RegExp(`/\\?redirect=${checkoutPath}$`));
    await expect(page.getByRole("heading", { name: "Sandbox checkout" })).toHaveCount(0);
    const signedOutPay = await page.request.post(checkoutPath, {
      form: { intent: "pay" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(signedOutPay.status()).toBe(302);
    expect(signedOutPay.headers().location).toBe(`/?redirect=${checkoutPath}`);
    // The API itself asks for a bearer token with write:Sales.
    const api = await page.request.post(`/api/v1/payment/sandbox/${encodeURIComponent(reference)}`, {
      data: { decision: "pay" },
      headers: { Origin: origin },
    });
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ statusCode: 401, error: "Unauthorized" });

    // A role that may read sales but not take payments: Access Denied, and its Pay is refused with 403.
    await signIn(page, viewer.email, viewer.password);
    await page.goto(checkoutPath);
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
    const refusedPay = await page.request.post(checkoutPath, {
      form: { intent: "pay" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(refusedPay.status()).toBe(403);

    const now = await readSale(sale.id);
    expect(now.payments).toHaveLength(0);
    expect(now.totalPaid).toBe(0);
  });

  test("a role that may only read sales sees no payment actions and is refused the payment page", async ({
    page,
  }) => {
    const [viewer, { sale }] = await Promise.all([createStaff("viewer"), createSale()]);
    await page.context().clearCookies();
    await signIn(page, viewer.email, viewer.password);
    await page.goto("/sales/all");
    await expect(page.getByRole("heading", { name: "All Sales" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New Sales" })).toHaveCount(0);
    await page.goto(`/sales/${sale.id}`);
    await expect(page.getByRole("heading", { name: `Sale ${sale.saleNumber}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Record cash payment" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Pay online" })).toHaveCount(0);
    // The BVN is masked for roles that do not manage sales.
    await expect(page.getByRole("region", { name: "Contract" })).not.toContainText("22212345678");
    await page.goto(`/sales/${sale.id}/payment`);
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByRole("button", { name: "Record Payment" })).toHaveCount(0);
  });

  test("a customer's page lists their sales; the Defaulting tab is the API's filter", async ({ page }) => {
    const { sale, customer, devices } = await createSale();
    await recordCash(sale.id, 1_000);
    await page.goto(`/customers/${customer.id}`);
    // What they owe over all their sales, their devices and their tickets.
    const account = page.getByRole("region", { name: "Account" });
    await expect(account).toContainText(`Balance${naira(sale.totalPrice - 1_000)}`);
    await expect(account).toContainText(`Paid${naira(1_000)}`);
    await expect(account).toContainText("Devices1");
    await expect(account).toContainText("Balance: what the customer still owes");
    await expect(
      page.getByRole("region", { name: "Devices" }).getByRole("link", { name: devices[0].serialNumber }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Tickets" })).toContainText(
      "No tickets for this customer.",
    );
    const sales = page.getByRole("region", { name: "Sales" });
    await sales.getByRole("link", { name: sale.saleNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}$`));

    await page.goto("/customers/defaulting");
    await expect(page.getByRole("heading", { name: "Defaulting" })).toBeVisible();
    // A sale made today is not overdue: its customer is not defaulting.
    await page.goto(`/customers/defaulting?search=${customer.email}`);
    await expect(page.getByText("No results for these filters")).toBeVisible();
    await page.goto(`/customers/all?search=${customer.email}`);
    await expect(
      page.getByRole("link", { name: `${customer.firstname} ${customer.lastname}` }),
    ).toBeVisible();
  });

  test("an administrator changes the financial settings; field messages keep what was typed", async ({
    page,
  }) => {
    const before = await financialSettings();
    try {
      await page.goto("/settings/financial-settings");
      await expect(page).toHaveTitle("Financial Settings — SolarDesk");
      await expect(page.getByLabel("Outright margin (%)")).toHaveValue(String(before.outrightMargin * 100));
      await page.getByLabel("Outright margin (%)").fill("150");
      await page.getByLabel("Loan margin (%)").fill("12.5");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Outright margin must be between 0 and 100")).toBeVisible();
      await expect(page.getByLabel("Loan margin (%)")).toHaveValue("12.5");

      await page.getByLabel("Outright margin (%)").fill("25");
      await page.getByLabel("Monthly interest (%)").fill("3.5");
      await expect(page.getByRole("radio", { name: /^Batch sale price/ })).toBeChecked();
      await page.getByRole("radio", { name: /^Cost plus margin/ }).check();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Financial settings saved")).toBeVisible();
      expect(await financialSettings()).toEqual({
        pricingRule: "COST_PLUS_MARGIN",
        outrightMargin: 0.25,
        loanMargin: 0.125,
        monthlyInterest: 0.035,
      });
      await expect(page.getByLabel("Outright margin (%)")).toHaveValue("25");
      await expect(page.getByRole("radio", { name: /^Cost plus margin/ })).toBeChecked();
    } finally {
      await putFinancialSettings(before);
    }
  });

  test("sales staff read the financial settings but cannot change them", async ({ page }) => {
    const seller = await createStaff("sales");
    await page.context().clearCookies();
    await signIn(page, seller.email, seller.password);
    await page.goto("/settings/financial-settings");
    await expect(page.getByRole("heading", { name: "Financial Settings" })).toBeVisible();
    await expect(page.getByText("Outright margin")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Settings" })).toHaveCount(0);
  });

  test("an administrator sets the business printed on receipts; sales staff only read it", async ({
    page,
  }, testInfo) => {
    // Both projects write the same name and phone; only the address says which one wrote last.
    const address = `14 Adeola Odeku Street, Victoria Island, Lagos (${testInfo.project.name})`;
    await page.goto("/settings");
    await page.getByRole("link", { name: "Business" }).click();
    await expect(page).toHaveTitle("Business — SolarDesk");
    await page.getByLabel("Business Name").fill("Sunbright Energy Ltd");
    await page.getByLabel("Address").fill(address);
    await page.getByLabel("Phone Number").fill("call us");
    await page.getByRole("button", { name: "Save Business Details" }).click();
    await expect(page.getByText("Invalid phone number")).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveValue(address);
    await page.getByLabel("Phone Number").fill("0201 234 5678");
    await page.getByRole("button", { name: "Save Business Details" }).click();
    await expect(page.getByText("Business details saved")).toBeVisible();

    const { sale } = await createSale({ paymentMode: "ONE_OFF" });
    const { payment } = (await recordCash(sale.id, sale.amountDueNow)) as { payment: { id: string } };
    await page.goto(`/sales/${sale.id}/payments/${payment.id}/print`);
    const business = page.getByRole("article", { name: "Payment Receipt" }).locator("address");
    await expect(business).toContainText("Sunbright Energy Ltd");
    await expect(business).toContainText("14 Adeola Odeku Street, Victoria Island, Lagos");
    await expect(business).toContainText("Tel: 02012345678");

    const seller = await createStaff("sales");
    await page.context().clearCookies();
    await signIn(page, seller.email, seller.password);
    await page.goto("/settings/business");
    await expect(page.getByRole("heading", { name: "Business" })).toBeVisible();
    await expect(page.getByText("Sunbright Energy Ltd")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Business Details" })).toHaveCount(0);
  });

  test("a device's page issues a token by hand and lists it", async ({ page }) => {
    const device = await createDevice();
    await page.goto(`/devices/${device.id}`);
    const tokens = page.getByRole("region", { name: "Tokens" });
    await expect(tokens).toContainText("No tokens issued yet");
    await page.getByLabel("Days").fill("0");
    await page.getByRole("button", { name: "Generate token" }).click();
    await expect(page.getByText("Days must be at least 1")).toBeVisible();
    await page.getByLabel("Days").fill("7");
    await page.getByRole("button", { name: "Generate token" }).click();
    await expect(page.getByText(/^New token: \d+/)).toBeVisible();
    const row = tokens.getByRole("row", { name: /Add time/ });
    await expect(row).toContainText("7");
    await expect(row).toContainText("New");
  });
});
