import { randomBytes } from "node:crypto";
import type { AppDb } from "../db/client";
import { saleItems, sales } from "../db/schema";
import { SALE_FILE_FIELDS } from "../constants/sale-uploads";
import { lagosDate } from "../schemas/dates";
import type { PaymentMode } from "../schemas/products";
import { makeCustomer, makeDevice } from "./factories";
import { makeItem, makeProduct, makeWarehouse } from "./stock-factories";
import type { TestBackend } from "./test-backend";

/**
 * A product a sale can be made of: a tracked item (a battery, one per unit unless told otherwise, with
 * its devices registered) and optionally an untracked one (bulbs, four per unit), in stock.
 */
export async function makeSellableProduct(
  db: AppDb,
  {
    units = 10,
    price = 1_000,
    batteryPerUnit = 1,
    withBulbs = false,
    paymentModes = ["ONE_OFF", "INSTALLMENT"],
    batches,
  }: {
    units?: number;
    price?: number;
    batteryPerUnit?: number;
    withBulbs?: boolean;
    paymentModes?: PaymentMode[];
    /** The battery's batches, oldest first (default: one batch holding `units × batteryPerUnit`). */
    batches?: { stock: number; price: number; cost?: number; remaining?: number }[];
  } = {},
) {
  const warehouse = await makeWarehouse(db);
  const batterySpecs = (batches ?? [{ stock: units * batteryPerUnit, price }]).map((batch) => ({
    ...batch,
    warehouseId: warehouse.id,
  }));
  const battery = await makeItem(db, {
    batches: batterySpecs,
    name: `Battery ${randomBytes(2).toString("hex")}`,
  });
  const bulbs = withBulbs
    ? await makeItem(db, { batches: [{ stock: units * 4, price: 50, warehouseId: warehouse.id }] })
    : null;
  const product = await makeProduct(db, {
    items: [
      { itemId: battery.id, quantity: batteryPerUnit },
      ...(bulbs ? [{ itemId: bulbs.id, quantity: 4 }] : []),
    ],
    paymentModes,
  });
  const stockUnits = batterySpecs.reduce((sum, batch) => sum + (batch.remaining ?? batch.stock), 0);
  const devices = [];
  for (let index = 0; index < stockUnits; index += 1)
    devices.push(await makeDevice(db, { inventoryId: battery.id }));
  return { product, battery, bulbs, warehouse, devices };
}

export const RECIPIENT = {
  firstname: "Ada",
  lastname: "Obi",
  address: "1 Marina, Lagos",
  phone: "08031234567",
  email: "ada.recipient@example.com",
};

export const IDENTIFICATION = {
  idType: "Nin",
  idNumber: "12345678901",
  issuingCountry: "Nigeria",
  issueDate: "2020-01-15",
  expirationDate: "2035-01-15",
  fullNameAsOnID: "Adaeze Obi",
};

export const NEXT_OF_KIN = {
  fullName: "Chidi Obi",
  relationship: "Brother",
  phoneNumber: "08031234568",
  dateOfBirth: "1990-05-01",
};

export const GUARANTOR = {
  fullName: "Bisi Ade",
  phoneNumber: "08037654321",
  homeAddress: "3 Allen Avenue, Ikeja",
  dateOfBirth: "1980-02-02",
  identificationDetails: IDENTIFICATION,
};

export const CONTRACT = {
  bvn: "22212345678",
  identificationDetails: IDENTIFICATION,
  nextOfKinDetails: NEXT_OF_KIN,
  guarantorDetails: GUARANTOR,
};

/** A one-off cash sale payload of `units` of `productId` with the given devices. */
export function oneOffSale(customerId: string, productId: string, deviceIds: string[], units = 1) {
  return {
    category: "PRODUCT",
    customerId,
    paymentMethod: "CASH",
    applyMargin: false,
    saleItems: [
      { productId, quantity: units, paymentMode: "ONE_OFF", devices: deviceIds, saleRecipient: RECIPIENT },
    ],
  };
}

/** An instalment cash sale payload of one unit of `productId`, with its contract. */
export function instalmentSale(
  customerId: string,
  productId: string,
  deviceIds: string[],
  terms = { installmentDuration: 3, installmentStartingPrice: 30 },
) {
  return {
    ...oneOffSale(customerId, productId, deviceIds),
    saleItems: [
      {
        productId,
        quantity: 1,
        paymentMode: "INSTALLMENT",
        ...terms,
        devices: deviceIds,
        saleRecipient: RECIPIENT,
      },
    ],
    ...CONTRACT,
  };
}

export { makeCustomer };

/** A sale item row (and the sale and product it needs), for tests that only need something to link to. */
export async function makeSaleItem(db: AppDb) {
  const { product } = await makeSellableProduct(db, { units: 1 });
  const customer = await makeCustomer(db);
  const [sale] = await db
    .insert(sales)
    .values({
      customerId: customer.id,
      paymentMethod: "CASH",
      applyMargin: false,
      outrightMarginBps: 2000,
      loanMarginBps: 1500,
      monthlyInterestBps: 400,
      hasContract: false,
      totalKobo: 100_000,
      dueNowKobo: 100_000,
      totalMonthlyKobo: 0,
      installmentMonths: 0,
    })
    .returning();
  const [item] = await db
    .insert(saleItems)
    .values({
      saleId: sale.id,
      productId: product.id,
      quantity: 1,
      paymentMode: "ONE_OFF",
      discountBps: 0,
      installmentDuration: 0,
      installmentStartingBps: 0,
      miscellaneous: [],
      recipient: RECIPIENT,
      baseKobo: 100_000,
      discountKobo: 0,
      miscellaneousKobo: 0,
      interestKobo: 0,
      marginKobo: 0,
      totalKobo: 100_000,
      initialPaymentKobo: 100_000,
      monthlyPaymentKobo: 0,
    })
    .returning();
  return item;
}

/**
 * Uploads a sales file of one row, sold today by cash (the fields not given are left empty), as `token`;
 * answers the API's response.
 */
export function uploadOneSale(backend: TestBackend, token: string, row: Record<string, string>) {
  const cells: Record<string, string> = {
    units: "1",
    paymentMethod: "CASH",
    saleDate: lagosDate(new Date()),
    ...row,
  };
  const csv = [
    SALE_FILE_FIELDS.join(","),
    SALE_FILE_FIELDS.map((field) => cells[field] ?? "").join(","),
  ].join("\r\n");
  const form = new FormData();
  form.set("file", new Blob([csv]), "sales.csv");
  return backend.request("POST", "/api/v1/csv-upload/process", { token, form });
}
