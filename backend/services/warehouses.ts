import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryBatches, inventoryItems, warehouses } from "../db/schema";
import type { WarehouseRow } from "../db/schema";
import { lagosDate } from "../schemas/dates";
import { pageOf } from "../schemas/list";
import type { InventoryClass } from "../schemas/inventory";
import { WAREHOUSE_IMAGE_FIELD, WAREHOUSE_IMAGE_REQUIRED } from "../schemas/warehouses";
import type {
  CreateWarehouseInput,
  UpdateWarehouseInput,
  WarehouseList,
  WarehouseListQuery,
  WarehouseRecord,
  WarehouseStats,
} from "../schemas/warehouses";
import { INVENTORY_CLASSES } from "../schemas/inventory";
import { describeChanges, recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { invalid, invalidField, isUniqueViolation, notFound } from "./errors";
import { storeFile } from "./files";
import type { Upload } from "./files";
import { containsPattern } from "./search";
import { FieldProblems, checkedImage, imageOf, isLiveWarehouse } from "./stock-common";
import { classesStillHeld } from "./stock-rules";
import { isTaken, otherThan, sameText } from "./uniqueness";

export const WAREHOUSE_NOT_FOUND = "Warehouse not found";
export const WAREHOUSE_NAME_TAKEN = "A warehouse with this name already exists";
export const LAST_ACTIVE_WAREHOUSE = "At least one warehouse must stay active, so new stock has a home";
export const NOTHING_TO_UPDATE = "At least one field must be provided to update";

export const holdingStockMessage = (units: number) =>
  `This warehouse still holds ${units.toLocaleString("en-NG")} unit${units === 1 ? "" : "s"} of stock; ` +
  "transfer them to another warehouse before deactivating it";

const warehouseColumns = {
  id: warehouses.id,
  name: warehouses.name,
  type: warehouses.type,
  inventoryClasses: warehouses.inventoryClasses,
  imageFileId: warehouses.imageFileId,
  status: warehouses.status,
  createdAt: warehouses.createdAt,
  updatedAt: warehouses.updatedAt,
};

type WarehouseColumnsRow = Pick<
  WarehouseRow,
  "id" | "name" | "type" | "inventoryClasses" | "imageFileId" | "status" | "createdAt" | "updatedAt"
>;

// Aggregated by the database in one pass (the warehouse index holds every column it reads), never in JS.
async function withStock(db: AppDb, rows: WarehouseColumnsRow[]): Promise<WarehouseRecord[]> {
  if (rows.length === 0) return [];
  const held = await db
    .select({
      warehouseId: inventoryBatches.warehouseId,
      units: sql<number>`sum(${inventoryBatches.remainingQuantity})::float8`,
      items: sql<number>`count(distinct ${inventoryBatches.inventoryItemId})::float8`,
    })
    .from(inventoryBatches)
    // Used-up batches add nothing to either figure; most old batches are.
    .where(
      and(
        inArray(
          inventoryBatches.warehouseId,
          rows.map((row) => row.id),
        ),
        gt(inventoryBatches.remainingQuantity, 0),
      ),
    )
    .groupBy(inventoryBatches.warehouseId);
  const byWarehouse = new Map(held.map((row) => [row.warehouseId, row]));
  return rows.map((row) => {
    const { imageFileId, ...rest } = row;
    const stock = byWarehouse.get(row.id);
    return {
      ...rest,
      // In the catalogue's order, whatever order they were ticked in.
      inventoryClasses: INVENTORY_CLASSES.filter((name) => row.inventoryClasses.includes(name)),
      image: imageOf(imageFileId),
      unitsHeld: Number(stock?.units ?? 0),
      inventoryCount: Number(stock?.items ?? 0),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

function listConditions(query: WarehouseListQuery) {
  const conditions: (SQL | undefined)[] = [isLiveWarehouse];
  if (query.status) conditions.push(eq(warehouses.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(warehouses.name, pattern), ilike(warehouses.type, pattern)));
  }
  return and(...conditions);
}

export async function countWarehouses(db: AppDb, query: WarehouseListQuery) {
  const [{ total }] = await db.select({ total: count() }).from(warehouses).where(listConditions(query));
  return total;
}

export async function listWarehouses(
  db: AppDb,
  query: WarehouseListQuery,
  total: () => Promise<number>,
): Promise<WarehouseList> {
  const [rows, counted] = await Promise.all([
    db
      .select(warehouseColumns)
      .from(warehouses)
      .where(listConditions(query))
      .orderBy(desc(warehouses.createdAt), desc(warehouses.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  return pageOf("warehouses", await withStock(db, rows), counted, query);
}

export async function warehouseStats(db: AppDb): Promise<WarehouseStats> {
  const [stats] = await db
    .select({
      totalWarehouses: sql<number>`count(*)::int`,
      activeWarehouses: sql<number>`(count(*) filter (where ${warehouses.status} = 'active'))::int`,
      inactiveWarehouses: sql<number>`(count(*) filter (where ${warehouses.status} = 'inactive'))::int`,
    })
    .from(warehouses)
    .where(isLiveWarehouse);
  return stats;
}

export async function getWarehouse(db: AppDb, id: string): Promise<WarehouseRecord> {
  const rows = await db
    .select(warehouseColumns)
    .from(warehouses)
    .where(and(eq(warehouses.id, id), isLiveWarehouse))
    .limit(1);
  if (rows.length === 0) throw notFound(WAREHOUSE_NOT_FOUND);
  return (await withStock(db, rows))[0];
}

function nameTaken(db: AppDb, name: string, exceptId?: string) {
  return isTaken(
    db,
    warehouses,
    and(sameText(warehouses.name, name), isLiveWarehouse, otherThan(warehouses.id, exceptId)),
  );
}

const nameTakenError = () => invalidField("name", WAREHOUSE_NAME_TAKEN);

export async function createWarehouse(
  db: AppDb,
  actor: StaffActor,
  input: CreateWarehouseInput,
  image: Upload | undefined,
): Promise<WarehouseRecord> {
  const problems = new FieldProblems();
  const picture = await checkedImage(problems, WAREHOUSE_IMAGE_FIELD, image, WAREHOUSE_IMAGE_REQUIRED);
  if (await nameTaken(db, input.name)) problems.add("name", WAREHOUSE_NAME_TAKEN);
  problems.throwIfAny();

  const id = await db
    .transaction(async (tx) => {
      const imageFileId = picture ? await storeFile(tx, picture.upload, picture.kind, actor.userId) : null;
      const [row] = await tx
        .insert(warehouses)
        .values({
          name: input.name,
          type: input.type || null,
          inventoryClasses: input.inventoryClasses,
          imageFileId,
          creatorId: actor.userId,
        })
        .returning({ id: warehouses.id });
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Warehouses",
        recordId: row.id,
        summary: `Added warehouse ${input.name} (${input.inventoryClasses.join(", ")})`,
        changes: { name: input.name, type: input.type ?? null, inventoryClasses: input.inventoryClasses },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      // Another request took the name between the check and the insert.
      throw isUniqueViolation(error) ? nameTakenError() : error;
    });
  return getWarehouse(db, id);
}

async function classesHeld(tx: AppDb, warehouseId: string): Promise<InventoryClass[]> {
  const rows = await tx
    .selectDistinct({ class: inventoryItems.class })
    .from(inventoryBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryBatches.inventoryItemId))
    .where(and(eq(inventoryBatches.warehouseId, warehouseId), gt(inventoryBatches.remainingQuantity, 0)));
  return rows.map((row) => row.class);
}

async function unitsHeld(tx: AppDb, warehouseId: string): Promise<number> {
  const [{ units }] = await tx
    .select({ units: sql<number>`coalesce(sum(${inventoryBatches.remainingQuantity}), 0)::float8` })
    .from(inventoryBatches)
    .where(eq(inventoryBatches.warehouseId, warehouseId));
  return Number(units);
}

// Refused: deactivating one that holds stock or is the last active one, and dropping a class still held.
export async function updateWarehouse(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: UpdateWarehouseInput,
  image: Upload | undefined,
): Promise<WarehouseRecord> {
  const given = Object.values(input).some((value) => value !== undefined);
  if (!given && !image) throw invalid(NOTHING_TO_UPDATE);
  await getWarehouse(db, id);
  const problems = new FieldProblems();
  const picture = await checkedImage(problems, WAREHOUSE_IMAGE_FIELD, image);
  if (input.name && (await nameTaken(db, input.name, id))) problems.add("name", WAREHOUSE_NAME_TAKEN);
  problems.throwIfAny();

  await db
    .transaction(async (tx) => {
      // The update lock waits for stock being moved in (share locks) and keeps new stock out meanwhile.
      const [before] = await tx
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.id, id), isLiveWarehouse))
        .for("update");
      if (!before) throw notFound(WAREHOUSE_NOT_FOUND);
      const problems = new FieldProblems();
      if (input.status === "inactive" && before.status === "active") {
        const units = await unitsHeld(tx, id);
        if (units > 0) problems.add("status", holdingStockMessage(units));
        else {
          const [{ others }] = await tx
            .select({ others: count() })
            .from(warehouses)
            .where(and(isLiveWarehouse, eq(warehouses.status, "active"), ne(warehouses.id, id)));
          if (others === 0) problems.add("status", LAST_ACTIVE_WAREHOUSE);
        }
      }
      if (input.inventoryClasses) {
        for (const held of classesStillHeld(input.inventoryClasses, await classesHeld(tx, id)))
          problems.add("inventoryClasses", `This warehouse still holds ${held} stock`);
      }
      problems.throwIfAny();

      const imageFileId = picture
        ? await storeFile(tx, picture.upload, picture.kind, actor.userId)
        : undefined;
      const changes = {
        name: input.name,
        type: input.type === undefined ? undefined : input.type || null,
        inventoryClasses: input.inventoryClasses,
        status: input.status,
        imageFileId,
      };
      await tx.update(warehouses).set(changes).where(eq(warehouses.id, id));
      const described = describeChanges(before, changes);
      if (input.inventoryClasses && before.inventoryClasses.join() === input.inventoryClasses.join())
        delete described.inventoryClasses;
      await recordAudit(tx, actor, {
        action: input.status && input.status !== before.status ? input.status : "update",
        subject: "Warehouses",
        recordId: id,
        summary:
          input.status && input.status !== before.status
            ? `${input.status === "active" ? "Activated" : "Deactivated"} warehouse ${before.name}`
            : `Updated warehouse ${input.name ?? before.name}`,
        changes: described,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTakenError() : error;
    });
  return getWarehouse(db, id);
}

// Keyset on the name: exact text, unlike a timestamp that JavaScript would round to milliseconds.
export function warehouseExportBatch(db: AppDb) {
  const byName = sql`lower(${warehouses.name})`;
  return async (after: { name: string; id: string } | null, limit: number) => {
    const rows = await db
      .select(warehouseColumns)
      .from(warehouses)
      .where(
        and(
          isLiveWarehouse,
          after ? sql`(${byName}, ${warehouses.id}) > (lower(${after.name}), ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(byName), asc(warehouses.id))
      .limit(limit);
    return withStock(db, rows);
  };
}

export function warehouseExportRow(record: WarehouseRecord) {
  return [
    record.name,
    record.type ?? "",
    record.inventoryClasses.join(", "),
    record.status,
    record.unitsHeld,
    record.inventoryCount,
    lagosDate(new Date(record.createdAt)),
  ];
}
