import { asc, eq, inArray } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { saleContracts, saleItems, sales } from "../db/schema";
import type { ContractDetail, ContractList, ContractListQuery } from "../schemas/contracts";
import { pageOf } from "../schemas/list";
import { koboToNaira } from "../schemas/money";
import { customerRecordsOf } from "./customers";
import { notFound } from "./errors";
import {
  deviceIdsOfSaleItems,
  recipientRow,
  referenceItemColumns,
  referenceProductsOf,
  referenceSale,
  referenceSaleColumns,
  referenceSaleItem,
} from "./sales";

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
    referenceProductsOf(
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
