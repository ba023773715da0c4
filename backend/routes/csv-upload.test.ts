import { parse as parseCsv } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import {
  customers,
  devices,
  inventoryBatches,
  saleItems,
  salePayments,
  saleUploads,
  sales,
} from "../db/schema";
import { lagosDate } from "../schemas/dates";
import {
  SALE_FILE_FIELDS,
  SALES_EXPORT_HEADER,
  SaleUploadRecordSchema,
  SalesUploadReportSchema,
} from "../schemas/sale-uploads";
import { inBatches } from "../http/csv";
import {
  cancelStaleSales,
  deleteExpiredUploads,
  exportCursorOf,
  readExportRowsAfter,
} from "../services/sales";
import type { ExportCursor } from "../services/sales";
import {
  FORBIDDEN_BODY,
  backendWithTeam,
  expectExactly,
  makeAgent,
  makeDevice,
  signedInAs,
} from "../test/factories";
import { makeCustomer, makeSellableProduct } from "../test/sale-factories";

const { backend, team } = await backendWithTeam();
/** A second salesperson, to whom the first one's uploads are not shown. */
const { token: otherToken } = await signedInAs(backend, "sales");

type Row = Partial<Record<(typeof SALE_FILE_FIELDS)[number], string | number>>;

/** A sales file in the template's column order; cells with commas or quotes quoted. */
function csvOf(rows: Row[]) {
  const cell = (value: unknown) => {
    const text = value === undefined ? "" : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [
    SALE_FILE_FIELDS.join(","),
    ...rows.map((row) => SALE_FILE_FIELDS.map((f) => cell(row[f])).join(",")),
  ].join("\r\n");
}

function upload(file: { name: string; bytes: Uint8Array | string } | null, as = team.sales.token) {
  const form = new FormData();
  if (file) form.set("file", new Blob([file.bytes as BlobPart]), file.name);
  return backend.request("POST", "/api/v1/csv-upload/process", { token: as, form });
}

const daysAgo = (days: number) => lagosDate(new Date(Date.now() - days * 86_400_000));

async function salesOf(customerId: string) {
  return backend.db.select().from(sales).where(eq(sales.customerId, customerId));
}

async function remainingOf(itemId: string) {
  const batches = await backend.db
    .select({ remaining: inventoryBatches.remainingQuantity })
    .from(inventoryBatches)
    .where(eq(inventoryBatches.inventoryItemId, itemId));
  return batches.reduce((sum, batch) => sum + batch.remaining, 0);
}

describe("GET /api/v1/csv-upload/template", () => {
  it("answers the columns as a CSV, for roles that may sell only", async () => {
    const response = await backend.request("GET", "/api/v1/csv-upload/template", { token: team.sales.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect((await response.text()).replace(/^\uFEFF/, "").trim()).toBe(SALE_FILE_FIELDS.join(","));
    const refused = await backend.request("GET", "/api/v1/csv-upload/template", { token: team.viewer.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe("POST /api/v1/csv-upload/process", () => {
  it("makes every sale of a good file, priced like the screen, dated by the file, with its payments", async () => {
    const { product, battery, devices: units } = await makeSellableProduct(backend.db, { price: 10_000 });
    const customer = await makeCustomer(backend.db);
    const other = await makeCustomer(backend.db, { phone: "08031112233" });
    const agent = await makeAgent(backend.db);
    const csv = csvOf([
      {
        customer: customer.email.toUpperCase(),
        product: product.name,
        units: 2,
        paymentMode: "ONE_OFF",
        discount: 10,
        deviceSerials: `${units[0].serialNumber}; ${units[1].serialNumber}`,
        paymentMethod: "CASH",
        amountPaid: "18000",
        saleDate: daysAgo(3),
        agent: agent.email,
      },
      {
        customer: "+234 803 111 2233",
        product: product.id,
        units: 1,
        paymentMode: "installment",
        installmentDuration: 3,
        installmentStartingPrice: 20,
        deviceSerials: units[2].serialNumber,
        paymentMethod: "ONLINE",
        amountPaid: "",
        saleDate: daysAgo(40),
      },
    ]);
    const response = await upload({ name: "sales.csv", bytes: `\uFEFF${csv}\r\n` });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Sales uploaded successfully!", count: 2 });
    // Leads who bought are purchasing customers now.
    const buyers = await backend.db
      .select({ type: customers.type })
      .from(customers)
      .where(inArray(customers.id, [customer.id, other.id]));
    expect(buyers.map((buyer) => buyer.type)).toEqual(["purchase", "purchase"]);

    const [paid] = await salesOf(customer.id);
    expect(paid).toMatchObject({
      status: "COMPLETED",
      totalKobo: 1_800_000,
      paidKobo: 1_800_000,
      agentId: agent.id,
    });
    expect(paid.uploadId).not.toBeNull();
    expect(lagosDate(paid.createdAt)).toBe(daysAgo(3));
    const payments = await backend.db.select().from(salePayments).where(eq(salePayments.saleId, paid.id));
    expect(payments).toMatchObject([{ method: "CASH", amountKobo: 1_800_000, status: "COMPLETED" }]);

    const [instalment] = await salesOf(other.id);
    // ₦10,000 over 3 months at 4 % a month: ₦11,200 in all, nothing paid yet.
    expect(instalment).toMatchObject({
      status: "UNPAID",
      totalKobo: 1_120_000,
      paidKobo: 0,
      hasContract: true,
    });
    const [item] = await backend.db.select().from(saleItems).where(eq(saleItems.saleId, instalment.id));
    expect(item.recipient).toMatchObject({ firstname: other.firstname, phone: other.phone });

    const linked = await backend.db
      .select({ saleItemId: devices.saleItemId })
      .from(devices)
      .where(inArray(devices.id, [units[0].id, units[1].id, units[2].id]));
    expect(linked.every((device) => device.saleItemId !== null)).toBe(true);
    expect(await remainingOf(battery.id)).toBe(7);

    // The upload the sales came from is kept when old uploads are cleared away.
    await deleteExpiredUploads(backend.db, new Date(Date.now() + 30 * 86_400_000));
    const [kept] = await backend.db
      .select()
      .from(saleUploads)
      .where(eq(saleUploads.id, paid.uploadId ?? ""));
    expect(kept.committedAt).not.toBeNull();

    // An imported sale happened elsewhere: the hold on unpaid sales leaves it alone.
    await cancelStaleSales(backend.db, 1, new Date(Date.now() + 86_400_000));
    const [still] = await salesOf(other.id);
    expect(still.status).toBe("UNPAID");
  });

  it("refuses a row for a barred customer", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, {
      price: 5_000,
      units: 1,
      paymentModes: ["ONE_OFF"],
    });
    const barred = await makeCustomer(backend.db, { status: "barred" });
    const response = await upload({
      name: "sales.csv",
      bytes: csvOf([
        {
          customer: barred.phone,
          product: product.id,
          units: 1,
          paymentMode: "ONE_OFF",
          deviceSerials: units[0].serialNumber,
          paymentMethod: "CASH",
          amountPaid: 5000,
          saleDate: daysAgo(1),
        },
      ]),
    });
    expect(response.status).toBe(400);
    const report = await response.json();
    expect(report.errors).toMatchObject([
      {
        row: 2,
        column: "customer",
        message: "This customer is barred: unbar them on their page before selling to them",
      },
    ]);
  });

  it("stores nothing when any row fails, reports each problem on its line and column, then takes corrections", async () => {
    const {
      product,
      battery,
      devices: units,
    } = await makeSellableProduct(backend.db, {
      price: 5_000,
      units: 3,
      paymentModes: ["ONE_OFF"],
    });
    const customer = await makeCustomer(backend.db);
    const good = {
      customer: customer.email,
      product: product.id,
      units: 1,
      paymentMode: "ONE_OFF",
      deviceSerials: units[0].serialNumber,
      paymentMethod: "CASH",
      amountPaid: 5000,
      saleDate: daysAgo(1),
    };
    const rows: Row[] = [
      good,
      {
        ...good,
        customer: "nobody@example.test",
        saleDate: "2999-01-01",
        deviceSerials: units[1].serialNumber,
      },
      { ...good, deviceSerials: units[0].serialNumber, amountPaid: 9000 },
      { ...good, paymentMode: "INSTALLMENT", installmentDuration: 3, installmentStartingPrice: 20 },
      { ...good, units: 0, deviceSerials: "NO-SUCH-SERIAL", paymentMethod: "CHEQUE", saleDate: "22/11/2026" },
    ];
    const response = await upload({ name: "sales.csv", bytes: csvOf(rows) });
    expect(response.status).toBe(400);
    const report = await response.json();
    expectExactly(SalesUploadReportSchema, report);
    expect(report.message).toBe(`Nothing was uploaded: ${report.errorCount} problems in the file`);
    const at = (row: number) =>
      report.errors
        .filter((problem: { row: number }) => problem.row === row)
        .map((problem: { column: string; message: string }) => `${problem.column}: ${problem.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual([
      "customer: No customer has this e-mail or phone number",
      "saleDate: Sale date cannot be in the future",
    ]);
    expect(at(4)).toEqual([`deviceSerials: Device ${units[0].serialNumber} is also sold in row 2`]);
    expect(at(5)).toEqual([
      "paymentMode: Installment payments are not offered for this product",
      `deviceSerials: Device ${units[0].serialNumber} is also sold in row 2`,
    ]);
    expect(at(6)).toEqual([
      "units: Quantity must be at least 1",
      "deviceSerials: Device NO-SUCH-SERIAL does not exist",
      "paymentMethod: Payment method is required",
      "saleDate: Sale date must be a date written YYYY-MM-DD",
    ]);
    expect(await salesOf(customer.id)).toEqual([]);
    expect(await remainingOf(battery.id)).toBe(3);

    // Only the uploader sees the upload and its rows.
    const id = report.uploadId;
    expect((await backend.request("GET", `/api/v1/csv-upload/${id}`, { token: otherToken })).status).toBe(
      404,
    );
    const stored = await (
      await backend.request("GET", `/api/v1/csv-upload/${id}`, { token: team.sales.token })
    ).json();
    expectExactly(SaleUploadRecordSchema, stored);
    expect(stored.failedRows.map((row: { row: number }) => row.row)).toEqual([3, 4, 5, 6]);
    expect(stored.failedRows[0].values.customer).toBe("nobody@example.test");

    const correct = (row: number, values: Row) =>
      backend.request("PATCH", `/api/v1/csv-upload/${id}/rows/${row}`, {
        token: team.sales.token,
        body: { values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) },
      });
    // A correction is checked with the whole batch: paying more than the total is still refused.
    let after = await (
      await correct(3, { ...good, deviceSerials: units[1].serialNumber, amountPaid: 9000 })
    ).json();
    expect(after.failedRows[0]).toMatchObject({
      row: 3,
      problems: [
        { column: "amountPaid", message: "Amount paid cannot be more than the sale's total of ₦5,000" },
      ],
    });
    await correct(3, { ...good, deviceSerials: units[1].serialNumber, amountPaid: 2000 });
    await correct(4, { ...good, deviceSerials: units[2].serialNumber });
    await correct(5, { ...good, deviceSerials: "" });
    after = await (await correct(6, { ...good, deviceSerials: "" })).json();
    expect(after.failedRows.map((row: { row: number }) => row.row)).toEqual([5, 6]);
    expect(after.failedRows[0].problems).toEqual([
      { column: "deviceSerials", message: "At least one device is required" },
    ]);
    // Nothing was written by the corrections.
    expect(await salesOf(customer.id)).toEqual([]);

    const refused = await backend.request("POST", `/api/v1/csv-upload/${id}/commit`, {
      token: team.sales.token,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errorCount).toBe(2);
    // Left uncorrected, the upload is forgotten once it is old.
    await deleteExpiredUploads(backend.db, new Date(Date.now() + 30 * 86_400_000));
    expect(
      (await backend.request("GET", `/api/v1/csv-upload/${id}`, { token: team.sales.token })).status,
    ).toBe(404);
  });

  it("reads numbers only as the screens do: hexadecimal and exponent cells are refused", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db);
    const customer = await makeCustomer(backend.db);
    const row = {
      customer: customer.email,
      product: product.id,
      paymentMode: "INSTALLMENT",
      installmentDuration: 3,
      paymentMethod: "CASH",
      saleDate: daysAgo(1),
    };
    const response = await upload({
      name: "sales.csv",
      bytes: csvOf([
        { ...row, units: "0x1", installmentStartingPrice: 20, deviceSerials: units[0].serialNumber },
        { ...row, units: 1, installmentStartingPrice: "2e1", deviceSerials: units[1].serialNumber },
        {
          ...row,
          units: 1,
          installmentStartingPrice: 20,
          discount: "Infinity",
          deviceSerials: units[2].serialNumber,
        },
      ]),
    });
    expect(response.status).toBe(400);
    const report = await response.json();
    expect(report.errors).toEqual([
      { row: 2, column: "units", message: "Quantity must be a whole number" },
      {
        row: 3,
        column: "installmentStartingPrice",
        message: "Installment starting price must be a percentage",
      },
      { row: 4, column: "discount", message: "Discount must be between 0 and 100" },
    ]);
    expect(await salesOf(customer.id)).toEqual([]);
  });

  it("commits a corrected upload once, and never for someone else", async () => {
    const {
      product,
      battery,
      devices: units,
    } = await makeSellableProduct(backend.db, { price: 2_000, units: 2 });
    const customer = await makeCustomer(backend.db);
    const row = {
      customer: customer.email,
      product: product.id,
      units: 1,
      paymentMode: "ONE_OFF",
      deviceSerials: units[0].serialNumber,
      paymentMethod: "CASH",
      amountPaid: 500,
      saleDate: daysAgo(0),
    };
    // Three devices of the battery, two in stock: the second row asks for more than is left.
    const spare = await makeDevice(backend.db, { inventoryId: battery.id });
    const twoUnits = { ...row, units: 2, deviceSerials: `${units[1].serialNumber};${spare.serialNumber}` };
    const response = await upload({ name: "sales.csv", bytes: csvOf([row, twoUnits]) });
    const report = await response.json();
    expect(report.errors).toEqual([
      { row: 3, column: "units", message: `Not enough stock for ${product.name}: 1 unit available` },
    ]);
    const id = report.uploadId;
    await backend.request("PATCH", `/api/v1/csv-upload/${id}/rows/3`, {
      token: team.sales.token,
      body: { values: { ...row, units: "1", amountPaid: "2000", deviceSerials: units[1].serialNumber } },
    });
    expect(
      (await backend.request("POST", `/api/v1/csv-upload/${id}/commit`, { token: otherToken })).status,
    ).toBe(404);
    const committed = await backend.request("POST", `/api/v1/csv-upload/${id}/commit`, {
      token: team.sales.token,
    });
    expect(committed.status).toBe(201);
    expect(await committed.json()).toEqual({ message: "Sales uploaded successfully!", count: 2 });
    const made = await salesOf(customer.id);
    expect(made.map((sale) => sale.status).sort()).toEqual(["COMPLETED", "IN_INSTALLMENT"]);
    expect(await remainingOf(battery.id)).toBe(0);
    expect(
      (await backend.request("POST", `/api/v1/csv-upload/${id}/commit`, { token: team.sales.token })).status,
    ).toBe(404);
    expect(
      (
        await backend.request("PATCH", `/api/v1/csv-upload/${id}/rows/3`, {
          token: team.sales.token,
          body: { values: { ...row, units: "1", amountPaid: "1" } },
        })
      ).status,
    ).toBe(404);
  });

  it("imports an upload once when two commits arrive at the same moment", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 2_000, units: 2 });
    const customer = await makeCustomer(backend.db);
    const row = {
      customer: customer.email,
      product: product.id,
      units: 1,
      paymentMode: "ONE_OFF",
      deviceSerials: units[0].serialNumber,
      paymentMethod: "CASH",
      amountPaid: 100,
      saleDate: daysAgo(0),
    };
    // A second row with an unknown customer keeps the file as an upload; corrected, both rows are good.
    const bad = { ...row, customer: "nobody@example.com", deviceSerials: units[1].serialNumber };
    const report = await (await upload({ name: "sales.csv", bytes: csvOf([row, bad]) })).json();
    const id = report.uploadId;
    await backend.request("PATCH", `/api/v1/csv-upload/${id}/rows/3`, {
      token: team.sales.token,
      body: { values: { ...row, units: "1", amountPaid: "100", deviceSerials: units[1].serialNumber } },
    });
    const statuses = await Promise.all(
      [1, 2].map(
        async () =>
          (await backend.request("POST", `/api/v1/csv-upload/${id}/commit`, { token: team.sales.token }))
            .status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 404]);
    expect(await salesOf(customer.id)).toHaveLength(2);
  });

  it("refuses a missing file, a file that is not a spreadsheet, odd rows and keys, and roles that may not sell", async () => {
    const missing = await upload(null);
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors).toEqual({ file: ["Sales file is required"] });
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const image = await upload({ name: "sales.csv", bytes: png });
    expect((await image.json()).fieldErrors).toEqual({
      file: ["Only CSV/Excel files (.csv, .xlsx, .xls) allowed"],
    });
    // The extension is part of the type: CSV-like text in a .txt file is not a sales file.
    for (const name of ["sales.txt", "sales", "sales.csv.txt"]) {
      const text = await upload({ name, bytes: "name,amount\nx,1\n" });
      expect(text.status, name).toBe(400);
      expect((await text.json()).fieldErrors, name).toEqual({
        file: ["Only CSV/Excel files (.csv, .xlsx, .xls) allowed"],
      });
    }
    const noColumns = await upload({ name: "sales.csv", bytes: "name,amount\nx,1\n" });
    expect(noColumns.status).toBe(400);
    const body = await noColumns.json();
    expect(body.uploadId).toBeNull();
    expect(body.errors[0]).toMatchObject({ row: 1 });
    const refused = await upload({ name: "sales.csv", bytes: csvOf([{}]) }, team.viewer.token);
    expect(refused.status).toBe(403);

    const unknown = await backend.request("PATCH", "/api/v1/csv-upload/nope/rows/2", {
      token: team.sales.token,
      body: { values: { customer: "x" } },
    });
    expect(unknown.status).toBe(404);
    for (const body of [
      { values: { constructor: "x" } },
      { values: { customer: "a\u0000b" } },
      { other: 1 },
    ]) {
      const odd = await backend.request("PATCH", "/api/v1/csv-upload/nope/rows/2", {
        token: team.sales.token,
        body,
      });
      expect([400, 404]).toContain(odd.status);
    }
    for (const row of ["0", "1", "abc", "99999999999999999999"]) {
      const odd = await backend.request("PATCH", `/api/v1/csv-upload/nope/rows/${row}`, {
        token: team.sales.token,
        body: { values: {} },
      });
      expect(odd.status).toBe(404);
    }
  });
});

describe("GET /api/v1/csv-upload/export-sales", () => {
  it("streams one row per sale item in a date range, cells that could run as formulas neutralised", async () => {
    const { product, devices: units } = await makeSellableProduct(backend.db, { price: 3_000 });
    const customer = await makeCustomer(backend.db, { firstname: '=HYPERLINK("http://x")', lastname: "Ade" });
    const file = csvOf([
      {
        customer: customer.email,
        product: product.id,
        units: 1,
        paymentMode: "ONE_OFF",
        deviceSerials: units[0].serialNumber,
        paymentMethod: "CASH",
        amountPaid: 1000.5,
        saleDate: daysAgo(10),
      },
      {
        customer: customer.email,
        product: product.id,
        units: 1,
        paymentMode: "ONE_OFF",
        deviceSerials: units[1].serialNumber,
        paymentMethod: "CASH",
        saleDate: daysAgo(2),
      },
    ]);
    expect((await upload({ name: "sales.csv", bytes: file })).status).toBe(201);

    const day = daysAgo(10);
    const response = await backend.request(
      "GET",
      `/api/v1/csv-upload/export-sales?startDate=${day}&endDate=${day}`,
      { token: team.viewer.token, headers: { accept: "text/csv" } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`sales_export_${day}_to_${day}.csv`);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(header).toEqual(SALES_EXPORT_HEADER);
    const ours = rows.filter((row) => row[5] === customer.email);
    expect(ours).toHaveLength(1);
    const cells = Object.fromEntries(header.map((name, index) => [name, ours[0][index]]));
    expect(cells["Sale Number"]).toMatch(/^S-\d{6}$/);
    expect(cells).toMatchObject({
      "Sale Date": day,
      Status: "IN_INSTALLMENT",
      Customer: `'=HYPERLINK("http://x") Ade`,
      Product: product.name,
      Units: "1",
      "Sale Total (NGN)": "3000.00",
      "Paid (NGN)": "1000.50",
      "Balance (NGN)": "1999.50",
      Devices: units[0].serialNumber,
    });

    const all = await backend.request("GET", "/api/v1/csv-upload/export-sales?status=UNPAID", {
      token: team.sales.token,
    });
    expect(all.headers.get("content-disposition")).toContain(`sales_export_${lagosDate(new Date())}.csv`);
    const unpaid = (parseCsv((await all.text()).replace(/^\uFEFF/, "")) as string[][]).slice(1);
    expect(unpaid.some((row) => row[5] === customer.email && row[1] === daysAgo(2))).toBe(true);
    expect(unpaid.every((row) => row[2] === "UNPAID")).toBe(true);
  });

  it("reads the same rows page by page as at once (the keyset moves sale by sale)", async () => {
    const query = { startDate: daysAgo(400), endDate: daysAgo(0) };
    const all = await readExportRowsAfter(backend.db, query, null, 100_000);
    expect(all.length).toBeGreaterThan(3);
    const paged = [];
    for await (const row of inBatches(
      (after: ExportCursor | null, limit) => readExportRowsAfter(backend.db, query, after, limit),
      exportCursorOf,
      2,
    ))
      paged.push(row);
    expect(paged.map((row) => row.itemId)).toEqual(all.map((row) => row.itemId));
  });

  it("refuses an end before the start, days in the future, odd dates and statuses", async () => {
    const ask = (query: string) =>
      backend.request("GET", `/api/v1/csv-upload/export-sales?${query}`, { token: team.sales.token });
    const backwards = await ask(`startDate=${daysAgo(1)}&endDate=${daysAgo(3)}`);
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).fieldErrors).toEqual({ endDate: ["End date must be after start date"] });
    const future = await ask(`endDate=${lagosDate(new Date(Date.now() + 3 * 86_400_000))}`);
    expect((await future.json()).fieldErrors).toEqual({ endDate: ["End date cannot be in the future"] });
    for (const query of ["startDate=2026-02-30", "status=PAID", "endDate=%00"]) {
      expect((await ask(query)).status).toBe(400);
    }
  });
});
