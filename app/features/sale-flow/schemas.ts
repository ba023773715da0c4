import { z } from "zod";
import {
  DraftGuarantorSchema,
  DraftMiscellaneousSchema,
  DraftPaymentMethodSchema,
} from "#backend/schemas/sale-drafts";
import { BvnSchema, CreateSaleSchema } from "#backend/schemas/sale-rules";

/**
 * The new-sale screens' own forms, made of the sale rules' fields (backend/schemas/sale-rules.ts), so
 * their messages are the spec's. The modals use the drafts API's schemas as they are.
 */

/** The create-sale form: what it saves on every button (the agent, the BVN). */
export const SaleFormSchema = z
  .object({
    agentId: z.string().trim().max(64).optional(),
    bvn: BvnSchema.optional(),
  })
  .strict();

/** 'Done' in the Select Customer drawer: the customer rule of the sale itself (spec §5). */
export const SelectCustomerSchema = z
  .object({ customerId: CreateSaleSchema.innerType().shape.customerId })
  .strict();

/** The summary's submit: the payment method, when one is chosen (the sale's rules say if it is missing). */
export const SubmitSaleSchema = z
  .object({ paymentMethod: DraftPaymentMethodSchema.shape.paymentMethod.optional() })
  .strict();

/** Throwing a draft away from 'My drafts'. */
export const DeleteDraftSchema = z
  .object({ draftId: z.string({ required_error: "Draft not found" }).trim().min(1).max(64) })
  .strict();

/**
 * The guarantor modal: the drafts API's guarantor, with an identification left wholly empty read as an
 * empty one, so each of its fields says what it needs (rather than one 'Required' for the group).
 */
export const GuarantorFormSchema = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && !("identificationDetails" in value)
      ? { ...value, identificationDetails: {} }
      : value,
  DraftGuarantorSchema,
);

/** The miscellaneous costs modal: the drafts API's costs, where no row at all clears them (spec §4). */
export const CostsFormSchema = DraftMiscellaneousSchema.partial();
