import { expect, test } from "@playwright/test";
import fs from "node:fs/promises";
import { createStaff, signIn } from "./support/staff";

// The demo data's loan book (a few hundred installment sales, some late in every bucket) is what a manager
// reads here; the figures themselves are worked out by hand in the API's tests.

const EXPORT_HEADER =
  "Sale,Customer,Phone,Agent,Products,Sale date,Total (NGN),Paid (NGN),Outstanding (NGN),Arrears (NGN),Days late,Credit expiry,Status,Last payment";

test.describe("the portfolio, as a manager", () => {
  test.beforeEach(async ({ page }) => {
    const manager = await createStaff("manager");
    await signIn(page, manager.email, manager.password);
  });

  test("Home leads to the dashboard, whose tiles and buckets lead to the accounts behind them", async ({
    page,
  }) => {
    await page.goto("/home");
    // The tile is drawn twice, for wide and for narrow screens; one shows.
    await expect(page.getByText(/^PAR 30: \d+(\.\d)? %$/).filter({ visible: true })).toBeVisible();
    await page.getByLabel("Main menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page).toHaveTitle("Portfolio — SolarDesk");
    const tiles = page.getByRole("list", { name: "Portfolio figures" });
    for (const label of [
      "PAR 30",
      "PAR 90",
      "Collection rate, this month",
      "Collection rate, trailing 3 months",
      "First-payment default",
      "Active accounts",
      "Outstanding",
    ])
      await expect(tiles.getByText(label, { exact: true })).toBeVisible();
    // Each figure says what it counts.
    await expect(
      tiles.getByText(/^PAR X: the outstanding balance of active accounts more than X days late/).first(),
    ).toBeVisible();
    await expect(
      page.getByRole("img", { name: /Outstanding balance of active accounts by days late/ }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: /one line per sale month/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Agents" })).toBeVisible();

    const buckets = page.getByRole("list", { name: "Accounts in each bucket" });
    const late = buckets.getByRole("link", { name: /^31–90 days: \d+ accounts?$/ });
    const count = Number((await late.innerText()).match(/: (\d+)/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await late.click();
    await expect(page).toHaveURL(/\/portfolio\/accounts\?bucket=31-90$/);
    await expect(page.getByRole("heading", { name: "Accounts: 31–90 days late", level: 2 })).toBeVisible();
    const rows = page.getByRole("table", { name: "Accounts: 31–90 days late" }).locator("tbody tr");
    await expect(rows).toHaveCount(Math.min(count, 20));
    const firstDays = Number(await rows.first().locator("td").nth(7).innerText());
    expect(firstDays).toBeGreaterThanOrEqual(31);
    expect(firstDays).toBeLessThanOrEqual(90);

    // A row opens its sale, which shows the account and its statement.
    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
    const account = page.getByRole("region", { name: "Account" });
    await expect(account.getByText("Late", { exact: true })).toBeVisible();
    await expect(account.getByText("Days late", { exact: true })).toBeVisible();
    await expect(account).toContainText("Arrears: everything due by today less everything paid");
    await expect(
      page.getByRole("region", { name: "Statement" }).getByRole("row", { name: /Deposit/ }),
    ).toBeVisible();
  });

  test("the Action Center counts the accounts that became late today and leads to them", async ({ page }) => {
    await page.goto("/home?panel=action-center");
    const panel = page.getByRole("dialog", { name: "Action Center" });
    await panel.getByRole("link", { name: /^\d+ accounts? became late today$/ }).click();
    await expect(page).toHaveURL(/\/portfolio\/accounts\?newlyLate=true$/);
    await expect(page.getByRole("heading", { name: "Accounts: late from today", level: 2 })).toBeVisible();
    const days = await page.getByRole("table").locator("tbody tr td:nth-child(9)").allInnerTexts();
    expect(days.length).toBeGreaterThan(0);
    for (const value of days) expect(value).toBe("1");
  });

  test("filters by agent, keeps the filter on the way to the accounts, and clears it", async ({ page }) => {
    await page.goto("/portfolio");
    const agent = page.getByRole("combobox", { name: "Agent", exact: true });
    const options = await agent.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await agent.selectOption({ label: options[1] });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/portfolio\?.*agentId=[0-9a-f-]{36}/);
    await expect(page.getByText(/as of .*, filtered/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Agent", exact: true })).toHaveValue(/.+/);
    await page.getByRole("link", { name: "All accounts" }).click();
    await expect(page).toHaveURL(/\/portfolio\/accounts\?agentId=/);
    // The account list's own table (with JavaScript, the dashboard's may still be on screen a moment).
    const agentCells = page.getByRole("table", { name: "All accounts" }).locator("tbody tr td:nth-child(4)");
    await expect(agentCells.first()).toBeVisible();
    for (const name of await agentCells.allInnerTexts()) expect(name).toBe(options[1]);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/portfolio\/accounts$/);
  });

  test("shows sales and collections by week, and a week's bar leads to the accounts sold in it", async ({
    page,
  }) => {
    await page.goto("/portfolio");
    const grouping = page.getByRole("navigation", { name: "Group sales and collections" });
    await expect(grouping.getByRole("link", { name: "By month" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("heading", { name: "Installment sales by month" })).toBeVisible();
    await grouping.getByRole("link", { name: "By week" }).click();
    await expect(page).toHaveURL(/\/portfolio\?salesBy=week#sales-heading$/);
    await expect(page.getByRole("heading", { name: "Installment sales by week" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Money received by week" })).toBeVisible();
    // Filtering keeps the weeks.
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/portfolio\?.*salesBy=week/);
    await expect(page.getByRole("heading", { name: "Installment sales by week" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: /Money received for installment sales by week/ }),
    ).toBeVisible();
    // The demo book sells every few days: the latest week with sales leads to the accounts sold in it.
    await page
      .getByRole("table", { name: "Value of installment sales by week and product category" })
      .getByRole("link")
      .last()
      .click();
    await expect(page).toHaveURL(/\/portfolio\/accounts\?from=[\d-]{10}&to=[\d-]{10}&sort=saleDate$/);
    const [, from, to] = page.url().match(/from=([\d-]+)&to=([\d-]+)/) ?? [];
    // Monday to Sunday.
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(Date.parse(to) - Date.parse(from)).toBe(6 * 86_400_000);
    await expect(page.getByRole("table", { name: "All accounts" }).locator("tbody tr").first()).toBeVisible();
  });

  test("sorts by arrears, finds a sale by its number, and exports the list as CSV", async ({ page }) => {
    await page.goto("/portfolio/accounts?bucket=90%2B");
    await page.getByLabel("Sort by").selectOption("arrears");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/sort=arrears/);
    const table = page.getByRole("table");
    const arrears = (await table.locator("tbody tr td:nth-child(8)").allInnerTexts()).map((text) =>
      Number(text.replace(/[₦,]/g, "")),
    );
    expect(arrears).toEqual([...arrears].sort((a, b) => b - a));
    const saleNumber = await table.locator("tbody tr").first().locator("td").first().innerText();
    await page.getByLabel("Search accounts").fill(saleNumber);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(table.locator("tbody tr")).toHaveCount(1);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^accounts_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await fs.readFile(await file.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(saleNumber);
    expect(lines[1]).toContain("DEFAULTED");
  });

  test("a customer's page lists their installment accounts, each with its printable statement", async ({
    page,
  }) => {
    await page.goto("/portfolio/accounts?status=LATE");
    const row = page.getByRole("table").locator("tbody tr").first();
    const saleNumber = await row.locator("td").first().innerText();
    await row.getByRole("link").click();
    await page.locator("section[aria-labelledby='sale-title']").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    const accounts = page.getByRole("region", { name: "Installment plans" });
    await expect(accounts.getByRole("row", { name: new RegExp(saleNumber) })).toContainText("Late");
    await accounts.getByRole("link", { name: `Statement of sale ${saleNumber}` }).click();
    await expect(page.getByRole("heading", { name: `Statement of sale ${saleNumber}` })).toBeVisible();
  });
});

test("only roles that may read the portfolio see it", async ({ page }) => {
  const sales = await createStaff("sales");
  await signIn(page, sales.email, sales.password);
  await expect(page.getByRole("link", { name: "Portfolio" })).toHaveCount(0);
  await page.goto("/portfolio");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await page.goto("/portfolio/accounts");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
