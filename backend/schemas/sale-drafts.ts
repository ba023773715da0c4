import { z } from "zod";
import { blankAs } from "./form-values";
import { PAYMENT_MODES } from "./products";
import {
  PAYMENT_METHODS,
  BvnSchema,
  GuarantorSchema,
  IdentificationSchema,
  MiscellaneousCostsSchema,
  NextOfKinSchema,
  ParametersSchema,
  QuantitySchema,
  RecipientSchema,
} from "./sale-rules";
import { ScheduleEntrySchema } from "./sales";

// Kept by the backend so it survives reloads, JavaScript-off round trips and a later return (decision 018).

export const DRAFT_LIFETIME_DAYS = 14;

const ParametersValueSchema = z.object({
  paymentMode: z.enum(PAYMENT_MODES),
  installmentDuration: z.number(),
  installmentStartingPrice: z.number(),
  discount: z.number(),
});

const StoredItemSchema = z.object({
  productId: z.string(),
  units: z.number(),
  parameters: ParametersValueSchema.nullable(),
  miscellaneous: z.array(z.object({ name: z.string(), cost: z.number() })).nullable(),
  deviceIds: z.array(z.string()).nullable(),
  recipient: RecipientSchema.nullable(),
});
export type DraftItem = z.infer<typeof StoredItemSchema>;

/** The stored document; read back through this schema, never cast. */
export const SaleDraftDocumentSchema = z.object({
  customerId: z.string().nullable(),
  agentId: z.string().nullable(),
  items: z.array(StoredItemSchema),
  identification: z.record(z.unknown()).nullable(),
  nextOfKin: z.record(z.unknown()).nullable(),
  guarantor: z.record(z.unknown()).nullable(),
  bvn: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
});
export type SaleDraftDocument = z.infer<typeof SaleDraftDocumentSchema>;

export const EMPTY_DRAFT: SaleDraftDocument = {
  customerId: null,
  agentId: null,
  items: [],
  identification: null,
  nextOfKin: null,
  guarantor: null,
  bvn: null,
  paymentMethod: null,
};

export const DraftCustomerSchema = z
  .object({ customerId: z.string().trim().max(64).nullable() })
  .strip()
  .transform((value) => ({ customerId: value.customerId || null }));
export const DraftAgentSchema = z
  .object({ agentId: z.string().trim().max(64).nullable() })
  .strip()
  .transform((value) => ({ agentId: value.agentId || null }));
export const DraftAddProductSchema = z
  .object({
    productId: z
      .string({ required_error: "Product is required" })
      .trim()
      .min(1, "Product is required")
      .max(64),
    units: blankAs(1, QuantitySchema),
  })
  .strip();
export const DraftUnitsSchema = z.object({ units: QuantitySchema }).strip();
export const DraftParametersSchema = ParametersSchema;
export const DraftMiscellaneousSchema = z.object({ costs: MiscellaneousCostsSchema }).strip();
export const DraftDevicesSchema = z
  .object({ deviceIds: z.array(z.string().trim().min(1).max(64)).max(10_000) })
  .strip();
export const DraftRecipientSchema = RecipientSchema;
export const DraftIdentificationSchema = IdentificationSchema;
export const DraftNextOfKinSchema = NextOfKinSchema;
export const DraftGuarantorSchema = GuarantorSchema;
export const DraftBvnSchema = z.object({ bvn: BvnSchema }).strip();
export const DraftPaymentMethodSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "Payment method is required" }) }),
  })
  .strip();

const ItemPriceViewSchema = z.object({
  basePrice: z.number(),
  discountAmount: z.number(),
  miscellaneousTotal: z.number(),
  interest: z.number(),
  margin: z.number(),
  totalPrice: z.number(),
  initialPayment: z.number(),
  monthlyPayment: z.number(),
  schedule: z.array(ScheduleEntrySchema),
});

export const DraftItemViewSchema = z.object({
  productId: z.string(),
  product: z.object({
    name: z.string(),
    category: z.string(),
    image: z.string().nullable(),
    paymentModes: z.array(z.enum(PAYMENT_MODES)),
    availableUnits: z.number(),
    priceRange: z.object({ minimumInventoryBatchPrice: z.number(), maximumInventoryBatchPrice: z.number() }),
  }),
  units: z.number(),
  parameters: ParametersValueSchema.nullable(),
  miscellaneous: z.array(z.object({ name: z.string(), cost: z.number() })).nullable(),
  devices: z
    .array(z.object({ id: z.string(), serialNumber: z.string(), inventoryId: z.string() }))
    .nullable(),
  recipient: RecipientSchema.nullable(),
  deviceRequirements: z.array(
    z.object({ inventoryId: z.string(), name: z.string(), required: z.number(), linked: z.number() }),
  ),
  installmentAllowed: z.boolean(),
  price: ItemPriceViewSchema.nullable(),
  problems: z.array(z.string()),
});
export type DraftItemView = z.infer<typeof DraftItemViewSchema>;

export const SaleDraftSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  customer: z
    .object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string(), location: z.string() })
    .nullable(),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(DraftItemViewSchema),
  identification: z.record(z.unknown()).nullable(),
  nextOfKin: z.record(z.unknown()).nullable(),
  guarantor: z.record(z.unknown()).nullable(),
  bvn: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  applyMargin: z.boolean(),
  /** Some item is paid in instalments: BVN, identification, next of kin and guarantor are asked. */
  needsContract: z.boolean(),
  totals: z
    .object({ totalPrice: z.number(), amountDueNow: z.number(), totalMonthlyPayment: z.number() })
    .nullable(),
  problems: z.record(z.array(z.string())),
  ready: z.boolean(),
});
export type SaleDraft = z.infer<typeof SaleDraftSchema>;

export const SaleDraftSummarySchema = z.object({
  id: z.string(),
  customerName: z.string().nullable(),
  products: z.array(z.string()),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export const SaleDraftListSchema = z.object({ drafts: z.array(SaleDraftSummarySchema) });
export type SaleDraftList = z.infer<typeof SaleDraftListSchema>;
