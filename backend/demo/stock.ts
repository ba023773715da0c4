import { and, count, eq, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  files,
  inventoryBatches,
  inventoryCategories,
  inventoryItems,
  inventoryMovements,
  productCategories,
  productInventories,
  products,
  roles,
  users,
  warehouses,
} from "../db/schema";
import type { InventoryClass } from "../schemas/inventory";
import { nairaToKobo } from "../schemas/money";
import { DEMO_PRODUCT_CATEGORIES } from "../schemas/products";
import type { PaymentMode } from "../schemas/products";
import { log } from "../log";

type DemoPlace = "main" | "kano" | "portHarcourt";

const DEMO_WAREHOUSES: {
  key: Exclude<DemoPlace, "main">;
  name: string;
  type: string;
  classes: InventoryClass[];
}[] = [
  { key: "kano", name: "Kano Depot", type: "Regional depot", classes: ["REGULAR", "RETURNED"] },
  {
    key: "portHarcourt",
    name: "Port Harcourt Service Centre",
    type: "Repairs and refurbishment",
    classes: ["RETURNED", "REFURBISHED"],
  },
];

const DEMO_CATEGORIES: Record<string, string[]> = {
  "Solar Panels": ["Monocrystalline", "Polycrystalline"],
  Batteries: ["Lithium-ion", "Gel"],
  Inverters: ["Pure Sine Wave", "Hybrid"],
  Lighting: ["LED Bulbs", "Floodlights"],
  Accessories: ["Charge Controllers", "Cables"],
};

interface DemoItem {
  sku: string;
  name: string;
  manufacturerName: string;
  category: string;
  subCategory: string;
  class: InventoryClass;
  made: string;
  label: string;
  /** Where each batch arrived, how many, and its unit cost and selling price in naira. */
  batches: [DemoPlace, number, number, number][];
}

const DEMO_ITEMS: DemoItem[] = [
  {
    sku: "PNL-200M",
    name: "200W Monocrystalline Panel",
    manufacturerName: "Jinko Solar",
    category: "Solar Panels",
    subCategory: "Monocrystalline",
    class: "REGULAR",
    made: "2025-03-10",
    label: "PV",
    batches: [
      ["main", 40, 52_000, 68_000],
      ["kano", 25, 55_000, 72_500],
    ],
  },
  {
    sku: "PNL-100P",
    name: "100W Polycrystalline Panel",
    manufacturerName: "Canadian Solar",
    category: "Solar Panels",
    subCategory: "Polycrystalline",
    class: "REGULAR",
    made: "2025-01-22",
    label: "PV",
    batches: [
      ["main", 60, 28_000, 36_000],
      ["main", 30, 30_500, 39_000],
    ],
  },
  {
    sku: "BAT-LI-100",
    name: "12V 100Ah Lithium Battery",
    manufacturerName: "Felicity Solar",
    category: "Batteries",
    subCategory: "Lithium-ion",
    class: "REGULAR",
    made: "2025-04-02",
    label: "BAT",
    batches: [
      ["main", 30, 180_000, 235_000],
      ["kano", 15, 192_000, 249_000],
    ],
  },
  {
    sku: "BAT-GEL-200",
    name: "12V 200Ah Gel Battery",
    manufacturerName: "Luminous",
    category: "Batteries",
    subCategory: "Gel",
    class: "REGULAR",
    made: "2024-11-18",
    label: "BAT",
    batches: [
      ["main", 20, 210_000, 265_000],
      ["main", 10, 218_000, 279_000],
    ],
  },
  {
    sku: "INV-1500",
    name: "1.5kVA Pure Sine Inverter",
    manufacturerName: "Felicity Solar",
    category: "Inverters",
    subCategory: "Pure Sine Wave",
    class: "REGULAR",
    made: "2025-02-14",
    label: "INV",
    batches: [
      ["main", 25, 145_000, 189_000],
      ["kano", 10, 150_000, 196_000],
    ],
  },
  {
    sku: "INV-HYB-3500",
    name: "3.5kVA Hybrid Inverter",
    manufacturerName: "Growatt",
    category: "Inverters",
    subCategory: "Hybrid",
    class: "REGULAR",
    made: "2025-05-06",
    label: "INV",
    batches: [
      ["main", 12, 410_000, 520_000],
      ["main", 8, 425_000, 545_000],
    ],
  },
  {
    sku: "LED-5W",
    name: "5W DC LED Bulb",
    manufacturerName: "Philips",
    category: "Lighting",
    subCategory: "LED Bulbs",
    class: "REGULAR",
    made: "2025-06-01",
    label: "LED",
    batches: [
      ["main", 300, 1_200, 2_300],
      ["kano", 200, 1_500, 3_300],
    ],
  },
  {
    sku: "LED-9W",
    name: "9W DC LED Bulb",
    manufacturerName: "Philips",
    category: "Lighting",
    subCategory: "LED Bulbs",
    class: "REGULAR",
    made: "2025-06-01",
    label: "LED",
    batches: [
      ["main", 200, 1_800, 3_000],
      ["main", 150, 2_000, 3_400],
    ],
  },
  {
    sku: "FLD-50W",
    name: "50W Solar Floodlight",
    manufacturerName: "Sonik",
    category: "Lighting",
    subCategory: "Floodlights",
    class: "REGULAR",
    made: "2025-03-28",
    label: "FLD",
    batches: [
      ["main", 40, 9_500, 14_500],
      ["kano", 20, 10_000, 15_500],
    ],
  },
  {
    sku: "CC-MPPT-30",
    name: "30A MPPT Charge Controller",
    manufacturerName: "Victron Energy",
    category: "Accessories",
    subCategory: "Charge Controllers",
    class: "REGULAR",
    made: "2025-01-09",
    label: "CC",
    batches: [
      ["main", 35, 38_000, 52_000],
      ["main", 15, 40_500, 55_000],
    ],
  },
  {
    sku: "CBL-6MM-10",
    name: "6mm² Solar Cable, 10 m",
    manufacturerName: "Nigerchin",
    category: "Accessories",
    subCategory: "Cables",
    class: "REGULAR",
    made: "2025-02-03",
    label: "CBL",
    batches: [
      ["main", 120, 6_500, 9_800],
      ["kano", 80, 7_000, 10_500],
    ],
  },
  {
    sku: "INV-1000-RF",
    name: "1kVA Inverter (refurbished)",
    manufacturerName: "Felicity Solar",
    category: "Inverters",
    subCategory: "Pure Sine Wave",
    class: "REFURBISHED",
    made: "2023-08-15",
    label: "INV",
    batches: [
      ["portHarcourt", 8, 60_000, 95_000],
      ["portHarcourt", 6, 62_000, 99_000],
    ],
  },
  {
    sku: "BAT-LI-100-RT",
    name: "12V 100Ah Lithium Battery (returned)",
    manufacturerName: "Felicity Solar",
    category: "Batteries",
    subCategory: "Lithium-ion",
    class: "RETURNED",
    made: "2024-09-30",
    label: "BAT",
    batches: [
      ["portHarcourt", 5, 150_000, 180_000],
      ["kano", 3, 150_000, 175_000],
    ],
  },
];

const DEMO_PRODUCTS: {
  category: (typeof DEMO_PRODUCT_CATEGORIES)[number];
  name: string;
  paymentModes: PaymentMode[];
  items: [string, number][];
}[] = [
  {
    category: "SHS",
    name: "Solar Home Kit Basic",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-100P", 1],
      ["BAT-LI-100", 1],
      ["CC-MPPT-30", 1],
      ["LED-5W", 4],
    ],
  },
  {
    category: "SHS",
    name: "Solar Home Kit Plus",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-200M", 2],
      ["BAT-GEL-200", 1],
      ["INV-1500", 1],
      ["LED-9W", 6],
    ],
  },
  {
    category: "EAAS",
    name: "Shop Power Service",
    paymentModes: ["INSTALLMENT"],
    items: [
      ["PNL-200M", 2],
      ["BAT-LI-100", 2],
      ["INV-1500", 1],
    ],
  },
  {
    category: "EAAS",
    name: "Street Light Service",
    paymentModes: ["INSTALLMENT"],
    items: [["FLD-50W", 4]],
  },
  {
    category: "Rooftop",
    name: "Rooftop 3.5kW System",
    paymentModes: ["ONE_OFF", "INSTALLMENT"],
    items: [
      ["PNL-200M", 10],
      ["INV-HYB-3500", 1],
      ["BAT-GEL-200", 4],
      ["CBL-6MM-10", 3],
    ],
  },
  {
    category: "Rooftop",
    name: "Rooftop Starter 1.5kVA",
    paymentModes: ["ONE_OFF"],
    items: [
      ["PNL-100P", 6],
      ["INV-1500", 1],
      ["BAT-LI-100", 2],
      ["CBL-6MM-10", 2],
    ],
  },
];

const DEMO_COLOURS = ["#0f766e", "#b45309", "#1d4ed8", "#7c3aed", "#be123c", "#15803d"];

/** A small SVG tile with a label, so demo records show an image without shipping binary files. */
function demoImage(label: string, index: number) {
  const colour = DEMO_COLOURS[index % DEMO_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">` +
    `<rect width="160" height="120" rx="12" fill="${colour}"/>` +
    `<text x="80" y="72" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${label}</text></svg>`;
  return { name: `${label.toLowerCase()}.svg`, bytes: new TextEncoder().encode(svg) };
}

// Only on a database without inventory, so a restart never adds more.
export async function ensureDemoStock(db: AppDb) {
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(inventoryItems);
    if (existing > 0) return false;
    let imageIndex = 0;
    const image = async (label: string) => {
      const upload = demoImage(label, imageIndex++);
      const [row] = await tx
        .insert(files)
        .values({ kind: "svg", name: upload.name, size: upload.bytes.byteLength, bytes: upload.bytes })
        .returning({ id: files.id });
      return row.id;
    };
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(roles.name, "inventory"), eq(users.status, "active"), isNull(users.deletedAt)))
      .orderBy(users.createdAt)
      .limit(1);
    const receivedBy = receiver?.id ?? null;

    const [main] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(isNull(warehouses.deletedAt), eq(warehouses.status, "active")))
      .orderBy(warehouses.createdAt)
      .limit(1);
    if (!main) return false;
    const place: Record<DemoPlace, string> = { main: main.id, kano: "", portHarcourt: "" };
    for (const warehouse of DEMO_WAREHOUSES) {
      const [row] = await tx
        .insert(warehouses)
        .values({
          name: warehouse.name,
          type: warehouse.type,
          inventoryClasses: warehouse.classes,
          imageFileId: await image(warehouse.name.slice(0, 2).toUpperCase()),
        })
        .onConflictDoNothing()
        .returning({ id: warehouses.id });
      place[warehouse.key] = row?.id ?? main.id;
    }

    const categoryIds = new Map<string, string>();
    for (const [name, children] of Object.entries(DEMO_CATEGORIES)) {
      const [parent] = await tx
        .insert(inventoryCategories)
        .values({ name })
        .onConflictDoNothing()
        .returning({ id: inventoryCategories.id });
      if (!parent) continue;
      categoryIds.set(name, parent.id);
      for (const child of children) {
        const [row] = await tx
          .insert(inventoryCategories)
          .values({ name: child, parentId: parent.id })
          .returning({ id: inventoryCategories.id });
        categoryIds.set(`${name}/${child}`, row.id);
      }
    }

    const itemIds = new Map<string, string>();
    const now = Date.now();
    for (const [index, item] of DEMO_ITEMS.entries()) {
      const categoryId = categoryIds.get(item.category);
      const subCategoryId = categoryIds.get(`${item.category}/${item.subCategory}`);
      if (!categoryId || !subCategoryId) continue;
      const createdAt = new Date(now - (DEMO_ITEMS.length - index) * 3 * 86_400_000);
      const [row] = await tx
        .insert(inventoryItems)
        .values({
          class: item.class,
          categoryId,
          subCategoryId,
          name: item.name,
          manufacturerName: item.manufacturerName,
          dateOfManufacture: item.made,
          sku: item.sku,
          imageFileId: await image(item.label),
          creatorId: receivedBy,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: inventoryItems.id });
      itemIds.set(item.sku, row.id);
      for (const [batchIndex, [where, stock, cost, price]] of item.batches.entries()) {
        const receivedAt = new Date(createdAt.getTime() + batchIndex * 86_400_000);
        const [batch] = await tx
          .insert(inventoryBatches)
          .values({
            inventoryItemId: row.id,
            warehouseId: place[where],
            numberOfStock: stock,
            remainingQuantity: stock,
            costOfItem: nairaToKobo(cost),
            price: nairaToKobo(price),
            receivedBy,
            receivedAt,
          })
          .returning({ id: inventoryBatches.id });
        await tx.insert(inventoryMovements).values({
          kind: "RECEIPT",
          inventoryItemId: row.id,
          batchId: batch.id,
          toWarehouseId: place[where],
          quantity: stock,
          actorId: receivedBy,
          reason: batchIndex === 0 ? "Received with the new item" : "Restock",
          createdAt: receivedAt,
        });
      }
    }
    await demoTransfer(tx, itemIds.get("PNL-200M"), place.kano, receivedBy);

    const productCategoryIds = new Map<string, string>();
    // Moments one minute apart, so "oldest first" (the tabs) and "newest first" (the lists) are stable.
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
    for (const [index, name] of DEMO_PRODUCT_CATEGORIES.entries()) {
      const [row] = await tx
        .insert(productCategories)
        .values({
          name,
          createdAt: minutesAgo(DEMO_PRODUCT_CATEGORIES.length - index + DEMO_PRODUCTS.length),
        })
        .onConflictDoNothing()
        .returning({ id: productCategories.id });
      if (row) productCategoryIds.set(name, row.id);
    }
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const categoryId = productCategoryIds.get(product.category);
      const links = product.items.flatMap(([sku, quantity]) => {
        const inventoryItemId = itemIds.get(sku);
        return inventoryItemId ? [{ inventoryItemId, quantity }] : [];
      });
      if (!categoryId || links.length === 0) continue;
      const [row] = await tx
        .insert(products)
        .values({
          categoryId,
          name: product.name,
          paymentModes: product.paymentModes,
          imageFileId: await image(product.category.toUpperCase().slice(0, 4)),
          creatorId: receivedBy,
          createdAt: minutesAgo(DEMO_PRODUCTS.length - index),
          updatedAt: minutesAgo(DEMO_PRODUCTS.length - index),
        })
        .returning({ id: products.id });
      await tx.insert(productInventories).values(links.map((link) => ({ ...link, productId: row.id })));
    }
    return true;
  });
  if (created)
    log.info(
      `Seeded demo stock: ${DEMO_ITEMS.length} inventory items in ${DEMO_WAREHOUSES.length + 1} warehouses, ` +
        `${DEMO_PRODUCTS.length} products`,
    );
}

async function demoTransfer(
  tx: AppDb,
  itemId: string | undefined,
  toWarehouseId: string,
  actorId: string | null,
) {
  if (!itemId) return;
  const [source] = await tx
    .select()
    .from(inventoryBatches)
    .where(eq(inventoryBatches.inventoryItemId, itemId))
    .orderBy(inventoryBatches.batchNumber)
    .limit(1);
  if (!source || source.warehouseId === toWarehouseId || source.remainingQuantity < 10) return;
  const quantity = 10;
  const movedAt = new Date(source.receivedAt.getTime() + 2 * 86_400_000);
  await tx
    .update(inventoryBatches)
    .set({ remainingQuantity: source.remainingQuantity - quantity })
    .where(eq(inventoryBatches.id, source.id));
  const [moved] = await tx
    .insert(inventoryBatches)
    .values({
      inventoryItemId: itemId,
      warehouseId: toWarehouseId,
      numberOfStock: quantity,
      remainingQuantity: quantity,
      costOfItem: source.costOfItem,
      price: source.price,
      sourceBatchId: source.id,
      receivedBy: actorId,
      receivedAt: movedAt,
    })
    .returning({ id: inventoryBatches.id });
  await tx.insert(inventoryMovements).values({
    kind: "TRANSFER",
    inventoryItemId: itemId,
    batchId: source.id,
    toBatchId: moved.id,
    fromWarehouseId: source.warehouseId,
    toWarehouseId,
    quantity,
    actorId,
    reason: "Stock for the northern agents",
    createdAt: movedAt,
  });
}
