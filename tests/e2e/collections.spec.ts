import { expect, test } from "@playwright/test";
import type { Staff } from "./support/staff";
import { createStaff, lateAccounts, signIn } from "./support/staff";

// Collectors work the demo book's late accounts here; which account is late and how late is worked out by
// the API's tests, so these journeys only need some late account and a collector of their own.

/** A Lagos calendar day, `days` from today. */
const lagosDay = (days = 0) =>
  new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test.describe("collections, as a collector", () => {
  let collector: Staff;
  test.beforeEach(async ({ page }) => {
    collector = await createStaff("collector");
    await signIn(page, collector.email, collector.password);
  });

  test("the menu leads to the worklist of late accounts, with its tabs, filters and definitions", async ({
    page,
  }) => {
    await page.goto("/home");
    await page.getByLabel("Main menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page).toHaveTitle("Collections — SolarDesk");
    const tabs = page.getByRole("navigation", { name: "Worklist tabs" });
    for (const tab of [
      /^All late \(\d+\)$/,
      /^Mine \(0\)$/,
      /^Due today \(\d+\)$/,
      /^Broken promises \(\d+\)$/,
    ])
      await expect(tabs.getByRole("link", { name: tab })).toBeVisible();
    const rows = page.getByRole("table", { name: "All late" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    await expect(
      page.getByText(/^Late and defaulted accounts \(at least one day without credit\)/),
    ).toBeVisible();

    await page.getByLabel("Days late").selectOption({ label: "Over 90 days" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/bucket=90%2B/);
    const statuses = await page
      .getByRole("table", { name: "All late" })
      .locator("tbody tr td:nth-child(7)")
      .allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Defaulted"]));
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/collections$/);
  });

  test("Home counts the late accounts and the Action Center the promises due today", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByLabel(/^Collections: \d+$/).first()).toBeAttached();
    await page.goto("/home?panel=action-center");
    const panel = page.getByRole("dialog", { name: "Action Center" });
    await expect(panel.getByText(/promises? to pay falls? due today/)).toBeVisible();
  });

  test("assigning ticked accounts to oneself fills the Mine tab", async ({ page }) => {
    await page.goto("/collections?assignedTo=none");
    const table = page.getByRole("table", { name: "All late" });
    const boxes = table.getByRole("checkbox");
    const names = await table.locator("tbody tr th").allInnerTexts();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page
      .getByLabel("Assign the selected accounts to")
      .selectOption({ label: `${collector.firstname} ${collector.lastname}` });
    await page.getByRole("button", { name: "Assign selected" }).click();
    await expect(page.getByText("Assigned 2 accounts")).toBeVisible();
    // The tabs keep the filters, and these accounts are nobody's no longer: the list starts again unfiltered.
    await page.goto("/collections");
    await page
      .getByRole("navigation", { name: "Worklist tabs" })
      .getByRole("link", { name: /^Mine \(2\)$/ })
      .click();
    await expect(page).toHaveURL(/tab=mine/);
    const listed = await page.getByRole("table", { name: "Mine" }).locator("tbody tr th").allInnerTexts();
    expect(listed.sort()).toEqual(names.slice(0, 2).sort());
  });

  test("logging a promise to pay on an account: refused without its amount, then saved with a follow-up", async ({
    page,
  }) => {
    const [account] = await lateAccounts(1);
    // The sale's page leads to its case.
    await page.goto(`/sales/${account.saleId}`);
    await page.getByRole("link", { name: "Collection case: contacts, promises and follow-up" }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${account.saleId}$`));
    await expect(page).toHaveTitle("Collection case — SolarDesk");
    await expect(page.getByRole("heading", { name: account.customerName, level: 1 })).toBeVisible();
    const form = page.getByRole("region", { name: "Log a contact" });
    await form.getByLabel("Channel").selectOption({ label: "Call" });
    await form.getByLabel("Outcome").selectOption({ label: "Promised to pay" });
    await form.getByLabel("Note (optional)").fill("Will pay after market day");
    await form.getByRole("button", { name: "Log contact" }).click();
    await expect(form.getByText("Promised amount is required")).toBeVisible();
    // Nothing typed is lost.
    await expect(form.getByLabel("Note (optional)")).toHaveValue("Will pay after market day");

    const date = lagosDay(3);
    await form.getByLabel("Promised amount (₦)").fill("1,500");
    await form.getByLabel("Promise date").fill(date);
    await form.getByRole("button", { name: "Log contact" }).click();
    await expect(page.getByText("Contact logged")).toBeVisible();
    const log = page.getByRole("region", { name: "Contact log" });
    await expect(log.getByText(/^Call: Promised to pay — ₦1,500 by /).first()).toBeVisible();
    await expect(log.getByText("Will pay after market day").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Account" })).toContainText(/₦1,500 by .+ \(Open\)/);

    const followUp = page.getByRole("region", { name: "Follow-up" });
    await followUp.getByLabel("Follow-up date").fill(lagosDay());
    await followUp.getByRole("button", { name: "Save follow-up" }).click();
    await expect(page.getByText("Follow-up date saved")).toBeVisible();
    await page.goto("/collections?tab=due");
    await expect(
      page
        .getByRole("table", { name: "Due today" })
        .getByRole("link", { name: new RegExp(account.customerName) })
        .first(),
    ).toBeVisible();
  });
});

test.describe("collections, by role", () => {
  test("a manager reads the worklist and a case but is offered no changes", async ({ page }) => {
    const manager = await createStaff("manager");
    await signIn(page, manager.email, manager.password);
    await page.goto("/collections");
    await expect(page.getByRole("table", { name: "All late" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Assign selected" })).toHaveCount(0);
    await page.getByRole("table", { name: "All late" }).locator("tbody tr th a").first().click();
    await expect(page.getByRole("region", { name: "Contact log" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Log a contact" })).toHaveCount(0);
  });

  test("a sales clerk has no Collections in the menu and is refused the page", async ({ page }) => {
    const clerk = await createStaff("sales");
    await signIn(page, clerk.email, clerk.password);
    await page.getByLabel("Main menu").click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }),
    ).toHaveCount(0);
    await page.goto("/collections");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  });
});
