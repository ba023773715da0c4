import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createAgent, createStaff, signIn, signInAsAdmin } from "./support/staff";

test.describe("agents", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("/agents opens All: stat cards and agent cards with their figures", async ({ page }) => {
    const agent = await createAgent();
    await page.goto("/agents");
    await expect(page).toHaveURL(/\/agents\/all$/);
    for (const card of ["All Agents", "Active", "Barred"]) {
      await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "All Agents" })).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: "Agents navigation" })
        .getByRole("link", { name: /^All Agents \d+$/ }),
    ).toBeVisible();
    await expect(page.getByText(/^1 - \d+ of \d+ agents$/)).toBeVisible();
    const card = page.getByRole("article", { name: `${agent.firstname} ${agent.lastname}` });
    await expect(card).toBeVisible();
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    for (const figure of ["Ongoing Sales", "Inventory in Possession", "Sales", "Registered Customers"]) {
      await expect(card.getByText(figure, { exact: true })).toBeVisible();
    }
  });

  test("creates an agent after one invalid attempt that keeps the values", async ({ page }) => {
    const tag = randomBytes(3).toString("hex");
    await page.goto("/agents/all");
    await page.getByRole("link", { name: "New Agents" }).click();
    const drawer = page.getByRole("dialog", { name: "New Agents" });
    await drawer.getByLabel("First Name").fill("Chidi");
    await drawer.getByLabel("Email").fill("chidi-at-example");
    await drawer.getByLabel("Phone Number").fill("0803 123 4567 8901 2345 67");
    await drawer.getByRole("button", { name: "Create Agent" }).click();
    await expect(drawer.getByText("Last name is required")).toBeVisible();
    await expect(drawer.getByText("Invalid email address")).toBeVisible();
    await expect(drawer.getByText("Phone number cannot be more than 20 digits")).toBeVisible();
    await expect(drawer.getByText("Location is required")).toBeVisible();
    await expect(drawer.getByLabel("First Name")).toHaveValue("Chidi");
    await expect(drawer.getByLabel("Email")).toHaveValue("chidi-at-example");

    await drawer.getByLabel("Last Name").fill(`Obi${tag}`);
    await drawer.getByLabel("Email").fill(`chidi.${tag}@example.com`);
    await drawer.getByLabel("Phone Number").fill("");
    await drawer.getByLabel("Address Type").selectOption("WORK");
    await drawer.getByLabel("Location", { exact: true }).fill("Wuse 2, Abuja");
    await drawer.getByRole("button", { name: "Create Agent" }).click();
    await expect(page.getByText("Agent created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/all$/);

    await page.getByLabel("Search agents").fill(`Obi${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: `Chidi Obi${tag}` }).click();
    await expect(page.getByRole("heading", { name: `Chidi Obi${tag}` })).toBeVisible();
    await expect(page.getByText("Wuse 2, Abuja")).toBeVisible();
    await expect(page.getByText("Work", { exact: true })).toBeVisible();
  });

  test("an agent's page edits the agent, then bars and unbars them", async ({ page }) => {
    const agent = await createAgent();
    const name = `${agent.firstname} ${agent.lastname}`;
    await page.goto(`/agents/${agent.id}`);
    await expect(page).toHaveTitle(`${name} — Agents — SolarDesk`);
    await page.getByRole("link", { name: "Edit Agent" }).click();
    await page.getByLabel("Location", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Location is required")).toBeVisible();
    await page.getByLabel("Location", { exact: true }).fill("Sabon Gari, Kano");
    await page.getByLabel("Phone Number").fill("0803 555 0101");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Agent updated successfully!")).toBeVisible();
    await expect(page.getByText("Sabon Gari, Kano")).toBeVisible();
    await expect(page.getByText("08035550101")).toBeVisible();

    await page.getByRole("button", { name: "Bar Agent" }).click();
    await expect(page.getByText("Agent barred successfully!")).toBeVisible();
    const agentCard = page.getByRole("region", { name });
    await expect(agentCard.getByText("Barred", { exact: true })).toBeVisible();
    await page.goto(`/agents/barred?search=${agent.lastname}`);
    await expect(page.getByRole("article", { name })).toContainText("Barred");
    await page.goto(`/agents/${agent.id}`);
    await page.getByRole("button", { name: "Unbar Agent" }).click();
    await expect(page.getByText("Agent unbarred successfully!")).toBeVisible();
    await expect(agentCard.getByText("Active", { exact: true })).toBeVisible();
  });

  test("a new customer can be registered by an agent, and the agent's card counts them", async ({ page }) => {
    const agent = await createAgent({ location: "Zaria" });
    const tag = randomBytes(3).toString("hex");
    await page.goto(`/customers/all/new?agentSearch=${agent.lastname}`);
    const drawer = page.getByRole("dialog", { name: "New Customer" });
    await drawer.getByLabel("First Name").fill("Hauwa");
    await drawer.getByLabel("Last Name").fill(`Reg${tag}`);
    await drawer.getByLabel("Email").fill(`hauwa.${tag}@example.com`);
    await drawer.getByLabel("Phone Number").fill(`0813${Math.floor(1000000 + Math.random() * 8999999)}`);
    await drawer.getByLabel("Address", { exact: true }).fill("Samaru, Zaria");
    await drawer
      .getByLabel("Registered by agent")
      .selectOption({ label: `${agent.firstname} ${agent.lastname} (Zaria)` });
    await drawer.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Customer created successfully!")).toBeVisible();
    await page.getByLabel("Search customers").fill(`hauwa.${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("link", { name: `Hauwa Reg${tag}` }).click();
    await page.getByRole("link", { name: `${agent.firstname} ${agent.lastname}` }).click();
    await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
    const figures = page.getByRole("region", { name: "Figures" });
    await expect(figures.getByText("Registered Customers").locator("..")).toContainText("1");
  });

  test("an unknown agent page says so", async ({ page }) => {
    await page.goto("/agents/00000000-0000-0000-0000-000000000000");
    await expect(page.getByText("Agent not found")).toBeVisible();
  });
});

test("a viewer sees agents but no New Agents, edit or bar", async ({ page }) => {
  const agent = await createAgent();
  const viewer = await createStaff("viewer");
  await signIn(page, viewer.email, viewer.password);
  await page.goto("/agents/all");
  await expect(page.getByRole("heading", { name: "All Agents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Agents" })).toHaveCount(0);
  await page.goto(`/agents/${agent.id}`);
  await expect(page.getByRole("heading", { name: `${agent.firstname} ${agent.lastname}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Agent" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Bar Agent" })).toHaveCount(0);
});
