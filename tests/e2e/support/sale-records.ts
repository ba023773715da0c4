import { randomBytes } from "node:crypto";
import { E2E } from "./env";
import {
  TINY_PNG,
  apiToken,
  createCustomer,
  createDevice,
  createInventoryItem,
  createProductCategory,
  uniqueTag,
} from "./staff";

/**
 * Sales made through the real API (`POST /v1/sales/create`): a customer, a product with stock, and the
 * devices of its inventory item — each test makes its own, as the new-sale screens would.
 */

const api = (route: string) => `${E2E.appUrl}/api/v1${route}`;

async function call<T = unknown>(
  route: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(api(route), {
    method: init.method ?? "GET",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${init.token ?? (await apiToken())}`,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${route} → ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

type PaymentMode = "ONE_OFF" | "INSTALLMENT";

/** A product of one tracked item (a battery per unit) with `units` in stock and a device for each. */
export async function createSellableProduct({
  units = 2,
  price = 120_000,
  paymentModes = ["ONE_OFF", "INSTALLMENT"] as PaymentMode[],
} = {}) {
  const item = await createInventoryItem({ numberOfStock: units, price, costOfItem: Math.round(price / 2) });
  const devices = [];
  for (let index = 0; index < units; index += 1) devices.push(await createDevice({ inventoryId: item.id }));
  const category = await createProductCategory();
  const form = new FormData();
  form.set("categoryId", category.id);
  form.set("name", `Solar Kit ${uniqueTag()}`);
  form.set("paymentModes", paymentModes.join(","));
  form.set("inventories", JSON.stringify([{ inventoryId: item.id, quantity: 1 }]));
  form.set("productImage", new Blob([TINY_PNG], { type: "image/png" }), "kit.png");
  const response = await fetch(api("/products"), {
    method: "POST",
    headers: { Authorization: `Bearer ${await apiToken()}` },
    body: form,
  });
  const product = (await response.json()) as { id: string; name: string };
  if (!response.ok) throw new Error(`POST /products → ${response.status} ${JSON.stringify(product)}`);
  return { product, item, devices };
}

const RECIPIENT = {
  firstname: "Ada",
  lastname: "Obi",
  address: "1 Marina, Lagos",
  phone: "08031234567",
  email: "ada.recipient@example.com",
};

const IDENTIFICATION = {
  idType: "Nin",
  idNumber: "12345678901",
  issuingCountry: "Nigeria",
  issueDate: "2020-01-15",
  expirationDate: "2035-01-15",
  fullNameAsOnID: "Adaeze Obi",
};

/** The contract an instalment sale needs (spec 001 §5). */
export const CONTRACT = {
  bvn: "22212345678",
  identificationDetails: IDENTIFICATION,
  nextOfKinDetails: {
    fullName: "Chidi Obi",
    relationship: "Brother",
    phoneNumber: "08031234568",
    dateOfBirth: "1990-05-01",
  },
  guarantorDetails: {
    fullName: "Bisi Ade",
    phoneNumber: "08037654321",
    homeAddress: "3 Allen Avenue, Ikeja",
    dateOfBirth: "1980-02-02",
    identificationDetails: IDENTIFICATION,
  },
};

export type SaleRecord = {
  id: string;
  saleNumber: string;
  status: string;
  totalPrice: number;
  totalPaid: number;
  balance: number;
  amountDueNow: number;
  installmentStartingPrice: number;
  customer: { id: string; firstname: string; lastname: string; email: string };
  items: { devices: { id: string; serialNumber: string; tokens: { token: string; kind: string }[] }[] }[];
  payments: {
    id: string;
    receiptNumber: string;
    amount: number;
    status: string;
    reference: string;
    method: string;
  }[];
  schedule: { number: number; amount: number; paid: number; status: string }[];
};

/**
 * A sale of one unit: `INSTALLMENT` (6 months, 20 % deposit, with its contract) or `ONE_OFF`, paid by
 * `CASH` or `ONLINE` (an online one starts its first checkout at once).
 */
export async function createSale({
  paymentMethod = "CASH",
  paymentMode = "INSTALLMENT",
  price = 120_000,
  customerFields = {},
}: {
  paymentMethod?: "CASH" | "ONLINE";
  paymentMode?: PaymentMode;
  price?: number;
  customerFields?: Record<string, string>;
} = {}) {
  const [customer, { product, devices }] = await Promise.all([
    createCustomer(undefined, customerFields),
    createSellableProduct({ units: 1, price }),
  ]);
  const created = await call<{ sale: SaleRecord; paymentData: { amount: number; reference: string } }>(
    "/sales/create",
    {
      method: "POST",
      body: {
        category: "PRODUCT",
        customerId: customer.id,
        paymentMethod,
        applyMargin: false,
        saleItems: [
          {
            productId: product.id,
            quantity: 1,
            paymentMode,
            ...(paymentMode === "INSTALLMENT"
              ? { installmentDuration: 6, installmentStartingPrice: 20 }
              : {}),
            devices: devices.map((device) => device.id),
            saleRecipient: RECIPIENT,
          },
        ],
        ...(paymentMode === "INSTALLMENT" ? CONTRACT : {}),
      },
    },
  );
  return { ...created, customer, product, devices };
}

export function readSale(id: string) {
  return call<SaleRecord>(`/sales/${id}`);
}

export function saleStats() {
  return call<{ all: number; active: number; cancelled: number; byTab: Record<string, number> }>(
    "/sales/stats",
  );
}

/** Cash recorded through the API, as another clerk would have. */
export function recordCash(saleId: string, amount: number) {
  return call("/sales/record-cash-payment", {
    method: "POST",
    body: { saleId, paymentMethod: "CASH", amount },
  });
}

/** An online checkout opened through the API (with the sandbox provider: its page is /payment/sandbox/…). */
export function startCheckout(saleId: string) {
  return call<{ reference: string; link: string }>("/payment/initialize", {
    method: "POST",
    body: { saleId },
  });
}

/** A draft the signed-in admin started and left, with a customer chosen. */
export async function createDraft(customerId?: string) {
  const draft = await call<{ id: string }>("/sales/drafts", { method: "POST" });
  if (customerId) await call(`/sales/drafts/${draft.id}/customer`, { method: "PUT", body: { customerId } });
  return draft;
}

export function deleteDraft(id: string) {
  return call(`/sales/drafts/${id}`, { method: "DELETE" });
}

export type FinancialSettings = {
  pricingRule?: "COST_PLUS_MARGIN" | "BATCH_PRICE";
  outrightMargin: number;
  loanMargin: number;
  monthlyInterest: number;
};

export function financialSettings() {
  return call<FinancialSettings>("/sales/financial-settings");
}

export function putFinancialSettings(settings: FinancialSettings) {
  return call<FinancialSettings>("/sales/financial-settings", { method: "PUT", body: settings });
}

/** ₦ as the screens write it: comma thousands, two decimals only when fractional. */
export function naira(amount: number) {
  const fractional = Math.round(amount * 100) % 100 !== 0;
  return `₦${amount.toLocaleString("en-US", {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  })}`;
}

/** An amount field's value: the same figures without the ₦ (the field's label names the currency). */
export const amountText = (amount: number) => naira(amount).slice(1);

export const randomNote = () => `Paid at the shop ${randomBytes(2).toString("hex")}`;
