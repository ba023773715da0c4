import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createDevice, createStaff, deviceKey, signIn, signInAsAdmin } from "./support/staff";

const serialPrefix = () => `E2E${randomBytes(3).toString("hex").toUpperCase()}`;

/** A batch file as the browser would send it, written from a string. */
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
});

async function searchDevices(page: Page, term: string) {
  await page.getByLabel("Search devices").fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${term}`));
}

test.describe("devices", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("/devices opens All with its tabs, and lists keys masked", async ({ page }) => {
    const device = await createDevice();
    await page.goto("/devices");
    await expect(page).toHaveURL(/\/devices\/all$/);
    const nav = page.getByRole("navigation", { name: "Devices navigation" });
    for (const tab of ["All Devices", "Linked", "Available"]) {
      await expect(nav.getByRole("link", { name: new RegExp(`^${tab}`) })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: /^All Devices \d+$/ })).toBeVisible();
    await expect(page.getByText(/^1 - 20 of \d+ devices$/)).toBeVisible();
    await searchDevices(page, device.serialNumber);
    const row = page.getByRole("row", { name: new RegExp(device.serialNumber) });
    await expect(row).toContainText(`••••••••${device.clearKey.slice(-4)}`);
    await expect(page.getByText(device.clearKey)).toHaveCount(0);
    await nav.getByRole("link", { name: "Available" }).click();
    await expect(page.getByRole("heading", { name: "Available" })).toBeVisible();
    await nav.getByRole("link", { name: "Linked" }).click();
    await expect(page.getByRole("heading", { name: "Linked" })).toBeVisible();
    // Other tests sell devices, so the tab may list some; a device nobody sold is only under Available.
    await page.goto(`/devices/linked?search=${device.serialNumber}`);
    await expect(page.getByRole("row", { name: new RegExp(device.serialNumber) })).toHaveCount(0);
    await page.goto(`/devices/available?search=${device.serialNumber}`);
    await expect(page.getByRole("row", { name: new RegExp(device.serialNumber) })).toHaveCount(1);
  });

  test("creates a device after one invalid attempt, and reveals its key once", async ({ page }) => {
    const serial = serialPrefix();
    const key = deviceKey();
    await page.goto("/devices/all");
    await page.getByRole("link", { name: "New Device" }).click();
    const drawer = page.getByRole("dialog", { name: "New Device" });
    await drawer.getByLabel("Key").fill(key);
    await drawer.getByLabel("Count").fill("12x");
    await drawer.getByRole("button", { name: "Create Device" }).click();
    await expect(drawer.getByText("Serial number is required")).toBeVisible();
    await expect(drawer.getByText("Device Count must be a valid integer")).toBeVisible();
    await expect(drawer.getByLabel("Key")).toHaveValue(key);

    await drawer.getByLabel("Serial Number").fill(serial);
    await drawer.getByLabel("Count").fill("12");
    await drawer.getByRole("button", { name: "Create Device" }).click();
    await expect(drawer.getByText("Starting code is required for a tokenable device")).toBeVisible();
    await drawer.getByLabel("Starting Code").fill("987654321");
    await drawer.getByLabel("Hardware Model").fill("Inverter Hub");
    await drawer.getByLabel("Firmware Version").fill("2.3.1");
    await drawer.getByLabel("Inventory Item").selectOption({ index: 1 });
    const itemLabel = await drawer.getByLabel("Inventory Item").locator("option:checked").innerText();
    await drawer.getByRole("button", { name: "Create Device" }).click();
    await expect(page.getByText("Device created successfully!")).toBeVisible();

    await searchDevices(page, serial);
    await page.getByRole("link", { name: serial }).click();
    await expect(page.getByRole("heading", { name: serial })).toBeVisible();
    await expect(page).toHaveTitle(`${serial} — Devices — SolarDesk`);
    const itemName = itemLabel.replace(/ \([^)]*\)$/, "");
    await expect(page.getByRole("region", { name: "Inventory Item" })).toContainText(itemName);
    await expect(page.getByRole("region", { name: "Sale" })).toContainText("Not linked to a sale");
    await page.getByRole("link", { name: "All devices of this item" }).click();
    await expect(page.getByText(`Inventory Item: ${itemLabel}`)).toBeVisible();
    await expect(page.getByRole("link", { name: serial })).toBeVisible();
    await page.getByRole("link", { name: serial }).click();
    await expect(page.getByRole("region", { name: "Tokens" })).toContainText("No tokens issued yet");
    await expect(page.getByText(`••••••••${key.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    await page.getByRole("button", { name: "Reveal key" }).click();
    await expect(page.getByText(key, { exact: true })).toBeVisible();
    expect(page.url()).not.toContain(key);
    await page.goto(page.url());
    await expect(page.getByText(key)).toHaveCount(0);
  });

  test("a serial number already stored is answered under its field", async ({ page }) => {
    const device = await createDevice();
    await page.goto("/devices/all/new");
    const drawer = page.getByRole("dialog", { name: "New Device" });
    await drawer.getByLabel("Serial Number").fill(device.serialNumber.toLowerCase());
    await drawer.getByLabel("Key").fill(deviceKey());
    await drawer.getByLabel("Starting Code").fill("123456789");
    await drawer.getByRole("button", { name: "Create Device" }).click();
    await expect(
      drawer.getByText("A device with this serial number already exists", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText("Device creation failed: A device with this serial number already exists."),
    ).toBeVisible();
  });

  test("a bad batch file is refused with its report; a good one lists its devices", async ({ page }) => {
    const prefix = serialPrefix();
    await page.goto("/devices/all");
    await page.getByLabel("More device actions").click();
    await page.getByRole("link", { name: "Create New Devices (Batch)" }).click();
    const drawer = page.getByRole("dialog", { name: "Create New Devices (Batch)" });
    await drawer
      .getByLabel("Devices File")
      .setInputFiles(
        csvFile("devices.csv", [
          "Serial Number,Key,Starting Code,Count,Hardware Model",
          `${prefix}-1,${deviceKey()},1,1,Box`,
          `${prefix}-2,,2,1,Box`,
          `${prefix}-3,${deviceKey()},3,many,Box`,
          `${prefix}-1,${deviceKey()},4,2,Box`,
        ]),
      );
    await drawer.getByRole("button", { name: "Upload Devices" }).click();
    await expect(drawer.getByText("Nothing was uploaded: 3 problems in the file")).toBeVisible();
    const report = drawer.getByRole("table", { name: "Problems in the file, by row and column" });
    await expect(report.getByRole("row", { name: /^3 Key Key is required$/ })).toBeVisible();
    await expect(
      report.getByRole("row", { name: /^4 Count Device Count must be a valid integer$/ }),
    ).toBeVisible();
    await expect(report.getByRole("row", { name: /^5 Serial Number .*row 2/ })).toBeVisible();
    await page.goto(`/devices/all?search=${prefix}`);
    await expect(page.getByText("No results for these filters")).toBeVisible();

    await page.goto("/devices/all/batch");
    await page
      .getByLabel("Devices File")
      .setInputFiles(
        csvFile("devices.csv", [
          "serial number,KEY,Starting Code,Count",
          `${prefix}-1,${deviceKey()},111222333,1`,
          `${prefix}-2,${deviceKey()},444555666,1`,
        ]),
      );
    await page.getByRole("button", { name: "Upload Devices" }).click();
    await expect(page.getByText("Devices uploaded successfully!")).toBeVisible();
    await expect(page.getByText("2 devices added.")).toBeVisible();
    await searchDevices(page, prefix);
    await expect(page.getByRole("link", { name: `${prefix}-1` })).toBeVisible();
    await expect(page.getByRole("link", { name: `${prefix}-2` })).toBeVisible();
    await expect(page.getByText(/^1 - 2 of 2 devices$/)).toBeVisible();
  });

  test("an .xlsx batch file is read like a CSV", async ({ page }) => {
    const prefix = serialPrefix();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Devices");
    sheet.addRow(["Serial Number", "Key", "Starting Code", "Firmware Version"]);
    sheet.addRow([`${prefix}-X1`, deviceKey(), 123456789, "3.0.0"]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await page.goto("/devices/all/batch");
    await page.getByLabel("Devices File").setInputFiles({
      name: "devices.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer,
    });
    await page.getByRole("button", { name: "Upload Devices" }).click();
    await expect(page.getByText("1 device added.")).toBeVisible();
    await searchDevices(page, prefix);
    await expect(page.getByRole("link", { name: `${prefix}-X1` })).toBeVisible();
  });

  test("the batch drawer's template link downloads the CSV header", async ({ page }) => {
    await page.goto("/devices/all/batch");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the template (CSV)" }).click();
    const file = await download;
    const text = await fs.readFile(await file.path(), "utf8");
    expect(text.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(
      "Serial Number,Key,Starting Code,Count,Time Divider,Restricted Digit Mode,Hardware Model,Firmware Version,Inventory,Tokenable",
    );
  });

  test("filters live in the URL and can be removed one by one", async ({ page }) => {
    const model = `Model ${randomBytes(3).toString("hex")}`;
    const device = await createDevice({ hardwareModel: model, firmwareVersion: "9.9.9" });
    await page.goto("/devices/all");
    await page.getByRole("link", { name: "Filters" }).click();
    const panel = page.getByRole("dialog", { name: "Filter Devices" });
    await panel.getByLabel("Hardware Model").fill(model);
    await panel.getByLabel("Firmware Version").fill("9.9.9");
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/hardwareModel=Model/);
    await expect(page.getByRole("link", { name: device.serialNumber })).toBeVisible();
    await expect(page.getByText(/^1 - 1 of 1 devices$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Filters (2)" })).toBeVisible();
    await page.getByRole("link", { name: "Remove the Firmware Version filter" }).click();
    await expect(page).not.toHaveURL(/firmwareVersion=9/);
    await expect(page.getByRole("link", { name: "Filters (1)" })).toBeVisible();
    await page.goto(`/devices/all?serialNumber=nothing-like-this`);
    await expect(page.getByText("No results for these filters")).toBeVisible();
  });
});

test("a viewer sees keys masked, and no Reveal key, New Device or batch upload", async ({ page }) => {
  const device = await createDevice();
  const viewer = await createStaff("viewer");
  await signIn(page, viewer.email, viewer.password);
  await page.goto(`/devices/all?search=${device.serialNumber}`);
  await expect(page.getByRole("row", { name: new RegExp(device.serialNumber) })).toContainText(
    `••••••••${device.clearKey.slice(-4)}`,
  );
  await expect(page.getByRole("link", { name: "New Device" })).toHaveCount(0);
  await expect(page.getByLabel("More device actions")).toHaveCount(0);
  await page.getByRole("link", { name: device.serialNumber }).click();
  await expect(page.getByRole("heading", { name: device.serialNumber })).toBeVisible();
  await expect(page.getByText(`••••••••${device.clearKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reveal key" })).toHaveCount(0);
  await expect(page.getByText(device.clearKey)).toHaveCount(0);
});
