import { test } from "@playwright/test";
import { createDraft, createSellableProduct } from "./support/sales";
import { createCustomer, signInAsAdmin } from "./support/staff";

test("shots", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const customer = await createCustomer();
  const { product } = await createSellableProduct({ devices: 3 });
  const draft = await createDraft({ customerId: customer.id, productId: product.id, installment: true });
  const base = `/sales/all/new/${draft.id}`;
  const shots: Record<string, string> = {
    panel: "/sales/all/new",
    form: base,
    customer: `${base}/customer`,
    products: `${base}/products`,
    parameters: `${base}/items/${product.id}/parameters`,
    costs: `${base}/items/${product.id}/costs`,
    devices: `${base}/items/${product.id}/devices`,
    guarantor: `${base}/guarantor`,
    summary: `${base}/summary`,
  };
  for (const [name, path] of Object.entries(shots)) {
    await page.goto(path);
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  }
});
