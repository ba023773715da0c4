import { z } from "zod";
import {
  DraftDevicesSchema,
  DraftGuarantorSchema,
  DraftIdentificationSchema,
  DraftMiscellaneousSchema,
  DraftNextOfKinSchema,
  DraftParametersSchema,
  DraftPaymentMethodSchema,
  DraftRecipientSchema,
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

const isBlankRow = (row: unknown) =>
  row === undefined ||
  row === null ||
  (typeof row === "object" &&
    Object.values(row).every((value) => value === undefined || value === null || value === ""));

/**
 * One product's parameters, costs, recipient and devices on one page (issue 25 #8): each part is the
 * drafts API's own schema, so the messages are the same as in their separate windows. A cost row left
 * empty is no cost; no device ticked clears the devices.
 */
export const ProductDetailsFormSchema = z
  .object({
    parameters: DraftParametersSchema,
    costs: z.preprocess(
      (rows) => (Array.isArray(rows) ? rows.filter((row) => !isBlankRow(row)) : rows),
      DraftMiscellaneousSchema.shape.costs.optional(),
    ),
    recipient: DraftRecipientSchema,
    deviceIds: z.preprocess(
      (ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids]),
      DraftDevicesSchema.shape.deviceIds,
    ),
  })
  .strict();

/** The contract of an instalment sale on one page: each part is its own window's schema (issue 25 #8). */
export const ContractFormSchema = z
  .object({
    identification: DraftIdentificationSchema,
    nextOfKin: DraftNextOfKinSchema,
    guarantor: GuarantorFormSchema,
  })
  .strict();
