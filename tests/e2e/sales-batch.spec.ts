import { expect, test } from "@playwright/test";
import { parse as parseCsv } from "csv-parse/sync";
import fs from "node:fs/promises";
import { E2E } from "./support/env";
import {
  apiToken,
  createCustomer,
  createDevice,
  createInventoryItem,
  createProduct,
  signInAsAdmin,
} from "./support/staff";

const COLUMNS = [
  "customer",
  "product",
  "units",
  "paymentMode",
  "installmentDuration",
  "installmentStartingPrice",
  "discount",
  "deviceSerials",
  "paymentMethod",
  "amountPaid",
  "saleDate",
  "agent",
];

type SaleRow = Partial<Record<(typeof COLUMNS)[number], string | number>>;

const csvOf = (rows: SaleRow[]) =>
  Buffer.from(
    [COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((name) => row[name] ?? "").join(","))].join("\r\n"),
  );

/** A Lagos calendar day `days` ago (Lagos is UTC+1 all year). */
const daysAgo = (days: number) =>
  new Date(Date.now() + 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** A one-off product with two devices of its battery in stock, and a customer to sell it to. */
async function sellable() {
  const battery = await createInventoryItem({ numberOfStock: 2, price: 4000 });
  const product = await createProduct([{ inventoryId: battery.id }]);
  const first = await createDevice({ inventoryId: battery.id });
  const second = await createDevice({ inventoryId: battery.id });
  const customer = await createCustomer();
  return { product, devices: [first, second], customer };
}

const saleRow = (customer: string, product: string, serial: string, saleDate = daysAgo(1)): SaleRow => ({
  customer,
  product,
  units: 1,
  paymentMode: "ONE_OFF",
  deviceSerials: serial,
  paymentMethod: "CASH",
  amountPaid: 1000,
  saleDate,
});

test.describe("sales batch upload and export", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a file with a bad row is kept, the row corrected in place, then the batch uploaded", async ({
    page,
  }) => {
    const { product, devices, customer } = await sellable();
    await page.goto("/sales/all/batch-upload");
    await expect(page.getByRole("heading", { name: "Batch Upload Sales" })).toBeVisible();
    const template = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the template (CSV)" }).click();
    const templateFile = await (await template).path();
    expect((await fs.readFile(templateFile, "utf8")).replace(/^\uFEFF/, "").trim()).toBe(COLUMNS.join(","));

    await page.getByLabel("Sales File").setInputFiles({
      name: "sales.csv",
      mimeType: "text/csv",
      buffer: csvOf([
        saleRow(customer.email, product.id, devices[0].serialNumber),
        saleRow("nobody@example.com", product.name, devices[1].serialNumber),
      ]),
    });
    await page.getByRole("button", { name: "Upload Sales" }).click();
    await expect(page.getByRole("heading", { name: "Correct the Sales File" })).toBeVisible();
    await expect(page.getByText("1 problem to correct. Nothing has been stored yet.")).toBeVisible();
    const row = page.getByRole("form", { name: "Row 3" });
    await expect(row.getByText("No customer has this e-mail or phone number")).toBeVisible();
    await expect(row.getByLabel("customer")).toHaveValue("nobody@example.com");

    await row.getByLabel("customer").fill(customer.email);
    await row.getByRole("button", { name: "Save row 3" }).click();
    await expect(page.getByText("Row 3 passes now")).toBeVisible();
    await expect(page.getByText("Every row passes now: upload the sales.")).toBeVisible();
    await page.getByRole("button", { name: "Upload Sales" }).click();
    await expect(page).toHaveURL(/\/sales\/all(\?|$)/);
    await expect(page.getByText("Sales uploaded successfully!")).toBeVisible();
    await expect(page.getByText("2 sales added.")).toBeVisible();
  });

  test("a file that is not a spreadsheet is refused with the spec's message", async ({ page }) => {
    await page.goto("/sales/all/batch-upload");
    await page.getByLabel("Sales File").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await page.getByRole("button", { name: "Upload Sales" }).click();
    await expect(page.getByText("Only CSV/Excel files (.csv, .xlsx, .xls) allowed")).toBeVisible();
  });

  test("exports a date range as a CSV with the header and the sales of those days", async ({ page }) => {
    const { product, devices, customer } = await sellable();
    const day = daysAgo(20);
    const form = new FormData();
    form.set(
      "file",
      new Blob([csvOf([saleRow(customer.email, product.id, devices[0].serialNumber, day)])]),
      "sales.csv",
    );
    const uploaded = await fetch(`${E2E.appUrl}/api/v1/csv-upload/process`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await apiToken()}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    await page.goto("/sales/all/export");
    await expect(page.getByRole("heading", { name: "Export Data" })).toBeVisible();
    await page.getByLabel("Start Date").fill(daysAgo(1));
    await page.getByLabel("End Date").fill(daysAgo(3));
    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.getByText("End date must be after start date")).toBeVisible();

    await page.getByLabel("Start Date").fill(day);
    await page.getByLabel("End Date").fill(day);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sales_export_${day}_to_${day}.csv`);
    const [header, ...rows] = parseCsv(
      (await fs.readFile(await file.path(), "utf8")).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(header.slice(0, 3)).toEqual(["Sale ID", "Sale Date", "Status"]);
    const ours = rows.filter((cells) => cells.includes(customer.email));
    expect(ours).toHaveLength(1);
    expect(ours[0][1]).toBe(day);
    expect(header.at(-1)).toBe("Sale Number");
    expect(ours[0].at(-1)).toMatch(/^S-\d{6}$/);
    expect(rows.every((cells) => cells[1] === day)).toBe(true);
  });
});
