import { z } from "zod";
import { CustomerRecordSchema } from "./customers";
import { DeviceRecordSchema } from "./devices";
import { PaginationSchema, listSchema } from "./list";
import { PAYMENT_MODES, PaymentModesTextSchema, ReferenceInventoryItemSchema } from "./products";
import { PAYMENT_STATUSES, SALE_STATUSES, SaleListQuerySchema } from "./sales";
import { TokenRecordSchema } from "./token-records";

// The reference's sales list (§4.9): one row per sale item, each with its sale, on GET /api/v1/sales. Our
// screens read one row per sale on GET /api/v1/sales/list. Both take the same filters.
const REFERENCE_SALES_PAGE = 10;

export const SaleItemListQuerySchema = SaleListQuerySchema.extend({
  limit: PaginationSchema.shape.limit.removeDefault().default(REFERENCE_SALES_PAGE),
});
export type SaleItemListQuery = z.infer<typeof SaleItemListQuerySchema>;

const iso = z.string().describe("ISO 8601 date and time");

/** A sale in the reference's words (its Sales model, §7): amounts in naira. */
export const ReferenceSaleSchema = z.object({
  id: z.string(),
  category: z.literal("PRODUCT"),
  status: z.enum(SALE_STATUSES),
  customerId: z.string(),
  creatorId: z.string().nullable(),
  totalPrice: z.number(),
  totalPaid: z.number(),
  totalMonthlyPayment: z.number().describe("The monthly instalments of the sale's items, added up"),
  installmentStartingPrice: z
    .number()
    .describe("What was due when the sale was made: the deposits, and one-off items in full"),
  totalInstallmentDuration: z.number().describe("The longest instalment plan of its items, in months"),
  applyMargin: z.boolean(),
  installmentAccountDetailsId: z
    .null()
    .describe("Always null: instalments are paid through the sale's checkouts, not a virtual account"),
  deliveredAccountDetails: z.literal(false),
  contractId: z
    .string()
    .nullable()
    .describe("The sale's contract (GET /api/v1/contract/{id}), for a sale whose contract was taken"),
  createdAt: iso,
  updatedAt: iso,
  deletedAt: z.null().describe("Always null: sales are cancelled, never deleted"),
});
export type ReferenceSale = z.infer<typeof ReferenceSaleSchema>;

/** A sale item in the reference's words (its SaleItem model). */
export const ReferenceSaleItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  quantity: z.number(),
  saleId: z.string(),
  discount: z.number().describe("A percentage of the item's stock price"),
  totalPrice: z.number(),
  monthlyPayment: z.number().nullable().describe("Naira a month; null for a one-off item"),
  paymentMode: z.enum(PAYMENT_MODES),
  miscellaneousPrices: z
    .record(z.number())
    .nullable()
    .describe("Naira by name, as sent; null when there were none"),
  saleRecipientId: z
    .string()
    .describe("The recipient is kept on the item, so this is the item's id (the id of `SaleRecipient`)"),
  installmentDuration: z.number().nullable().describe("Months; null for a one-off item"),
  installmentStartingPrice: z
    .number()
    .nullable()
    .describe("The deposit as a percentage of the item's price; null for a one-off item"),
  deviceIDs: z.array(z.string()),
  createdAt: iso,
  updatedAt: iso,
});
export type ReferenceSaleItem = z.infer<typeof ReferenceSaleItemSchema>;

export const SaleRecipientRowSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: iso,
  updatedAt: iso,
});

export const SaleItemListRowSchema = ReferenceSaleItemSchema.extend({
  sale: ReferenceSaleSchema.extend({ customer: CustomerRecordSchema }),
  devices: z.array(DeviceRecordSchema),
  // Capital S, as the reference names the relation.
  SaleRecipient: SaleRecipientRowSchema,
});
export type SaleItemListRow = z.infer<typeof SaleItemListRowSchema>;
export const SaleItemListSchema = listSchema("saleItems", SaleItemListRowSchema);
export type SaleItemList = z.infer<typeof SaleItemListSchema>;

/** A product as the reference includes it in a sale item: its links to items, each with the item's row. */
export const ReferenceProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.null().describe("Always null: products have no description here"),
  image: z.string().nullable(),
  currency: z.literal("NGN"),
  paymentModes: PaymentModesTextSchema,
  creatorId: z.string().nullable(),
  categoryId: z.string(),
  createdAt: iso,
  updatedAt: iso,
  deletedAt: z.null(),
  inventories: z.array(
    z.object({
      id: z.string().describe("The link has no id of its own here: `<productId>:<inventoryId>`"),
      productId: z.string(),
      inventoryId: z.string(),
      quantity: z.number().describe("Units of the item in one unit of the product"),
      inventory: ReferenceInventoryItemSchema.extend({ createdAt: iso, updatedAt: iso, deletedAt: z.null() }),
    }),
  ),
});
export type ReferenceProduct = z.infer<typeof ReferenceProductSchema>;

/** The reference's PaymentStatus. */
export const REFERENCE_PAYMENT_STATUSES = ["PENDING", "COMPLETED", "FAILED", "REFUNDED"] as const;
export type ReferencePaymentStatus = (typeof REFERENCE_PAYMENT_STATUSES)[number];

/** A payment in the reference's words (its Payment model): money recorded, or a checkout not (yet) paid. */
export const ReferencePaymentSchema = z.object({
  id: z.string(),
  transactionRef: z
    .string()
    .describe("The payment's reference: a checkout's `tx_ref`, or the reference a cash payment was given"),
  amount: z.number().describe("Naira"),
  paymentStatus: z
    .enum(REFERENCE_PAYMENT_STATUSES)
    .describe(
      "COMPLETED: the money counts towards the sale; PENDING: a checkout the provider has not answered; " +
        "FAILED: a checkout that failed or was cancelled, or money recorded but not counted (`status` says " +
        "which); REFUNDED is not used",
    ),
  status: z
    .enum([...PAYMENT_STATUSES, "CANCELLED"])
    .describe(
      "Ours: a recorded payment's status (MISMATCHED: another currency; REFUND_DUE: for a sale already " +
        "cancelled or paid), or PENDING, FAILED or CANCELLED for a checkout",
    ),
  paymentDate: iso,
  saleId: z.string(),
  createdAt: iso,
  updatedAt: iso,
  deletedAt: z.null(),
});
export type ReferencePayment = z.infer<typeof ReferencePaymentSchema>;

/**
 * GET /api/v1/sales/{id} given a sale item's id, as the reference answers it: the list's row with the sale's
 * payments, each device's tokens and the product with its items.
 */
export const SaleItemDetailSchema = SaleItemListRowSchema.extend({
  sale: SaleItemListRowSchema.shape.sale.extend({
    payment: z.array(ReferencePaymentSchema).describe("Oldest first"),
    installmentAccountDetails: z
      .null()
      .describe("Always null: instalments are paid through the sale's checkouts, not a virtual account"),
  }),
  devices: z.array(
    DeviceRecordSchema.extend({ tokens: z.array(TokenRecordSchema).describe("Newest first") }).describe(
      "A unit sold on the item, its key masked as in the device list, with the tokens made for it",
    ),
  ),
  product: ReferenceProductSchema,
});
export type SaleItemDetail = z.infer<typeof SaleItemDetailSchema>;
