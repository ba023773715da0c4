import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createCustomer, createStaff, createTicket, signIn, signInAsAdmin } from "./support/staff";

const EXPORT_HEADER =
  "Ticket ID,Subject,Description,Type,Priority,Status,Customer,Assigned to,Created by,Created at,Last updated";

test.describe("support tickets", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("/support and /tickets open the same list with its stat cards and tabs", async ({ page }) => {
    const ticket = await createTicket();
    await page.goto("/support");
    await expect(page).toHaveURL(/\/support\/all$/);
    for (const card of ["Total Tickets", "Active Tickets", "Open Tickets"]) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }
    await page.goto("/tickets");
    await expect(page).toHaveURL(/\/tickets\/all$/);
    await expect(page.getByRole("heading", { name: "All Tickets" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Support navigation" });
    await expect(nav.getByRole("link", { name: /^All Tickets \d+$/ })).toBeVisible();
    await nav.getByRole("link", { name: "Open", exact: true }).click();
    await expect(page).toHaveURL(/\/tickets\/open$/);
    await page.getByLabel("Search tickets").fill(ticket.subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("link", { name: ticket.subject }).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
    await expect(page.getByRole("heading", { name: ticket.subject })).toBeVisible();
    await nav.getByRole("link", { name: "Active", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Active" })).toBeVisible();
  });

  test("creates a ticket, assigns it, resolves it and shows its history", async ({ page }) => {
    const tag = randomBytes(3).toString("hex");
    const subject = `Inverter beeps ${tag}`;
    const [colleague, customer] = await Promise.all([createStaff("support"), createCustomer()]);
    const colleagueName = `${colleague.firstname} ${colleague.lastname}`;
    await page.goto("/support/all");
    await page.getByRole("link", { name: "New Ticket" }).click();
    let drawer = page.getByRole("dialog", { name: "New Ticket" });
    await drawer.getByLabel("Subject").fill(subject);
    await drawer.getByRole("button", { name: "Create Ticket" }).click();
    for (const message of ["Type is required", "Priority is required", "Description is required"]) {
      await expect(drawer.getByText(message)).toBeVisible();
    }
    await expect(drawer.getByLabel("Subject")).toHaveValue(subject);

    // The customer select lists 100 at a time: its own search finds the one this ticket is about.
    await page.goto(`/support/all/new?customerSearch=${customer.lastname}`);
    drawer = page.getByRole("dialog", { name: "New Ticket" });
    await drawer.getByLabel("Type").selectOption("problem");
    await drawer.getByLabel("Priority").selectOption("high");
    await drawer.getByLabel("Subject").fill(subject);
    await drawer.getByLabel("Description").fill("The inverter beeps every hour after 10pm.");
    await drawer
      .getByLabel("Customer (optional)")
      .selectOption({ label: `${customer.firstname} ${customer.lastname} (${customer.email})` });
    await drawer.getByRole("button", { name: "Create Ticket" }).click();
    await expect(page.getByText("Ticket created successfully!")).toBeVisible();

    await page.getByLabel("Search tickets").fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    const details = page.getByRole("region", { name: subject });
    await expect(details).toContainText(`${customer.firstname} ${customer.lastname}`);
    await expect(details.getByText("Open", { exact: true })).toBeVisible();

    await page.getByLabel("Assigned to").selectOption({ label: colleagueName });
    await page.getByRole("button", { name: "Save Assignee" }).click();
    await expect(page.getByText(`Ticket assigned to ${colleagueName}.`)).toBeVisible();
    await expect(details.getByText("Active", { exact: true })).toBeVisible();

    await page.getByLabel("Move to").selectOption("resolved");
    await page.getByRole("button", { name: "Change Status" }).click();
    await expect(page.getByText("Ticket moved to Resolved.")).toBeVisible();
    await expect(details.getByText("Resolved", { exact: true })).toBeVisible();

    await page.getByLabel("Comment", { exact: true }).fill("Replaced the fan; no more beeping.");
    await page.getByRole("button", { name: "Add Comment" }).click();
    await expect(page.getByText("Comment added.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Comments" })).toContainText(
      "Replaced the fan; no more beeping.",
    );

    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(history).toHaveText([
      /opened the ticket/,
      new RegExp(`assigned it to ${colleagueName}`),
      /moved it from Open to Active/,
      /moved it from Active to Resolved/,
      /commented/,
    ]);
    // A resolved ticket is closed or reopened, never resolved again.
    await expect(page.getByLabel("Move to").locator("option")).toHaveText([
      "Select a status",
      "Closed",
      "Open",
      "Active",
    ]);
  });

  test("exports the tickets as a CSV with its header row", async ({ page }) => {
    await createTicket({ subject: `=HYPERLINK("x") ${randomBytes(2).toString("hex")}` });
    await page.goto("/tickets/all");
    await page.getByLabel("More ticket actions").click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export List" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickets_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await fs.readFile(await file.path(), "utf8")).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines.some((line) => line.includes(`"'=HYPERLINK(""x"")`))).toBe(true);
  });

  test("an unknown ticket page says so", async ({ page }) => {
    await page.goto("/support/00000000-0000-0000-0000-000000000000");
    await expect(page.getByText("Ticket not found")).toBeVisible();
  });
});

test("a viewer reads tickets and exports them, but opens, moves and assigns nothing", async ({ page }) => {
  const ticket = await createTicket();
  const viewer = await createStaff("viewer");
  await signIn(page, viewer.email, viewer.password);
  await page.goto("/support/all");
  await expect(page.getByRole("link", { name: "New Ticket" })).toHaveCount(0);
  await page.goto(`/support/${ticket.id}`);
  await expect(page.getByRole("heading", { name: ticket.subject })).toBeVisible();
  await expect(page.getByLabel("Move to")).toHaveCount(0);
  await expect(page.getByLabel("Assigned to")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Comment" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" })).toContainText("opened the ticket");
});
