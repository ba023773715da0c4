import { z } from "zod";
import { CustomerRecordSchema } from "./customers";
import { PaginationSchema, listSchema } from "./list";
import { ID_TYPES } from "./sale-rules";
import {
  ReferenceProductSchema,
  ReferenceSaleItemSchema,
  ReferenceSaleSchema,
  SaleRecipientRowSchema,
} from "./sale-items";

// The reference's contracts (§7 Contract, its /contract routes): the agreement an instalment sale is made
// on, with the customer's identification, next of kin and guarantor. Here it is the contract taken with
// an instalment sale (POST /api/v1/sales/create), kept one per sale.

const iso = z.string().describe("ISO 8601 date and time");
const day = z.string().nullable().describe("A calendar day as an ISO date and time at midnight UTC");

export const ContractListQuerySchema = PaginationSchema.extend({
  limit: PaginationSchema.shape.limit.removeDefault().default(100),
});
export type ContractListQuery = z.infer<typeof ContractListQuerySchema>;

const ContractSaleItemSchema = ReferenceSaleItemSchema.extend({ product: ReferenceProductSchema });

const contractShape = {
  id: z.string().describe("The contract is kept per sale: its id is its sale's id"),
  initialAmountPaid: z
    .number()
    .describe("Naira: the deposit the sale asked when it was made (paid or not: see sale[0].totalPaid)"),
  nextOfKinFullName: z.string(),
  nextOfKinRelationship: z.string(),
  nextOfKinPhoneNumber: z.string(),
  nextOfKinHomeAddress: z.string().describe('"" when none was given'),
  nextOfKinEmail: z.string().nullable(),
  nextOfKinDateOfBirth: day,
  nextOfKinNationality: z.string().nullable(),
  guarantorFullName: z.string(),
  guarantorPhoneNumber: z.string(),
  guarantorHomeAddress: z.string(),
  guarantorEmail: z.string().nullable(),
  guarantorIdType: z.enum(ID_TYPES),
  guarantorIdNumber: z.string(),
  guarantorIdIssuingCountry: z.string(),
  guarantorIdIssueDate: day,
  guarantorIdExpirationDate: day,
  guarantorNationality: z.string().nullable(),
  guarantorDateOfBirth: day,
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  issuingCountry: z.string(),
  issueDate: day,
  expirationDate: day,
  fullNameAsOnID: z.string(),
  addressAsOnID: z.string().nullable(),
  signedAt: z.null().describe("Always null: signatures are not recorded here"),
  signedContractUrl: z.null(),
  createdAt: iso,
  updatedAt: iso,
};

const contractSale = <Item extends z.ZodTypeAny>(item: Item) =>
  z
    .array(ReferenceSaleSchema.extend({ customer: CustomerRecordSchema, saleItems: z.array(item) }))
    .describe("The contract's sale (always one here), with its customer and items");

export const ContractSchema = z.object({ ...contractShape, sale: contractSale(ContractSaleItemSchema) });
export type Contract = z.infer<typeof ContractSchema>;

/** One contract: its items carry their recipient too. */
export const ContractDetailSchema = z.object({
  ...contractShape,
  sale: contractSale(ContractSaleItemSchema.extend({ SaleRecipient: SaleRecipientRowSchema })),
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const ContractListSchema = listSchema("contracts", ContractSchema);
export type ContractList = z.infer<typeof ContractListSchema>;
