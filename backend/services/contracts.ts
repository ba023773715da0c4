import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  inventoryBatches,
  inventoryItems,
  productInventories,
  products,
  saleContracts,
  saleItems,
  sales,
} from "../db/schema";
import type { Contract, ContractDetail, ContractList, ContractListQuery } from "../schemas/contracts";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { paymentModesText } from "../schemas/products";
import { customerRecordsOf } from "./customers";
import { notFound } from "./errors";
import { referenceInventoryItem } from "./products";
import {
  deviceIdsOfSaleItems,
  recipientRow,
  referenceItemColumns,
  referenceSale,
  referenceSaleColumns,
  referenceSaleItem,
} from "./sales";
import { imageOf } from "./stock-common";

export const CONTRACT_NOT_FOUND = "Contract not found";

/** A calendar day as the reference's DateTime fields carry it. */
const dayTime = (day: string | undefined) => (day ? `${day}T00:00:00.000Z` : null);

type SaleContractRow = typeof saleContracts.$inferSelect;
type ContractRow = { contract: SaleContractRow; sale: Parameters<typeof referenceSale>[0] };

function contractFields({ contract, sale }: ContractRow) {
  const { identification: id, nextOfKin: kin, guarantor } = contract;
  const at = contract.createdAt.toISOString();
  return {
    id: contract.saleId,
    initialAmountPaid: koboToNaira(Number(sale.dueNowKobo)),
    nextOfKinFullName: kin.fullName,
    nextOfKinRelationship: kin.relationship,
    nextOfKinPhoneNumber: kin.phoneNumber,
    nextOfKinHomeAddress: kin.homeAddress ?? "",
    nextOfKinEmail: kin.email ?? null,
    nextOfKinDateOfBirth: dayTime(kin.dateOfBirth),
    nextOfKinNationality: kin.nationality ?? null,
    guarantorFullName: guarantor.fullName,
    guarantorPhoneNumber: guarantor.phoneNumber,
    guarantorHomeAddress: guarantor.homeAddress,
    guarantorEmail: guarantor.email ?? null,
    guarantorIdType: guarantor.identificationDetails.idType,
    guarantorIdNumber: guarantor.identificationDetails.idNumber,
    guarantorIdIssuingCountry: guarantor.identificationDetails.issuingCountry,
    guarantorIdIssueDate: dayTime(guarantor.identificationDetails.issueDate),
    guarantorIdExpirationDate: dayTime(guarantor.identificationDetails.expirationDate),
    guarantorNationality: guarantor.nationality ?? null,
    guarantorDateOfBirth: dayTime(guarantor.dateOfBirth),
    idType: id.idType,
    idNumber: id.idNumber,
    issuingCountry: id.issuingCountry,
    issueDate: dayTime(id.issueDate),
    expirationDate: dayTime(id.expirationDate),
    fullNameAsOnID: id.fullNameAsOnID,
    addressAsOnID: id.addressAsOnID ?? null,
    signedAt: null,
    signedContractUrl: null,
    createdAt: at,
    // A contract is written once, with its sale.
    updatedAt: at,
  };
}

/** The products of these items, each with its items' links and rows, as the reference includes them. */
async function productsOf(db: AppDb, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map<string, Contract["sale"][number]["saleItems"][number]["product"]>();
  const [heads, links] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    db
      .select({
        productId: productInventories.productId,
        quantity: productInventories.quantity,
        item: inventoryItems,
        inStock: sql<boolean>`exists (select 1 from ${inventoryBatches} where ${and(
          eq(inventoryBatches.inventoryItemId, inventoryItems.id),
          gt(inventoryBatches.remainingQuantity, 0),
        )})`,
      })
      .from(productInventories)
      .innerJoin(inventoryItems, eq(inventoryItems.id, productInventories.inventoryItemId))
      .where(inArray(productInventories.productId, ids))
      .orderBy(asc(inventoryItems.name), asc(inventoryItems.id)),
  ]);
  return new Map(
    heads.map((product) => [
      product.id,
      {
        id: product.id,
        name: product.name,
        description: null,
        image: imageOf(product.imageFileId),
        currency: "NGN" as const,
        paymentModes: paymentModesText(product.paymentModes),
        creatorId: product.creatorId,
        categoryId: product.categoryId,
        createdAt: product.createdAt.toISOString(),
        updatedAt: product.updatedAt.toISOString(),
        deletedAt: null,
        inventories: links
          .filter((link) => link.productId === product.id)
          .map(({ item, quantity, inStock }) => ({
            id: `${product.id}:${item.id}`,
            productId: product.id,
            inventoryId: item.id,
            quantity,
            inventory: { ...referenceInventoryItem(item, inStock), deletedAt: null },
          })),
      },
    ]),
  );
}

/** The contracts of these rows with their sale, customer and items (and, for one, the items' recipients). */
async function withSales(db: AppDb, rows: ContractRow[], { recipients }: { recipients: boolean }) {
  const saleIds = rows.map((row) => row.sale.id);
  const items = saleIds.length
    ? await db
        .select(referenceItemColumns)
        .from(saleItems)
        .where(inArray(saleItems.saleId, saleIds))
        .orderBy(asc(saleItems.id))
    : [];
  const [customersById, productsById, deviceIds] = await Promise.all([
    customerRecordsOf(
      db,
      rows.map((row) => row.sale.customerId),
    ),
    productsOf(
      db,
      items.map((item) => item.productId),
    ),
    deviceIdsOfSaleItems(
      db,
      items.map((item) => item.id),
    ),
  ]);
  return rows.flatMap((row) => {
    const customer = customersById.get(row.sale.customerId);
    if (!customer) return [];
    const saleItemsOf = items
      .filter((item) => item.saleId === row.sale.id)
      .flatMap((item) => {
        const product = productsById.get(item.productId);
        if (!product) return [];
        return [
          {
            ...referenceSaleItem(item, row.sale, deviceIds.get(item.id) ?? []),
            product,
            ...(recipients ? { SaleRecipient: recipientRow(item, row.sale) } : {}),
          },
        ];
      });
    return [
      { ...contractFields(row), sale: [{ ...referenceSale(row.sale), customer, saleItems: saleItemsOf }] },
    ];
  });
}

const contractRows = (db: AppDb) =>
  db
    .select({ contract: saleContracts, sale: referenceSaleColumns })
    .from(saleContracts)
    .innerJoin(sales, eq(sales.id, saleContracts.saleId));

export async function countContracts(db: AppDb): Promise<number> {
  return db.$count(saleContracts);
}

/** Oldest first, as the reference lists them. */
export async function listContracts(
  db: AppDb,
  query: ContractListQuery,
  total: () => Promise<number>,
): Promise<ContractList> {
  const [rows, counted] = await Promise.all([
    contractRows(db)
      .orderBy(asc(saleContracts.createdAt), asc(saleContracts.saleId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  return pageOf("contracts", await withSales(db, rows, { recipients: false }), counted, query);
}

export async function getContract(db: AppDb, id: string): Promise<ContractDetail> {
  const rows = await contractRows(db).where(eq(saleContracts.saleId, id)).limit(1);
  const [contract] = await withSales(db, rows, { recipients: true });
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);
  return contract as ContractDetail;
}
