import { z } from "zod";
import {
  DraftGuarantorSchema,
  DraftMiscellaneousSchema,
  DraftPaymentMethodSchema,
} from "#backend/schemas/sale-drafts";
import { BvnSchema, CreateSaleSchema } from "#backend/schemas/sale-rules";

// Made of the sale rules' fields (backend/schemas/sale-rules.ts), so the messages are the spec's.

export const SaleFormSchema = z
  .object({
    agentId: z.string().trim().max(64).optional(),
    bvn: BvnSchema.optional(),
  })
  .strict();

export const SelectCustomerSchema = z
  .object({ customerId: CreateSaleSchema.innerType().shape.customerId })
  .strict();

/** Optional: the sale's own rules say when the payment method is missing. */
export const SubmitSaleSchema = z
  .object({ paymentMethod: DraftPaymentMethodSchema.shape.paymentMethod.optional() })
  .strict();

export const DeleteDraftSchema = z
  .object({ draftId: z.string({ required_error: "Draft not found" }).trim().min(1).max(64) })
  .strict();

/** "New sale for this customer" on a customer's page: a draft that starts with the customer chosen. */
export const NewSaleForCustomerSchema = z
  .object({
    customerId: z.string({ required_error: "Customer not found" }).trim().min(1).max(64),
  })
  .strict();

// An identification left wholly empty reads as an empty one, so each of its fields says what it needs.
export const GuarantorFormSchema = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && !("identificationDetails" in value)
      ? { ...value, identificationDetails: {} }
      : value,
  DraftGuarantorSchema,
);

/** The miscellaneous costs modal: the drafts API's costs, where no row at all clears them (spec §4). */
export const CostsFormSchema = DraftMiscellaneousSchema.partial();
