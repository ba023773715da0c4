import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { AppDb } from "../db/client";
import {
  agents,
  customers,
  paymentCheckouts,
  devices,
  inventoryBatches,
  inventoryMovements,
  saleAllocations,
  saleContracts,
  saleItems,
  sales,
} from "../db/schema";
import { formatNaira } from "../constants/money";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import type { PaymentProviderName } from "../schemas/payments";
import type { CreateSaleInput } from "../schemas/sale-rules";
import type { CreatedSale } from "../schemas/sales";
import { openAccounts } from "./loan-book";
import { FLUTTERWAVE_PAYMENT_OPTIONS } from "./payment-providers";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid } from "./errors";
import { CUSTOMER_BARRED, markPurchased } from "./customers";
import { currentFinancialSettings } from "./financial-settings";
import {
  InsufficientStock,
  TOTAL_TOO_LARGE,
  allocateFifo,
  isExactTotal,
  marginColumns,
  marginsApply,
  priceItem,
  saleTotals,
} from "./pricing";
import type { Allocation, FinancialSettings, ItemPrice, SaleTotals } from "./pricing";
import {
  deviceProblems,
  itemOfEachDevice,
  MODE_NOT_OFFERED,
  modeOffered,
  loadDevices,
  loadProductsForSale,
  stockBatchesOf,
} from "./sale-catalogue";
import type { DeviceForSale, ProductForSale, WarehouseBatch } from "./sale-catalogue";
import { getSale } from "./sale-records";
import { FieldProblems } from "./stock-common";

export const CUSTOMER_NOT_FOUND = "Customer not found";
export const PRODUCT_NOT_FOUND = "Product not found";
export const INSTALLMENT_NOT_OFFERED = MODE_NOT_OFFERED.INSTALLMENT;

export const paymentReference = (saleId: string) =>
  `sale-${saleId.slice(0, 8)}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;

const percentToBps = (percent: number) => Math.round(percent * 100);

/** The provider the sale's checkout is opened with, and the app's address its logo is served from. */
export interface SaleCheckoutOptions {
  provider: PaymentProviderName;
  appUrl: string;
}

type SaleItem = CreateSaleInput["saleItems"][number];
type SaleCustomer = { id: string; email: string; firstname: string; lastname: string; status: string };
type Catalogue = Map<string, ProductForSale>;
type KnownDevices = Map<string, DeviceForSale>;
type ItemAllocation = Allocation & { inventoryItemId: string };
type PricedItem = { allocations: ItemAllocation[]; price: ItemPrice };

// Stock is taken oldest batch first under row locks: of two staff selling the last unit at once, one
// succeeds and the other is told there is not enough. The sale starts UNPAID.
export async function createSale(
  db: AppDb,
  actor: StaffActor,
  input: CreateSaleInput,
  { provider, appUrl }: SaleCheckoutOptions,
): Promise<CreatedSale> {
  const problems = new FieldProblems();
  // The business's rule prices the sale, whatever applyMargin a client sends (decision 017); the answer's
  // applyMargin says which applied.
  const settings = await currentFinancialSettings(db);
  const customer = await checkParties(db, input, problems);
  const { catalogue, known } = await checkItems(db, input, problems);
  problems.throwIfAny();

  const { saleId, reference } = await db.transaction(async (tx) => {
    const batchesOf = await lockStockFor(tx, input, catalogue);
    const priced = priceItems(input, catalogue, batchesOf, settings, problems);
    problems.throwIfAny();
    const totals = saleTotals(priced.map((item) => item.price));
    if (!Number.isSafeInteger(totals.totalKobo)) problems.add("saleItems", TOTAL_TOO_LARGE);
    problems.throwIfAny();
    const hasContract = input.saleItems.some((item) => item.paymentMode === "INSTALLMENT");
    const saleId = await insertSale(tx, actor, input, { settings, totals, priced, hasContract });
    for (const [index, item] of input.saleItems.entries()) {
      const saleItemId = await insertSaleItem(tx, saleId, item, priced[index].price);
      await takeStock(tx, actor, saleId, saleItemId, priced[index].allocations);
      await linkDevices(tx, saleItemId, item, { index, known, problems, catalogue });
    }
    if (hasContract) await insertContract(tx, saleId, input);
    await openAccounts(tx, [saleId]);
    await markPurchased(tx, [input.customerId]);
    const reference = await openCheckout(tx, actor, saleId, { input, totals, provider });
    await auditSale(tx, actor, saleId, { input, customer, totals });
    return { saleId, reference };
  });

  const sale = await getSale(db, saleId, actor);
  return {
    sale,
    paymentData: {
      amount: sale.installmentStartingPrice,
      reference,
      saleId,
      customer: { email: customer?.email ?? "" },
      currency: "NGN",
      tx_ref: reference,
      payment_options: FLUTTERWAVE_PAYMENT_OPTIONS,
      customizations: {
        title: "Product Purchase",
        description: `Payment for sale ${saleId}`,
        logo: `${appUrl}/favicon.svg`,
      },
      meta: { saleId },
    },
  };
}

async function checkParties(
  db: AppDb,
  input: CreateSaleInput,
  problems: FieldProblems,
): Promise<SaleCustomer | undefined> {
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstname: customers.firstname,
      lastname: customers.lastname,
      status: customers.status,
    })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)));
  if (!customer) problems.add("customerId", CUSTOMER_NOT_FOUND);
  else if (customer.status === "barred") problems.add("customerId", CUSTOMER_BARRED);
  if (input.agentId) {
    const [agent] = await db
      .select({ status: agents.status })
      .from(agents)
      .where(and(eq(agents.id, input.agentId), isNull(agents.deletedAt)));
    if (!agent) problems.add("agentId", "Agent not found");
    else if (agent.status !== "active") problems.add("agentId", "This agent is barred");
  }
  return customer;
}

async function checkItems(db: AppDb, input: CreateSaleInput, problems: FieldProblems) {
  const catalogue = await loadProductsForSale(
    db,
    input.saleItems.map((item) => item.productId),
  );
  const known = await loadDevices(
    db,
    input.saleItems.flatMap((item) => item.devices),
  );
  input.saleItems.forEach((item, index) => {
    const product = catalogue.get(item.productId);
    if (!product) return problems.add(`saleItems.${index}.productId`, PRODUCT_NOT_FOUND);
    if (!modeOffered(product, item.paymentMode))
      problems.add(`saleItems.${index}.paymentMode`, MODE_NOT_OFFERED[item.paymentMode]);
    for (const problem of deviceProblems(product, item.quantity, item.devices, known))
      problems.add(`saleItems.${index}.devices`, problem);
  });
  return { catalogue, known };
}

async function lockStockFor(tx: AppDb, input: CreateSaleInput, catalogue: Catalogue) {
  const needed = new Map<string, number>();
  for (const item of input.saleItems) {
    for (const inventory of catalogue.get(item.productId)?.inventories ?? [])
      needed.set(inventory.inventoryItemId, (needed.get(inventory.inventoryItemId) ?? 0) + 1);
  }
  return stockBatchesOf(tx, [...needed.keys()], { lock: true });
}

/** Items later in the sale see what earlier ones took from the batches. */
function priceItems(
  input: CreateSaleInput,
  catalogue: Catalogue,
  batchesOf: Map<string, WarehouseBatch[]>,
  settings: FinancialSettings,
  problems: FieldProblems,
): PricedItem[] {
  const priced: PricedItem[] = [];
  input.saleItems.forEach((item, index) => {
    const product = catalogue.get(item.productId);
    if (!product) return;
    const allocations = allocateItem(item, product, batchesOf, marginsApply(settings));
    if (typeof allocations === "string") return problems.add(`saleItems.${index}.quantity`, allocations);
    const price = priceItem(
      allocations,
      {
        paymentMode: item.paymentMode,
        discountPercent: item.discount,
        miscellaneousKobo: Object.values(item.miscellaneousPrices ?? {}).map(nairaToKobo),
        installmentDuration: item.installmentDuration,
        installmentStartingPercent: item.installmentStartingPrice,
      },
      settings,
      marginsApply(settings),
    );
    if (!isExactTotal(price)) return problems.add(`saleItems.${index}.quantity`, TOTAL_TOO_LARGE);
    priced.push({ allocations, price });
  });
  return priced;
}

function allocateItem(
  item: SaleItem,
  product: ProductForSale,
  batchesOf: Map<string, WarehouseBatch[]>,
  applyMargin: boolean,
): ItemAllocation[] | string {
  const allocations: ItemAllocation[] = [];
  for (const inventory of product.inventories) {
    const batches = batchesOf.get(inventory.inventoryItemId) ?? [];
    try {
      const taken = allocateFifo(batches, item.quantity * inventory.quantity, applyMargin);
      for (const slice of taken) {
        const batch = batches.find((candidate) => candidate.batchId === slice.batchId);
        if (batch) batch.remaining -= slice.quantity;
        allocations.push({ ...slice, inventoryItemId: inventory.inventoryItemId });
      }
    } catch (error) {
      if (!(error instanceof InsufficientStock)) throw error;
      const left = Math.floor(batches.reduce((sum, batch) => sum + batch.remaining, 0) / inventory.quantity);
      return `Not enough stock for ${product.name}: ${left} unit${left === 1 ? "" : "s"} available`;
    }
  }
  return allocations;
}

async function insertSale(
  tx: AppDb,
  actor: StaffActor,
  input: CreateSaleInput,
  {
    settings,
    totals,
    priced,
    hasContract,
  }: { settings: FinancialSettings; totals: SaleTotals; priced: PricedItem[]; hasContract: boolean },
): Promise<string> {
  const [sale] = await tx
    .insert(sales)
    .values({
      customerId: input.customerId,
      agentId: input.agentId ?? null,
      paymentMethod: input.paymentMethod,
      ...marginColumns(settings),
      hasContract,
      totalKobo: totals.totalKobo,
      dueNowKobo: totals.dueNowKobo,
      totalMonthlyKobo: totals.totalMonthlyKobo,
      installmentMonths: Math.max(0, ...priced.map((item) => item.price.installmentDuration)),
      creatorId: actor.userId,
    })
    .returning({ id: sales.id });
  return sale.id;
}

async function insertSaleItem(tx: AppDb, saleId: string, item: SaleItem, price: ItemPrice): Promise<string> {
  const [row] = await tx
    .insert(saleItems)
    .values({
      saleId,
      productId: item.productId,
      quantity: item.quantity,
      paymentMode: item.paymentMode,
      discountBps: percentToBps(item.discount),
      installmentDuration: item.paymentMode === "INSTALLMENT" ? (item.installmentDuration ?? 0) : 0,
      installmentStartingBps:
        item.paymentMode === "INSTALLMENT" ? percentToBps(item.installmentStartingPrice ?? 0) : 0,
      miscellaneous: Object.entries(item.miscellaneousPrices ?? {}).map(([name, cost]) => ({
        name,
        costKobo: nairaToKobo(cost),
      })),
      recipient: item.saleRecipient,
      baseKobo: price.baseKobo,
      discountKobo: price.discountKobo,
      miscellaneousKobo: price.miscellaneousKobo,
      interestKobo: price.interestKobo,
      marginKobo: price.marginKobo,
      totalKobo: price.totalKobo,
      initialPaymentKobo: price.initialPaymentKobo,
      monthlyPaymentKobo: price.monthlyPaymentKobo,
    })
    .returning({ id: saleItems.id });
  return row.id;
}

async function takeStock(
  tx: AppDb,
  actor: StaffActor,
  saleId: string,
  saleItemId: string,
  allocations: ItemAllocation[],
) {
  for (const slice of allocations) {
    await tx.insert(saleAllocations).values({
      saleItemId,
      batchId: slice.batchId,
      inventoryItemId: slice.inventoryItemId,
      quantity: slice.quantity,
      unitPriceKobo: slice.unitPriceKobo,
    });
    const [batch] = await tx
      .update(inventoryBatches)
      .set({ remainingQuantity: sql`${inventoryBatches.remainingQuantity} - ${slice.quantity}` })
      .where(eq(inventoryBatches.id, slice.batchId))
      .returning({ warehouseId: inventoryBatches.warehouseId });
    await tx.insert(inventoryMovements).values({
      kind: "ALLOCATION",
      inventoryItemId: slice.inventoryItemId,
      batchId: slice.batchId,
      fromWarehouseId: batch.warehouseId,
      quantity: slice.quantity,
      actorId: actor.userId,
      reason: `Sale ${saleId}`,
    });
  }
}

// Only a device nobody has linked yet is taken: a second sale of the same device finds it gone.
async function linkDevices(
  tx: AppDb,
  saleItemId: string,
  item: SaleItem,
  {
    index,
    known,
    problems,
    catalogue,
  }: { index: number; known: KnownDevices; problems: FieldProblems; catalogue: Catalogue },
) {
  const deviceIds = item.devices;
  const product = catalogue.get(item.productId);
  if (product)
    await giveUnitsTheirItem(tx, itemOfEachDevice(product, item.quantity, deviceIds, known), known);
  const linked = await tx
    .update(devices)
    .set({ saleItemId })
    .where(and(inArray(devices.id, deviceIds), isNull(devices.saleItemId)))
    .returning({ id: devices.id });
  if (linked.length !== deviceIds.length) {
    const taken = deviceIds.filter((id) => !linked.some((device) => device.id === id));
    const serials = taken.map((id) => known.get(id)?.serialNumber ?? id).join(", ");
    problems.reject(`saleItems.${index}.devices`, `Device ${serials} is already linked to a sale`);
  }
}

/** A unit registered without an inventory item belongs, once sold, to the item it was sold as. */
async function giveUnitsTheirItem(tx: AppDb, itemOf: Map<string, string>, known: KnownDevices) {
  for (const [deviceId, inventoryId] of itemOf) {
    if (known.get(deviceId)?.inventoryId) continue;
    await tx
      .update(devices)
      .set({ inventoryId })
      .where(and(eq(devices.id, deviceId), isNull(devices.inventoryId)));
  }
}

async function insertContract(tx: AppDb, saleId: string, input: CreateSaleInput) {
  if (!input.bvn || !input.identificationDetails || !input.nextOfKinDetails || !input.guarantorDetails)
    throw invalid("Contract details are required for installment payments");
  await tx.insert(saleContracts).values({
    saleId,
    bvn: input.bvn,
    identification: input.identificationDetails,
    nextOfKin: input.nextOfKinDetails,
    guarantor: input.guarantorDetails,
  });
}

// An online sale's first payment is under way from here: the client may open the provider's popup
// with this reference (spec §4 "Submit"), and verifying it finds what was asked (docs/decisions/020).
async function openCheckout(
  tx: AppDb,
  actor: StaffActor,
  saleId: string,
  { input, totals, provider }: { input: CreateSaleInput; totals: SaleTotals; provider: PaymentProviderName },
): Promise<string> {
  const reference = paymentReference(saleId);
  if (input.paymentMethod === "ONLINE" && totals.dueNowKobo > 0) {
    await tx.insert(paymentCheckouts).values({
      reference,
      saleId,
      provider,
      amountKobo: totals.dueNowKobo,
      currency: "NGN",
      createdBy: actor.userId,
    });
  }
  return reference;
}

async function auditSale(
  tx: AppDb,
  actor: StaffActor,
  saleId: string,
  {
    input,
    customer,
    totals,
  }: { input: CreateSaleInput; customer: SaleCustomer | undefined; totals: SaleTotals },
) {
  await recordAudit(tx, actor, {
    action: "create",
    subject: "Sales",
    recordId: saleId,
    summary: `Sold ${input.saleItems.length} product${input.saleItems.length === 1 ? "" : "s"} to ${customer?.firstname} ${customer?.lastname} for ${formatNaira(koboToNaira(totals.totalKobo))}`,
    changes: {
      customerId: input.customerId,
      totalKobo: totals.totalKobo,
      paymentMethod: input.paymentMethod,
    },
  });
}
