import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { inventoryCategories } from "../db/schema";
import type {
  CreateInventoryCategoriesInput,
  InventoryCategoryRecord,
  RenameInventoryCategoryInput,
} from "../schemas/inventory";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { isUniqueViolation, notFound } from "./errors";
import { FieldProblems } from "./stock-common";
import { isTaken, otherThan, sameText } from "./uniqueness";

export const INVENTORY_CATEGORY_NOT_FOUND = "Inventory category not found";
export const CATEGORY_NAME_TAKEN = "A category with this name already exists";
export const SUB_CATEGORY_NAME_TAKEN = "This category already has a sub-category with this name";
export const INVALID_PARENT = "Invalid Parent Category";
export const PARENT_IS_SUB_CATEGORY = "A sub-category cannot have sub-categories";

export async function listInventoryCategories(db: AppDb): Promise<InventoryCategoryRecord[]> {
  const rows = await db
    .select({
      id: inventoryCategories.id,
      name: inventoryCategories.name,
      parentId: inventoryCategories.parentId,
    })
    .from(inventoryCategories)
    .orderBy(asc(sql`lower(${inventoryCategories.name})`), asc(inventoryCategories.id));
  const tops = rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ id: row.id, name: row.name, children: [] as { id: string; name: string }[] }));
  const byId = new Map(tops.map((top) => [top.id, top]));
  for (const row of rows)
    if (row.parentId) byId.get(row.parentId)?.children.push({ id: row.id, name: row.name });
  return tops;
}

const siblingsOf = (parentId: string | null) =>
  parentId ? eq(inventoryCategories.parentId, parentId) : isNull(inventoryCategories.parentId);

async function namesUsed(db: AppDb, parentIds: (string | null)[]) {
  const parents = [...new Set(parentIds)];
  const ids = parents.filter((id): id is string => id !== null);
  const rows = await db
    .select({ parentId: inventoryCategories.parentId, name: sql<string>`lower(${inventoryCategories.name})` })
    .from(inventoryCategories)
    .where(
      parents.includes(null)
        ? ids.length
          ? sql`(${inventoryCategories.parentId} is null or ${inArray(inventoryCategories.parentId, ids)})`
          : isNull(inventoryCategories.parentId)
        : inArray(inventoryCategories.parentId, ids),
    );
  const used = new Map<string | null, Set<string>>(parents.map((parent) => [parent, new Set()]));
  for (const row of rows) used.get(row.parentId)?.add(row.name);
  return used;
}

async function checkNewCategories(db: AppDb, input: CreateInventoryCategoriesInput) {
  const problems = new FieldProblems();
  const parentIds = input.categories.flatMap((entry) => (entry.parentId ? [entry.parentId] : []));
  const parents = parentIds.length
    ? await db
        .select({
          id: inventoryCategories.id,
          name: inventoryCategories.name,
          parentId: inventoryCategories.parentId,
        })
        .from(inventoryCategories)
        .where(inArray(inventoryCategories.id, parentIds))
    : [];
  const parentById = new Map(parents.map((parent) => [parent.id, parent]));
  const used = await namesUsed(db, [null, ...parentIds]);

  input.categories.forEach((entry, index) => {
    const path = `categories.${index}`;
    if (entry.parentId) {
      const parent = parentById.get(entry.parentId);
      if (!parent) return problems.add(`${path}.parentId`, INVALID_PARENT);
      if (parent.parentId !== null) return problems.add(`${path}.parentId`, PARENT_IS_SUB_CATEGORY);
    }
    const siblings = used.get(entry.parentId) ?? new Set<string>();
    const name = entry.name.toLowerCase();
    if (siblings.has(name))
      problems.add(`${path}.name`, entry.parentId ? SUB_CATEGORY_NAME_TAKEN : CATEGORY_NAME_TAKEN);
    siblings.add(name);
    const subNames = new Set<string>();
    entry.subCategories.forEach((subName, subIndex) => {
      if (subNames.has(subName.toLowerCase()))
        problems.add(`${path}.subCategories.${subIndex}.name`, SUB_CATEGORY_NAME_TAKEN);
      subNames.add(subName.toLowerCase());
    });
  });
  return { problems, parentById };
}

export async function createInventoryCategories(
  db: AppDb,
  actor: StaffActor,
  input: CreateInventoryCategoriesInput,
): Promise<InventoryCategoryRecord[]> {
  const { problems, parentById } = await checkNewCategories(db, input);
  problems.throwIfAny();

  return db
    .transaction(async (tx) => {
      const answer: InventoryCategoryRecord[] = [];
      for (const entry of input.categories) {
        const [created] = await tx
          .insert(inventoryCategories)
          .values({ name: entry.name, parentId: entry.parentId })
          .returning({ id: inventoryCategories.id, name: inventoryCategories.name });
        const children = entry.subCategories.length
          ? await tx
              .insert(inventoryCategories)
              .values(entry.subCategories.map((name) => ({ name, parentId: created.id })))
              .returning({ id: inventoryCategories.id, name: inventoryCategories.name })
          : [];
        const parent = entry.parentId ? parentById.get(entry.parentId) : undefined;
        answer.push(
          parent ? { id: parent.id, name: parent.name, children: [created] } : { ...created, children },
        );
        await recordAudit(tx, actor, {
          action: "create",
          subject: "Inventory",
          recordId: created.id,
          summary: parent
            ? `Added sub-category ${entry.name} to ${parent.name}`
            : `Added inventory category ${entry.name}` +
              (children.length ? ` with ${children.map((child) => child.name).join(", ")}` : ""),
          changes: { name: entry.name, parentId: entry.parentId, subCategories: entry.subCategories },
        });
      }
      return answer;
    })
    .catch(async (error: unknown) => {
      // A simultaneous request used a name first: answer the field it now clashes on.
      if (!isUniqueViolation(error)) throw error;
      (await checkNewCategories(db, input)).problems.throwIfAny();
      throw error;
    });
}

export async function renameInventoryCategory(
  db: AppDb,
  actor: StaffActor,
  id: string,
  input: RenameInventoryCategoryInput,
): Promise<InventoryCategoryRecord> {
  const [category] = await db.select().from(inventoryCategories).where(eq(inventoryCategories.id, id));
  if (!category) throw notFound(INVENTORY_CATEGORY_NOT_FOUND);
  const taken = new FieldProblems();
  const clash = async () => {
    const sibling = and(
      siblingsOf(category.parentId),
      sameText(inventoryCategories.name, input.name),
      otherThan(inventoryCategories.id, id),
    );
    if (await isTaken(db, inventoryCategories, sibling)) {
      taken.add("name", category.parentId ? SUB_CATEGORY_NAME_TAKEN : CATEGORY_NAME_TAKEN);
    }
    taken.throwIfAny();
  };
  await clash();

  await db
    .transaction(async (tx) => {
      await tx.update(inventoryCategories).set({ name: input.name }).where(eq(inventoryCategories.id, id));
      await recordAudit(tx, actor, {
        action: "update",
        subject: "Inventory",
        recordId: id,
        summary: `Renamed ${category.parentId ? "sub-category" : "inventory category"} ${category.name} to ${input.name}`,
        changes: { name: { from: category.name, to: input.name } },
      });
    })
    .catch(async (error: unknown) => {
      if (isUniqueViolation(error)) await clash();
      throw error;
    });

  const tree = await listInventoryCategories(db);
  const top = tree.find((entry) => entry.id === (category.parentId ?? id));
  if (!top) throw notFound(INVENTORY_CATEGORY_NOT_FOUND);
  return top;
}
