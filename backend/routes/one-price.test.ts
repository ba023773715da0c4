import { eq } from "drizzle-orm";
import { sales } from "../db/schema";
import type { PricingRule } from "../constants/pricing";
import { backendWithTeam } from "../test/factories";
import {
  instalmentSale,
  makeCustomer,
  makeSellableProduct,
  oneOffSale,
  uploadOneSale,
} from "../test/sale-factories";

// Issue: one product showed three prices (catalogue, screen, upload). Under either pricing rule, the product's
// price, the draft the screens show, a sale made through the API and a sale uploaded from a file agree to the
// kobo (decision 017).
const { backend, team } = await backendWithTeam();

const as = (token: string) => (method: string, path: string, body?: unknown) =>
  backend.request(method, path, { token, body });
const sales_ = as(team.sales.token);

async function setPricingRule(pricingRule: PricingRule) {
  const current = await (await sales_("GET", "/api/v1/sales/financial-settings")).json();
  const response = await as(team.admin.token)("PUT", "/api/v1/sales/financial-settings", {
    ...current,
    pricingRule,
  });
  expect(response.status).toBe(200);
}

const INSTALMENT = { paymentMode: "INSTALLMENT", installmentDuration: 6, installmentStartingPrice: 30 };

async function draftTotal(productId: string, parameters?: typeof INSTALMENT) {
  const draft = await (await sales_("POST", "/api/v1/sales/drafts")).json();
  const added = await (
    await sales_("POST", `/api/v1/sales/drafts/${draft.id}/products`, { productId })
  ).json();
  const shown = added.items[0].product.priceRange;
  if (parameters)
    await sales_("PUT", `/api/v1/sales/drafts/${draft.id}/products/${productId}/parameters`, parameters);
  const read = await (await sales_("GET", `/api/v1/sales/drafts/${draft.id}`)).json();
  await sales_("DELETE", `/api/v1/sales/drafts/${draft.id}`);
  return { shown, total: read.items[0].price.totalPrice as number };
}

async function apiTotal(customerId: string, productId: string, deviceId: string, instalment: boolean) {
  const response = await sales_(
    "POST",
    "/api/v1/sales/create",
    instalment
      ? instalmentSale(customerId, productId, [deviceId], {
          installmentDuration: 6,
          installmentStartingPrice: 30,
        })
      : oneOffSale(customerId, productId, [deviceId]),
  );
  expect(response.status).toBe(201);
  return (await response.json()).sale.totalPrice as number;
}

async function uploadedTotal(
  customer: { id: string; email: string },
  productId: string,
  serial: string,
  instalment: boolean,
) {
  const response = await uploadOneSale(backend, team.sales.token, {
    customer: customer.email,
    product: productId,
    paymentMode: instalment ? "INSTALLMENT" : "ONE_OFF",
    installmentDuration: instalment ? "6" : "",
    installmentStartingPrice: instalment ? "30" : "",
    deviceSerials: serial,
  });
  expect(response.status).toBe(201);
  const [sale] = await backend.db.select().from(sales).where(eq(sales.customerId, customer.id));
  return sale.totalKobo / 100;
}

describe("one price for a product, everywhere", () => {
  it.each([
    // The Solar Home Kit Basic: sale price ₦332,200, cost ₦250,800.
    { rule: "BATCH_PRICE" as const, oneOff: 332_200, instalment: 411_928 },
    { rule: "COST_PLUS_MARGIN" as const, oneOff: 300_960, instalment: 357_640.8 },
  ])(
    "under $rule: product, draft, API and upload agree to the kobo",
    async ({ rule, oneOff, instalment }) => {
      await setPricingRule(rule);
      try {
        const { product, devices } = await makeSellableProduct(backend.db, {
          batches: [{ stock: 4, price: 332_200, cost: 250_800 }],
        });
        const listed = await (await sales_("GET", `/api/v1/products/${product.id}`)).json();
        expect(listed.priceRange).toEqual({
          minimumInventoryBatchPrice: oneOff,
          maximumInventoryBatchPrice: oneOff,
        });

        const single = await draftTotal(product.id);
        expect(single.shown).toEqual(listed.priceRange);
        expect(single.total).toBe(oneOff);
        expect((await draftTotal(product.id, INSTALMENT)).total).toBe(instalment);

        const [first, second, third, fourth] = await Promise.all([
          makeCustomer(backend.db),
          makeCustomer(backend.db),
          makeCustomer(backend.db),
          makeCustomer(backend.db),
        ]);
        expect(await apiTotal(first.id, product.id, devices[0].id, false)).toBe(oneOff);
        expect(await apiTotal(second.id, product.id, devices[1].id, true)).toBe(instalment);
        expect(await uploadedTotal(third, product.id, devices[2].serialNumber, false)).toBe(oneOff);
        expect(await uploadedTotal(fourth, product.id, devices[3].serialNumber, true)).toBe(instalment);
      } finally {
        await setPricingRule("BATCH_PRICE");
      }
    },
  );
});
