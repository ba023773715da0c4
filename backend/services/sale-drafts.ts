import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { agents, customers, saleDrafts } from "../db/schema";
import { lagosDate } from "../schemas/dates";
import { koboToNaira, nairaToKobo } from "../schemas/money";
import { describeIssues } from "../schemas/issues";
import { DraftSaleSchema, RecipientSchema } from "../schemas/sale-rules";
import type { CreateSaleInput } from "../schemas/sale-rules";
import { DRAFT_LIFETIME_DAYS, EMPTY_DRAFT, SaleDraftDocumentSchema } from "../schemas/sale-drafts";
import type { DraftItem, DraftItemView, SaleDraft, SaleDraftDocument } from "../schemas/sale-drafts";
import type { Parameters, Recipient } from "../schemas/sale-rules";
import type { StaffActor } from "./audit";
import { invalid, invalidField, notFound } from "./errors";
import { currentFinancialSettings } from "./financial-settings";
import { InsufficientStock, allocateFifo, marginsApply, priceItem, saleTotals } from "./pricing";
import type { FinancialSettings, ItemPrice } from "./pricing";
import { priceRangeOf, productStock } from "./products";
import {
  AT_LEAST_ONE_DEVICE,
  deviceProblems,
  deviceRequirements,
  itemOfEachDevice,
  noDevicesRegistered,
  MODE_NOT_OFFERED,
  installmentAllowed,
  modeOffered,
  loadDevices,
  loadProductsForSale,
  inventoryIdsOf,
  stockBatchesOf,
} from "./sale-catalogue";
import type { DeviceForSale, ProductForSale } from "./sale-catalogue";
import { createSale } from "./sale-creation";
import type { SaleCheckoutOptions } from "./sale-creation";
import { saleSchedule } from "./sale-schedule";
import { imageOf } from "./stock-common";

// Kept by the backend so every client, the JavaScript-off screens included, gets the same behaviour.
// Drafts belong to whoever started them: anyone else is told they do not exist.

export const DRAFT_NOT_FOUND = "Draft not found";
export const OUT_OF_STOCK = "This product is out of stock";
export const RECIPIENT_REQUIRED = "Please fill the sale recipient";
export const PARAMETERS_REQUIRED = "Please select parameters for this product.";
export const NOT_IN_DRAFT = "This product is not in the sale";

const LIFETIME_MS = DRAFT_LIFETIME_DAYS * 86_400_000;

const expiryOf = (updatedAt: Date) => new Date(updatedAt.getTime() + LIFETIME_MS);

async function findOwnDraft(db: AppDb, actor: StaffActor, id: string) {
  const [row] = await db
    .select()
    .from(saleDrafts)
    .where(
      and(
        eq(saleDrafts.id, id),
        eq(saleDrafts.ownerId, actor.userId),
        gt(saleDrafts.updatedAt, new Date(Date.now() - LIFETIME_MS)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(DRAFT_NOT_FOUND);
  const document = SaleDraftDocumentSchema.safeParse(row.document);
  // A document that no longer reads (an older shape) starts afresh rather than failing the page.
  return { row, document: document.success ? document.data : structuredClone(EMPTY_DRAFT) };
}

// Every "New Sales" press asks for a draft; one still untouched is handed back rather than another
// "No customer yet" row added to the list.
export async function createDraft(db: AppDb, actor: StaffActor): Promise<SaleDraft> {
  const [untouched] = await db
    .select({ id: saleDrafts.id })
    .from(saleDrafts)
    .where(
      and(
        eq(saleDrafts.ownerId, actor.userId),
        gt(saleDrafts.updatedAt, new Date(Date.now() - LIFETIME_MS)),
        sql`${saleDrafts.document} = ${JSON.stringify(EMPTY_DRAFT)}::jsonb`,
      ),
    )
    .orderBy(desc(saleDrafts.updatedAt))
    .limit(1);
  if (untouched) {
    await db.update(saleDrafts).set({ updatedAt: new Date() }).where(eq(saleDrafts.id, untouched.id));
  }
  const [row] = untouched
    ? [untouched]
    : await db
        .insert(saleDrafts)
        .values({ ownerId: actor.userId, document: structuredClone(EMPTY_DRAFT) })
        .returning({ id: saleDrafts.id });
  return getDraft(db, actor, row.id);
}

export async function listDrafts(db: AppDb, actor: StaffActor) {
  const rows = await db
    .select({ id: saleDrafts.id, document: saleDrafts.document, updatedAt: saleDrafts.updatedAt })
    .from(saleDrafts)
    .where(
      and(eq(saleDrafts.ownerId, actor.userId), gt(saleDrafts.updatedAt, new Date(Date.now() - LIFETIME_MS))),
    )
    .orderBy(desc(saleDrafts.updatedAt))
    .limit(50);
  const documents = rows.map((row) => {
    const parsed = SaleDraftDocumentSchema.safeParse(row.document);
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  });
  const customerIds = documents
    .map((document) => document.customerId)
    .filter((id): id is string => Boolean(id));
  const names = new Map(
    customerIds.length
      ? (
          await db
            .select({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname })
            .from(customers)
            .where(inArray(customers.id, customerIds))
        ).map((customer) => [customer.id, `${customer.firstname} ${customer.lastname}`])
      : [],
  );
  const catalogue = await loadProductsForSale(
    db,
    documents.flatMap((document) => document.items.map((item) => item.productId)),
  );
  return {
    drafts: rows.map((row, index) => ({
      id: row.id,
      customerName: documents[index].customerId ? (names.get(documents[index].customerId) ?? null) : null,
      products: documents[index].items.map(
        (item) => catalogue.get(item.productId)?.name ?? "A removed product",
      ),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: expiryOf(row.updatedAt).toISOString(),
    })),
  };
}

export async function deleteDraft(db: AppDb, actor: StaffActor, id: string) {
  await findOwnDraft(db, actor, id);
  await db.delete(saleDrafts).where(eq(saleDrafts.id, id));
}

export async function changeDraft(
  db: AppDb,
  actor: StaffActor,
  id: string,
  change: (document: SaleDraftDocument) => Promise<SaleDraftDocument> | SaleDraftDocument,
): Promise<SaleDraft> {
  const { document } = await findOwnDraft(db, actor, id);
  const next = await change(structuredClone(document));
  await db.update(saleDrafts).set({ document: next }).where(eq(saleDrafts.id, id));
  return getDraft(db, actor, id);
}

function itemOf(document: SaleDraftDocument, productId: string): DraftItem {
  const item = document.items.find((candidate) => candidate.productId === productId);
  if (!item) throw notFound(NOT_IN_DRAFT);
  return item;
}

async function availableUnitsOf(db: AppDb, productId: string) {
  const [row] = await productStock(db, [productId]);
  return row ? Number(row.availableUnits) : 0;
}

const unitsMessage = (available: number) => `Only ${available} unit${available === 1 ? "" : "s"} available`;

/**
 * The customer as a product's recipient: the usual case, so an item starts with it ("Same as customer")
 * and staff change it only for someone else. Null when the customer's details do not make a valid recipient.
 */
async function customerAsRecipient(db: AppDb, customerId: string | null): Promise<Recipient | null> {
  if (!customerId) return null;
  const [customer] = await db
    .select({
      firstname: customers.firstname,
      lastname: customers.lastname,
      address: customers.location,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  const parsed = customer ? RecipientSchema.safeParse(customer) : null;
  return parsed?.success ? parsed.data : null;
}

const sameRecipient = (a: Recipient | null, b: Recipient | null) =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

export const draftChanges = {
  async customer(db: AppDb, document: SaleDraftDocument, customerId: string | null) {
    if (customerId) {
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
      if (!customer) throw invalidField("customerId", "Customer not found");
    }
    // Items that had the customer as recipient (or none yet) follow the customer chosen now.
    const before = await customerAsRecipient(db, document.customerId);
    const after = await customerAsRecipient(db, customerId);
    const items = document.items.map((item) =>
      item.recipient === null || sameRecipient(item.recipient, before) ? { ...item, recipient: after } : item,
    );
    return { ...document, customerId, items };
  },

  async agent(db: AppDb, document: SaleDraftDocument, agentId: string | null) {
    if (agentId) {
      const [agent] = await db
        .select({ status: agents.status })
        .from(agents)
        .where(and(eq(agents.id, agentId), isNull(agents.deletedAt)));
      if (!agent) throw invalidField("agentId", "Agent not found");
      if (agent.status !== "active") throw invalidField("agentId", "This agent is barred");
    }
    return { ...document, agentId };
  },

  /** Adding a product creates its sale item, or updates the units of the one already there (spec §4). */
  async addProduct(db: AppDb, document: SaleDraftDocument, productId: string, units: number) {
    const [product] = [...(await loadProductsForSale(db, [productId])).values()];
    if (!product) throw invalidField("productId", "Product not found");
    const available = await availableUnitsOf(db, productId);
    if (available === 0) throw invalidField("productId", OUT_OF_STOCK);
    if (units > available) throw invalidField("units", unitsMessage(available));
    const existing = document.items.find((item) => item.productId === productId);
    if (existing) existing.units = units;
    else
      document.items.push({
        productId,
        units,
        parameters: null,
        miscellaneous: null,
        deviceIds: null,
        recipient: await customerAsRecipient(db, document.customerId),
      });
    return document;
  },

  async units(db: AppDb, document: SaleDraftDocument, productId: string, units: number) {
    const item = itemOf(document, productId);
    const available = await availableUnitsOf(db, productId);
    if (units > available) throw invalidField("units", unitsMessage(available));
    item.units = units;
    return document;
  },

  /** Removing a product clears its parameters, costs, devices, recipient and sale item (spec §4). */
  removeProduct(document: SaleDraftDocument, productId: string) {
    itemOf(document, productId);
    return { ...document, items: document.items.filter((item) => item.productId !== productId) };
  },

  async parameters(db: AppDb, document: SaleDraftDocument, productId: string, parameters: Parameters) {
    const item = itemOf(document, productId);
    const [product] = [...(await loadProductsForSale(db, [productId])).values()];
    if (product && !modeOffered(product, parameters.paymentMode))
      throw invalidField("paymentMode", MODE_NOT_OFFERED[parameters.paymentMode]);
    item.parameters = parameters;
    return document;
  },

  /** Clearing parameters resets the item to ONE_OFF with instalment values and discount at 0 (spec §4). */
  clearParameters(document: SaleDraftDocument, productId: string) {
    itemOf(document, productId).parameters = null;
    return document;
  },

  miscellaneous(document: SaleDraftDocument, productId: string, costs: { name: string; cost: number }[]) {
    itemOf(document, productId).miscellaneous = costs;
    return document;
  },

  clearMiscellaneous(document: SaleDraftDocument, productId: string) {
    itemOf(document, productId).miscellaneous = null;
    return document;
  },

  /** Saved only when the devices are exactly what the item needs (spec §4 "Device linking"). */
  async devices(db: AppDb, document: SaleDraftDocument, productId: string, deviceIds: string[]) {
    const item = itemOf(document, productId);
    const [product] = [...(await loadProductsForSale(db, [productId])).values()];
    if (!product) throw invalidField("deviceIds", "Product not found");
    const unique = [...new Set(deviceIds)];
    const problems = deviceProblems(product, item.units, unique, await loadDevices(db, unique));
    if (problems.length) throw invalidField("deviceIds", problems[0]);
    item.deviceIds = unique;
    return document;
  },

  clearDevices(document: SaleDraftDocument, productId: string) {
    itemOf(document, productId).deviceIds = null;
    return document;
  },

  recipient(document: SaleDraftDocument, productId: string, recipient: DraftItem["recipient"]) {
    itemOf(document, productId).recipient = recipient;
    return document;
  },

  clearRecipient(document: SaleDraftDocument, productId: string) {
    itemOf(document, productId).recipient = null;
    return document;
  },
};

export function draftPayload(document: SaleDraftDocument): Record<string, unknown> {
  const needsContract = document.items.some((item) => item.parameters?.paymentMode === "INSTALLMENT");
  return {
    category: "PRODUCT",
    customerId: document.customerId ?? undefined,
    agentId: document.agentId ?? undefined,
    paymentMethod: document.paymentMethod ?? undefined,
    saleItems: document.items.map((item) => {
      const parameters = item.parameters;
      const instalment = parameters?.paymentMode === "INSTALLMENT";
      return {
        productId: item.productId,
        quantity: item.units,
        paymentMode: parameters?.paymentMode ?? "ONE_OFF",
        discount: parameters?.discount ?? 0,
        ...(instalment
          ? {
              installmentDuration: parameters?.installmentDuration,
              installmentStartingPrice: parameters?.installmentStartingPrice,
            }
          : {}),
        devices: item.deviceIds ?? [],
        // Empty miscellaneous costs are left out (spec §3).
        ...(item.miscellaneous?.length
          ? {
              miscellaneousPrices: Object.fromEntries(
                item.miscellaneous.map((cost) => [cost.name, cost.cost]),
              ),
            }
          : {}),
        ...(item.recipient ? { saleRecipient: item.recipient } : {}),
      };
    }),
    // KYC goes only with an instalment sale (spec §3).
    ...(needsContract
      ? {
          bvn: document.bvn ?? undefined,
          identificationDetails: document.identification ?? undefined,
          nextOfKinDetails: document.nextOfKin ?? undefined,
          guarantorDetails: document.guarantor ?? undefined,
        }
      : {}),
  };
}

/** Reads the stock without locking it. */
async function previewPrices(
  db: AppDb,
  document: SaleDraftDocument,
  catalogue: Map<string, ProductForSale>,
  settings: FinancialSettings,
): Promise<Map<string, ItemPrice | string>> {
  const stockOf = await stockBatchesOf(db, inventoryIdsOf(catalogue.values()), { lock: false });
  const prices = new Map<string, ItemPrice | string>();
  for (const item of document.items) {
    const product = catalogue.get(item.productId);
    if (!product) continue;
    try {
      const allocations = product.inventories.flatMap((inventory) => {
        const taken = allocateFifo(
          stockOf.get(inventory.inventoryItemId) ?? [],
          item.units * inventory.quantity,
          marginsApply(settings),
        );
        // Items later in the draft see what earlier ones took.
        for (const slice of taken) {
          const batch = stockOf
            .get(inventory.inventoryItemId)
            ?.find((candidate) => candidate.batchId === slice.batchId);
          if (batch) batch.remaining -= slice.quantity;
        }
        return taken;
      });
      const parameters = item.parameters;
      prices.set(
        item.productId,
        priceItem(
          allocations,
          {
            paymentMode: parameters?.paymentMode ?? "ONE_OFF",
            discountPercent: parameters?.discount ?? 0,
            miscellaneousKobo: (item.miscellaneous ?? []).map((cost) => nairaToKobo(cost.cost)),
            installmentDuration:
              parameters?.paymentMode === "INSTALLMENT" ? parameters.installmentDuration || 1 : undefined,
            installmentStartingPercent: parameters?.installmentStartingPrice,
          },
          settings,
          marginsApply(settings),
        ),
      );
    } catch (error) {
      if (!(error instanceof InsufficientStock)) throw error;
      prices.set(item.productId, `Not enough stock for ${product.name}`);
    }
  }
  return prices;
}

const naira = (kobo: number) => koboToNaira(kobo);

export async function getDraft(db: AppDb, actor: StaffActor, id: string): Promise<SaleDraft> {
  const { row, document } = await findOwnDraft(db, actor, id);
  const { catalogue, stock, settings, chosenDevices, customer, agent } = await readDraftContext(db, document);
  const prices = await previewPrices(db, document, catalogue, settings);
  const items = draftItemViews(document, catalogue, {
    stockOf: new Map(stock.map((entry) => [entry.productId, entry])),
    settings,
    prices,
    chosenDevices,
    today: lagosDate(new Date()),
  });
  const totals = draftTotals(document, prices);
  const problems = draftProblems(document, items);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: expiryOf(row.updatedAt).toISOString(),
    customer: customer
      ? {
          id: customer.id,
          name: `${customer.firstname} ${customer.lastname}`,
          email: customer.email,
          phone: customer.phone,
          location: customer.location,
        }
      : null,
    agent: agent ? { id: agent.id, name: `${agent.firstname} ${agent.lastname}` } : null,
    items,
    identification: document.identification,
    nextOfKin: document.nextOfKin,
    guarantor: document.guarantor,
    bvn: document.bvn,
    paymentMethod: document.paymentMethod,
    applyMargin: marginsApply(settings),
    needsContract: document.items.some((item) => item.parameters?.paymentMode === "INSTALLMENT"),
    totals,
    problems,
    ready: Object.keys(problems).length === 0,
  };
}

async function readDraftContext(db: AppDb, document: SaleDraftDocument) {
  const productIds = document.items.map((item) => item.productId);
  const [catalogue, stock, settings, chosenDevices, customerRows, agentRows] = await Promise.all([
    loadProductsForSale(db, productIds),
    productStock(db, productIds),
    currentFinancialSettings(db),
    loadDevices(
      db,
      document.items.flatMap((item) => item.deviceIds ?? []),
    ),
    document.customerId
      ? db
          .select({
            id: customers.id,
            firstname: customers.firstname,
            lastname: customers.lastname,
            email: customers.email,
            phone: customers.phone,
            location: customers.location,
          })
          .from(customers)
          .where(and(eq(customers.id, document.customerId), isNull(customers.deletedAt)))
      : Promise.resolve([]),
    document.agentId
      ? db
          .select({ id: agents.id, firstname: agents.firstname, lastname: agents.lastname })
          .from(agents)
          .where(eq(agents.id, document.agentId))
      : Promise.resolve([]),
  ]);
  return { catalogue, stock, settings, chosenDevices, customer: customerRows[0], agent: agentRows[0] };
}

type StockEntry = Awaited<ReturnType<typeof productStock>>[number];
type ItemContext = {
  stockOf: Map<string, StockEntry>;
  settings: FinancialSettings;
  prices: Map<string, ItemPrice | string>;
  chosenDevices: Map<string, DeviceForSale>;
  today: string;
};

function draftItemViews(
  document: SaleDraftDocument,
  catalogue: Map<string, ProductForSale>,
  context: ItemContext,
): DraftItemView[] {
  return document.items.flatMap((item) => {
    const product = catalogue.get(item.productId);
    return product ? [draftItemView(item, product, context)] : [];
  });
}

function draftItemView(
  item: DraftItem,
  product: ProductForSale,
  { stockOf, settings, prices, chosenDevices, today }: ItemContext,
): DraftItemView {
  const price = prices.get(item.productId);
  // A unit registered without an item counts for the item it will belong to once sold.
  const itemOf = itemOfEachDevice(product, item.units, item.deviceIds ?? [], chosenDevices);
  const linked = (item.deviceIds ?? [])
    .map((deviceId) => chosenDevices.get(deviceId))
    .filter((device) => device !== undefined)
    .map((device) => ({ ...device, inventoryId: itemOf.get(device.id) ?? device.inventoryId }));
  return {
    productId: item.productId,
    product: productView(product, stockOf.get(item.productId), settings),
    units: item.units,
    parameters: item.parameters,
    miscellaneous: item.miscellaneous,
    devices: item.deviceIds
      ? linked.map((device) => ({
          id: device.id,
          serialNumber: device.serialNumber,
          inventoryId: device.inventoryId ?? "",
        }))
      : null,
    recipient: item.recipient,
    deviceRequirements: deviceRequirements(product, item.units).map((requirement) => ({
      ...requirement,
      linked: linked.filter((device) => device.inventoryId === requirement.inventoryId).length,
    })),
    installmentAllowed: installmentAllowed(product),
    price: price && typeof price !== "string" ? priceView(price, today) : null,
    problems: [...new Set(itemProblems(item, product, price, chosenDevices))],
  };
}

function productView(
  product: ProductForSale,
  entry: StockEntry | undefined,
  settings: FinancialSettings,
): DraftItemView["product"] {
  return {
    name: product.name,
    category: product.categoryName,
    image: imageOf(product.imageFileId),
    paymentModes: product.paymentModes,
    availableUnits: entry ? Number(entry.availableUnits) : 0,
    priceRange: priceRangeOf(entry, settings),
  };
}

/** Said as soon as the product is picked, so nobody learns at the summary that a sale cannot go on. */
function devicesNeeded(product: ProductForSale, units: number): string[] {
  const requirements = deviceRequirements(product, units);
  if (requirements.length === 0) return [noDevicesRegistered(product.name)];
  return requirements.map(
    (requirement) =>
      `Link ${requirement.required} device${requirement.required === 1 ? "" : "s"} of ${requirement.name}`,
  );
}

function itemProblems(
  item: DraftItem,
  product: ProductForSale,
  price: ItemPrice | string | undefined,
  chosenDevices: Map<string, DeviceForSale>,
): string[] {
  const problems: string[] = [];
  // Without parameters an item is priced as a single deposit, which not every product offers.
  if (!item.parameters && !modeOffered(product, "ONE_OFF")) problems.push(PARAMETERS_REQUIRED);
  if (typeof price === "string") problems.push(price);
  if (!item.deviceIds?.length) problems.push(AT_LEAST_ONE_DEVICE, ...devicesNeeded(product, item.units));
  else problems.push(...deviceProblems(product, item.units, item.deviceIds, chosenDevices));
  if (!item.recipient) problems.push(RECIPIENT_REQUIRED);
  return problems;
}

function priceView(price: ItemPrice, today: string): NonNullable<DraftItemView["price"]> {
  return {
    basePrice: naira(price.baseKobo),
    discountAmount: naira(price.discountKobo),
    miscellaneousTotal: naira(price.miscellaneousKobo),
    interest: naira(price.interestKobo),
    margin: naira(price.marginKobo),
    totalPrice: naira(price.totalKobo),
    initialPayment: naira(price.initialPaymentKobo),
    monthlyPayment: naira(price.monthlyPaymentKobo),
    schedule: saleSchedule(new Date(), [price], 0, today).map((line) => ({
      number: line.number,
      dueDate: line.dueDate,
      amount: naira(line.amountKobo),
      paid: 0,
      status: line.status,
    })),
  };
}

function draftTotals(
  document: SaleDraftDocument,
  prices: Map<string, ItemPrice | string>,
): SaleDraft["totals"] {
  const priced = [...prices.values()].filter((price): price is ItemPrice => typeof price !== "string");
  const totals = priced.length === document.items.length && priced.length > 0 ? saleTotals(priced) : null;
  return totals
    ? {
        totalPrice: naira(totals.totalKobo),
        amountDueNow: naira(totals.dueNowKobo),
        totalMonthlyPayment: naira(totals.totalMonthlyKobo),
      }
    : null;
}

function draftProblems(document: SaleDraftDocument, items: DraftItemView[]): Record<string, string[]> {
  const checked = DraftSaleSchema.safeParse(draftPayload(document));
  const problems: Record<string, string[]> = checked.success ? {} : describeIssues(checked.error).fieldErrors;
  for (const [index, item] of items.entries()) {
    if (item.problems.length) problems[`saleItems.${index}`] = item.problems;
  }
  return problems;
}

export async function submitDraft(db: AppDb, actor: StaffActor, id: string, options: SaleCheckoutOptions) {
  const { document } = await findOwnDraft(db, actor, id);
  const checked = DraftSaleSchema.safeParse(draftPayload(document));
  if (!checked.success) {
    const { fieldErrors, messages } = describeIssues(checked.error);
    throw invalid(messages[0] ?? "The sale is not complete", fieldErrors);
  }
  const created = await createSale(db, actor, checked.data satisfies CreateSaleInput, options);
  await db.delete(saleDrafts).where(eq(saleDrafts.id, id));
  return created;
}
