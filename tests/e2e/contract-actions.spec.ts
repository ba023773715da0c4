import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import {
  accountEventKinds,
  accountsWithStatus,
  createDevice,
  createInventoryItem,
  createRole,
  createStaff,
  saleDevices,
  signIn,
  signInAsAdmin,
  uniqueTag,
} from "./support/staff";

// Contract actions on the sale page (issue 27 §2), with JavaScript off and on. Which figures each action
// changes, its refusals and two actions at once are the API's tests; here staff take each action from the
// sale page, read what it will do, and find it on the account's timeline.

/** A demo account of the status, different for the two projects so their runs do not meet. */
async function anAccount(status: "LATE" | "DEFAULTED", minDaysLate = 0, offset = 0) {
  const accounts = (await accountsWithStatus(status)).filter((account) => account.daysLate >= minDaysLate);
  const index = offset + (test.info().project.name === "js-on" ? 1 : 0);
  const account = accounts[index] ?? accounts[0];
  expect(account, `a ${status} account in the demo book`).toBeTruthy();
  return account;
}

/**
 * A late account no action has touched yet, from `from` on in the list, every other one for each project:
 * the list's order moves as other tests act, so an index alone could meet another test's account.
 */
async function untouchedAccount(
  from: number,
  accept: (saleId: string) => Promise<boolean> = async () => true,
) {
  const parity = test.info().project.name === "js-on" ? 1 : 0;
  const candidates = (await accountsWithStatus("LATE", 100))
    .slice(from)
    .filter((_, index) => index % 2 === parity);
  for (const candidate of candidates) {
    if ((await accountEventKinds(candidate.saleId)).length === 0 && (await accept(candidate.saleId)))
      return candidate;
  }
  throw new Error("no untouched late account in the demo book");
}

async function openAction(page: Page, saleId: string, name: string) {
  await page.goto(`/sales/${saleId}`);
  await page.getByRole("navigation", { name: "Account actions" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${name}: sale`) })).toBeVisible();
}

const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const status = (page: Page) =>
  page
    .getByRole("region", { name: "Account" })
    .getByText(/^(Late|Defaulted|Written off|On time|Repossessed|Completed|Cancelled)$/);

test.describe("contract actions, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a delay: the form says what it does, refuses too many days, and the timeline shows before → after", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10);
    await openAction(page, account.saleId, "Give a delay");
    await expect(page).toHaveTitle(`Give a delay — Sale ${account.saleNumber} — SolarDesk`);
    await expect(page.getByText(/^A delay extends the account's credit by the days given/)).toBeVisible();
    await page.getByLabel("Days").fill("45");
    await page.getByRole("button", { name: "Give the delay" }).click();
    await expect(page.getByText("Days must be at most 30")).toBeVisible();
    await page.getByLabel("Days").fill("3");
    await page.getByLabel("Reason (optional)").fill("Harvest money comes next week");
    await page.getByRole("button", { name: "Give the delay" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(page.getByText("Delay given", { exact: true }).first()).toBeVisible();
    const entry = timeline(page).getByRole("listitem").first();
    await expect(entry).toContainText("Delay given: 3 days without payment");
    await expect(entry).toContainText(`Days late: ${account.daysLate} → ${account.daysLate - 3}`);
    await expect(entry).toContainText("Reason: Harvest money comes next week");
  });

  test("marking defaulted asks first, and undoing it gives the account back its own status", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10);
    await openAction(page, account.saleId, "Mark defaulted");
    await expect(page.getByText(/The account leaves "late" for "defaulted" today\.$/)).toBeVisible();
    await page.getByRole("button", { name: "Mark defaulted" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(status(page)).toHaveText("Defaulted");
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      "Marked defaulted: Late → Defaulted",
    );

    await openAction(page, account.saleId, "Undo the default");
    await page.getByRole("button", { name: "Undo the default" }).click();
    await expect(status(page)).toHaveText("Late");
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      "Default undone: Defaulted → Late",
    );
  });

  test("a write-off needs a reason, closes the account and is counted under Written off", async ({
    page,
  }) => {
    await page.goto("/portfolio");
    const tile = page
      .getByRole("list", { name: "Portfolio figures" })
      .getByRole("link", { name: /^Written off/ });
    const before = Number((await tile.innerText()).match(/(\d+) accounts?/)?.[1]);
    const account = await anAccount("DEFAULTED");
    await openAction(page, account.saleId, "Write off the account");
    await expect(page.getByText(/^A write-off closes a defaulted account as a loss/)).toBeVisible();
    await page.getByRole("button", { name: "Write off the account" }).click();
    await expect(page.getByText("Reason is required")).toBeVisible();
    await page.getByLabel("Reason").fill("Customer moved abroad; unit not found");
    await page.getByRole("button", { name: "Write off the account" }).click();
    await expect(status(page)).toHaveText("Written off");
    await expect(timeline(page).getByRole("listitem").first()).toContainText("Reason: Customer moved abroad");
    // Tokens stay on offer; nothing that changes what is owed does.
    const actions = page.getByRole("navigation", { name: "Account actions" });
    for (const name of ["Give a delay", "Mark defaulted", "Write off the account"])
      await expect(actions.getByRole("link", { name })).toHaveCount(0);

    await page.goto("/portfolio");
    await expect(tile).toContainText(`${before + 1} account`);
    await tile.click();
    await expect(page).toHaveURL(/status=WRITTEN_OFF/);
    await expect(page.getByRole("link", { name: account.saleNumber })).toBeVisible();
  });
});

test.describe("repossession, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("visits are recorded, and a collected unit goes back to stock as returned and the account is repossessed", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10, 4);
    await openAction(page, account.saleId, "Repossess");
    await page.getByLabel("What the visit found").selectOption({ label: "Not at home" });
    await page.getByRole("button", { name: "Record the visit" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      "Repossession attempt: Not at home",
    );

    await openAction(page, account.saleId, "Repossess");
    await page.getByLabel("What the visit found").selectOption({ label: "Collected" });
    await page.getByRole("button", { name: "Record the visit" }).click();
    await expect(page.getByText("Choose the returned stock item")).toBeVisible();
    await page.getByLabel("Back in stock as").selectOption({ label: "12V 100Ah Lithium Battery (returned)" });
    await page.getByLabel("Value of the returned unit (₦)").fill("60,000");
    await page.getByLabel("Resale price (₦)").fill("90000");
    await page.getByRole("button", { name: "Record the visit" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(status(page)).toHaveText("Repossessed");
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      /Repossessed: 1 unit back in stock as 12V 100Ah Lithium Battery \(returned\) in .+/,
    );
  });
});

test.describe("early payoff, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the quote is the outstanding balance, and accepting it completes the account with its unlock token", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10, 6);
    await openAction(page, account.saleId, "Early payoff");
    await expect(page.getByText(/^To own the unit today: ₦[\d,]+(\.\d\d)?$/)).toBeVisible();
    await expect(page.getByText(/with no discount/)).toBeVisible();
    await page.getByRole("button", { name: "Accept and record the payment" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(status(page)).toHaveText("Completed");
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      /Paid off early: ₦[\d,.]+ received in cash, unlock token issued/,
    );
  });
});

test.describe("cancelling with a refund due, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a cancellation needs a reason, refuses a refund above what was paid, and records the refund due", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10, 8);
    await openAction(page, account.saleId, "Cancel the sale");
    await expect(page.getByText(/^Cancelling closes the sale and its account/)).toBeVisible();
    await page.getByLabel("Refund due (₦)").fill("999999999");
    await page.getByLabel("Reason").fill("Installed at the wrong address; the customer returned the unit");
    await page.getByRole("button", { name: "Cancel the sale" }).click();
    await expect(page.getByText(/^The refund is more than the ₦[\d,.]+ paid$/).first()).toBeVisible();
    await expect(page.getByLabel("Reason")).toHaveValue(/^Installed at the wrong address/);
    await page.getByLabel("Refund due (₦)").fill("1000");
    await page.getByRole("button", { name: "Cancel the sale" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(status(page)).toHaveText("Cancelled");
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      /Cancelled: refund due ₦1,000 of ₦[\d,.]+ paid; stock and devices released/,
    );
    await expect(page.getByRole("region", { name: "Payments" })).toContainText("Refund due");
  });
});

test.describe("tokens from the sale page, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a token for the sale's device reaches the timeline, and the last token can be sent again", async ({
    page,
  }) => {
    const account = await anAccount("LATE", 10, 2);
    await openAction(page, account.saleId, "Issue a token");
    await page.getByRole("button", { name: "Issue the token" }).click();
    await expect(page.getByText("Give either a number of days or unlock")).toBeVisible();
    await page.getByLabel("Days").fill("5");
    await page.getByRole("button", { name: "Issue the token" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      /Token issued: a 5-day token for device \S+/,
    );

    await openAction(page, account.saleId, "Resend the last token");
    await expect(
      page.getByText(/^Token \d+ for device \S+ \(5 days\), issued .+, goes to \S+ by SMS\.$/),
    ).toBeVisible();
    await page.getByRole("button", { name: "Send it again" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      /Token resent: the 5-day token for device \S+ to 234\d+/,
    );
  });
});

/** A Lagos calendar day `days` from today, as a date field takes it. */
const lagosDay = (days: number) =>
  new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test.describe("restructuring, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the new schedule is shown before it is saved, changed terms are shown again, and the old schedule stays on the timeline", async ({
    page,
  }) => {
    const account = await untouchedAccount(10);
    await openAction(page, account.saleId, "Restructure");
    await expect(page.getByText(/^Restructuring spreads what is still unpaid/)).toBeVisible();
    await page.getByLabel("Reason").fill("The harvest came late this year");
    await page.getByLabel("First due date").fill(lagosDay(10));
    await page.getByRole("button", { name: "Show the new schedule" }).click();
    await expect(page.getByText("Give the number of installments or the monthly amount")).toBeVisible();
    await page.getByLabel("Number of installments").fill("6");
    await page.getByRole("button", { name: "Show the new schedule" }).click();
    const preview = page.getByRole("region", { name: "The new schedule (not saved yet)" });
    await expect(preview.getByRole("table", { name: "New installments" }).getByRole("row")).toHaveCount(7);
    await expect(page.getByLabel("Reason")).toHaveValue("The harvest came late this year");
    // Terms changed after the schedule was shown: the schedule they give is shown first, not saved.
    await page.getByLabel("Number of installments").fill("4");
    await page.getByRole("button", { name: "Save the new schedule" }).click();
    await expect(page.getByText(/^The terms changed since the schedule was shown/).first()).toBeVisible();
    await expect(preview.getByRole("table", { name: "New installments" }).getByRole("row")).toHaveCount(5);
    await page.getByRole("button", { name: "Save the new schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
    await expect(
      page.getByText("Account restructured: the new schedule is in force", { exact: true }).first(),
    ).toBeVisible();
    await expect(status(page)).toHaveText("On time");
    const entry = timeline(page).getByRole("listitem").first();
    await expect(entry).toContainText(/Restructured: ₦[\d,.]+ unpaid in 4 installments of ₦[\d,.]+ from/);
    // Before → after: the status always moves here; the installments' count only when it changed.
    await expect(entry).toContainText("Status: Late → On time");
    await entry.getByText("The schedule before").click();
    await expect(entry.getByRole("table", { name: "Schedule before this restructure" })).toBeVisible();
  });
});

test.describe("swapping a device, as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a unit from stock takes the old one's place, and both devices' pages show the swap", async ({
    page,
  }) => {
    // An account whose sale has a device, away from the ones the other tests take.
    const { saleId } = await untouchedAccount(16, async (id) => (await saleDevices(id)).length > 0);
    const [old] = await saleDevices(saleId);
    const item = await createInventoryItem({ numberOfStock: 3 });
    const replacement = await createDevice({ inventoryId: item.id });

    await openAction(page, saleId, "Swap a device");
    await page.getByLabel("Device to replace").selectOption({ label: old.serialNumber });
    await page.getByLabel("Serial number of the new device").fill("NO-SUCH-UNIT");
    await page.getByLabel("The old device goes").selectOption({ label: "Set aside as faulty" });
    await page.getByLabel("Reason").fill("The charge controller burnt out");
    await page.getByRole("button", { name: "Swap the device" }).click();
    await expect(page.getByText("No device has this serial number")).toBeVisible();
    await expect(page.getByLabel("Reason")).toHaveValue("The charge controller burnt out");
    await page.getByLabel("Serial number of the new device").fill(replacement.serialNumber);
    await page.getByRole("button", { name: "Swap the device" }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
    await expect(timeline(page).getByRole("listitem").first()).toContainText(
      `Device swapped: ${old.serialNumber} replaced by ${replacement.serialNumber}`,
    );

    await page.goto(`/devices/${old.id}`);
    await expect(page.getByText("Faulty (set aside)")).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText(`Swapped out: sale`);
    await expect(history).toContainText(`Replaced by ${replacement.serialNumber}`);
    await page.goto(`/devices/${replacement.id}`);
    await expect(page.getByRole("region", { name: "History" })).toContainText(
      `Took the place of ${old.serialNumber}`,
    );
    await expect(page.getByRole("region", { name: "Tokens" }).getByRole("table")).toContainText("Set time");
  });
});

test("sales staff who may not manage sales read why a long delay is refused under Days, and give a short one", async ({
  page,
}) => {
  const role = `counter${uniqueTag().toLowerCase()}`;
  await createRole(role, ["read:Sales", "write:Sales"]);
  const seller = await createStaff(role);
  await signIn(page, seller.email, seller.password);
  // A late account with no delay yet: a second one within a day would be refused for another reason.
  const account = await untouchedAccount(20);
  await openAction(page, account.saleId, "Give a delay");
  await page.getByLabel("Days").fill("5");
  await page.getByRole("button", { name: "Give the delay" }).click();
  await expect(
    page.getByText("A delay of more than 2 days needs a manager (manage:Sales)").first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toHaveCount(0);
  await page.getByLabel("Days").fill("2");
  await page.getByRole("button", { name: "Give the delay" }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/${account.saleId}$`));
  await expect(timeline(page).getByRole("listitem").first()).toContainText("Delay given: 2 days");
});

test("a manager reads the timeline but is offered no action, and an action's page is refused", async ({
  page,
}) => {
  const manager = await createStaff("manager");
  await signIn(page, manager.email, manager.password);
  const account = await anAccount("LATE");
  await page.goto(`/sales/${account.saleId}`);
  await expect(timeline(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account actions" })).toHaveCount(0);
  await page.goto(`/sales/${account.saleId}/actions/delay`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
