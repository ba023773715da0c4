import { z } from "zod";
import { lagosDate } from "./dates";
import { PAYMENT_MODES } from "./products";

/**
 * The sale's form rules of spec 001 §5 with their exact messages, shared by the new-sale screens (live
 * validation and the server round trip), the draft and sale API routes, and the sales batch upload.
 * Dates are date-only (`YYYY-MM-DD`) and "today" is Lagos's calendar day.
 */

export const PAYMENT_METHODS = ["ONLINE", "CASH"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ID_TYPES = ["Nin", "Passport", "Driver_License", "Voter_ID", "Social_Security_Number"] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Trimmed text of at least `min` characters, `message` otherwise (a missing field included). */
function text(min: number, message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(min, message);
}

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === "" ? undefined : value));

/** An e-mail that may be left empty. */
const optionalEmail = (message: string) =>
  z
    .union([z.literal(""), z.string().trim().email(message)])
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string) {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Lagos's calendar day now, as `YYYY-MM-DD` (read at each check, so a long-running server moves on). */
export const lagosToday = () => lagosDate(new Date());

/** A date written `YYYY-MM-DD`; the first problem found is the only one said. */
function dateField(
  messages: { required: string; invalid: string },
  later?: (value: string) => string | null,
) {
  return z
    .string({ required_error: messages.required, invalid_type_error: messages.invalid })
    .trim()
    .superRefine((value, context) => {
      const problem =
        value === ""
          ? messages.required
          : !isCalendarDate(value)
            ? messages.invalid
            : (later?.(value) ?? null);
      if (problem) context.addIssue({ code: "custom", message: problem, fatal: true });
    });
}

/** A date of birth or an issue date: a real date, not after today. */
function pastDate(messages: { required: string; invalid: string; future: string }) {
  return dateField(messages, (value) => (value > lagosToday() ? messages.future : null));
}

export const ParametersSchema = z
  .object({
    paymentMode: z.enum(PAYMENT_MODES, {
      errorMap: () => ({ message: "Payment mode is required" }),
    }),
    installmentDuration: z.coerce
      .number({ invalid_type_error: "Installment duration must be a number of months" })
      .int("Installment duration must be a whole number of months")
      .min(0, "Installment duration must be a whole number of months")
      .max(120, "Installment duration cannot be more than 120 months")
      .default(0),
    installmentStartingPrice: z.coerce
      .number({ invalid_type_error: "Installment starting price must be a percentage" })
      .min(0, "Installment starting price must be a percentage")
      // Above 100 resets to 0 (spec §4): the rule is applied by the draft, not refused here.
      .default(0),
    discount: z.coerce
      .number({ invalid_type_error: "Discount must be a percentage" })
      .min(0, "Discount must be between 0 and 100")
      .max(100, "Discount must be between 0 and 100")
      .default(0),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.paymentMode !== "INSTALLMENT") return;
    if (!value.installmentDuration) {
      context.addIssue({
        code: "custom",
        path: ["installmentDuration"],
        message: "Installment duration is required for installment payments",
      });
    }
    if (!value.installmentStartingPrice) {
      context.addIssue({
        code: "custom",
        path: ["installmentStartingPrice"],
        message: "Installment starting price is required for installment payments",
      });
    }
  });
export type Parameters = z.output<typeof ParametersSchema>;

export const MiscellaneousCostSchema = z
  .object({
    name: text(1, "Name is required").pipe(z.string().max(60, "Name must be at most 60 characters")),
    cost: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number({
          required_error: "Cost must be a positive number",
          invalid_type_error: "Cost must be a positive number",
        })
        .finite("Cost must be a positive number")
        .min(0, "Cost must be a positive number")
        .max(1_000_000_000, "Cost is too large")
        .refine(
          (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
          "Cost must be a positive number",
        ),
    ),
  })
  .strict();
export const MiscellaneousCostsSchema = z
  .array(MiscellaneousCostSchema)
  .max(20, "At most 20 miscellaneous costs")
  .refine(
    (rows) => new Set(rows.map((row) => row.name.toLowerCase())).size === rows.length,
    "Each miscellaneous cost needs its own name",
  );

export const RecipientSchema = z
  .object({
    firstname: text(2, "Firstname is required"),
    lastname: text(2, "Lastname is required"),
    address: text(1, "Address is required"),
    phone: text(10, "Phone number is required").pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    email: z.string({ required_error: "Invalid email" }).trim().email("Invalid email"),
  })
  .strict();
export type Recipient = z.output<typeof RecipientSchema>;

const identificationShape = {
  idType: z.enum(ID_TYPES, { errorMap: () => ({ message: "ID Type is required" }) }),
  idNumber: text(5, "ID Number is required").pipe(z.string().max(40, "ID Number is too long")),
  issuingCountry: text(2, "Issuing Country is required").pipe(
    z.string().max(60, "Issuing Country is too long"),
  ),
  issueDate: pastDate({
    required: "Issue date is required",
    invalid: "Invalid issue date",
    future: "Issue date cannot be in the future",
  }),
  expirationDate: dateField({
    required: "Expiration date is required",
    invalid: "Invalid expiration date",
  }).refine((value) => value > lagosToday(), "Expiration date must be in the future"),
  fullNameAsOnID: text(3, "Full name as on ID is required").pipe(
    z.string().max(100, "Full name is too long"),
  ),
  addressAsOnID: optionalText(),
};

function expiresAfterIssue(value: { issueDate: string; expirationDate: string }, context: z.RefinementCtx) {
  if (value.expirationDate <= value.issueDate) {
    context.addIssue({
      code: "custom",
      path: ["expirationDate"],
      message: "Expiration date must be later than issue date",
    });
  }
}

export const IdentificationSchema = z.object(identificationShape).strict().superRefine(expiresAfterIssue);
export type Identification = z.output<typeof IdentificationSchema>;

const dateOfBirth = pastDate({
  required: "Date of birth is required",
  invalid: "Invalid date of birth",
  future: "Date of birth cannot be in the future",
});

/** Coordinates an address picker may add (forms); kept as given. */
const coordinate = z.coerce.number().finite().optional();

export const NextOfKinSchema = z
  .object({
    fullName: text(3, "Full name is required").pipe(z.string().max(100, "Full name is too long")),
    relationship: text(2, "Relationship is required").pipe(z.string().max(40, "Relationship is too long")),
    phoneNumber: text(10, "Phone number is required").pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    email: optionalEmail("Invalid email"),
    homeAddress: optionalText(),
    dateOfBirth,
    nationality: optionalText(60),
    longitude: coordinate,
    latitude: coordinate,
  })
  .strict();
export type NextOfKin = z.output<typeof NextOfKinSchema>;

export const GuarantorSchema = z
  .object({
    fullName: text(3, "Full name is required").pipe(z.string().max(100, "Full name is too long")),
    phoneNumber: text(10, "Phone number is required").pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    email: optionalEmail("Invalid email"),
    homeAddress: text(1, "Home address is required").pipe(z.string().max(200, "Home address is too long")),
    dateOfBirth,
    nationality: optionalText(60),
    longitude: coordinate,
    latitude: coordinate,
    identificationDetails: IdentificationSchema,
  })
  .strict();
export type Guarantor = z.output<typeof GuarantorSchema>;

export const BvnSchema = z
  .string({ invalid_type_error: "BVN must be exactly 11 digits when provided" })
  .trim()
  .regex(/^\d{11}$/, "BVN must be exactly 11 digits when provided");

export const SaleItemSchema = z
  .object({
    productId: z
      .string({ required_error: "Product is required" })
      .trim()
      .min(10, "Invalid product")
      .max(64, "Invalid product"),
    quantity: z.coerce
      .number({ invalid_type_error: "Quantity must be at least 1" })
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(10_000, "Quantity is too large"),
    paymentMode: z.enum(PAYMENT_MODES, { errorMap: () => ({ message: "Payment mode is required" }) }),
    discount: z.coerce
      .number()
      .min(0, "Discount must be between 0 and 100")
      .max(100, "Discount must be between 0 and 100")
      .default(0),
    installmentDuration: z.coerce.number().int().min(0).max(120).optional(),
    installmentStartingPrice: z.coerce
      .number()
      .min(0)
      .max(100, "Installment starting price must be at most 100")
      .optional(),
    devices: z
      .array(z.string().trim().min(1).max(64), { required_error: "At least one device is required" })
      .min(1, "At least one device is required")
      .max(10_000)
      .refine((ids) => new Set(ids).size === ids.length, "A device can be linked only once"),
    miscellaneousPrices: z
      .record(z.coerce.number().finite().min(0, "Cost must be a positive number"))
      .refine((prices) => Object.keys(prices).length <= 20, "At most 20 miscellaneous costs")
      .optional(),
    saleRecipient: RecipientSchema,
  })
  .strict()
  .superRefine((item, context) => {
    if (item.paymentMode !== "INSTALLMENT") return;
    if (!item.installmentDuration) {
      context.addIssue({
        code: "custom",
        path: ["installmentDuration"],
        message: "Installment duration is required for installment payments",
      });
    }
    if (!item.installmentStartingPrice) {
      context.addIssue({
        code: "custom",
        path: ["installmentStartingPrice"],
        message: "Installment starting price is required for installment payments",
      });
    }
  });
export type SaleItemInput = z.output<typeof SaleItemSchema>;

/** `POST /v1/sales/create` (spec §3 "Create-sale payload"), with every sale rule of §5. */
export const CreateSaleSchema = z
  .object({
    category: z.literal("PRODUCT", { errorMap: () => ({ message: "Category must be PRODUCT" }) }),
    customerId: z
      .string({ required_error: "Please select at least one customer" })
      .trim()
      .min(1, "Please select at least one customer")
      .max(64, "Please select at least one customer"),
    agentId: z.string().trim().min(1).max(64).optional(),
    saleItems: z
      .array(SaleItemSchema, { required_error: "At least one sale item is required" })
      .min(1, "At least one sale item is required")
      .max(50, "At most 50 products in one sale"),
    paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "Payment method is required" }) }),
    applyMargin: z.boolean().default(true),
    bvn: BvnSchema.optional(),
    identificationDetails: IdentificationSchema.optional(),
    nextOfKinDetails: NextOfKinSchema.optional(),
    guarantorDetails: GuarantorSchema.optional(),
  })
  .strict()
  .superRefine((sale, context) => {
    const productIds = sale.saleItems.map((item) => item.productId);
    if (new Set(productIds).size !== productIds.length) {
      context.addIssue({
        code: "custom",
        path: ["saleItems"],
        message: "Each product can be added only once",
      });
    }
    if (!sale.saleItems.some((item) => item.paymentMode === "INSTALLMENT")) return;
    const required: [keyof typeof sale, string][] = [
      ["bvn", "BVN is required for installment payments"],
      ["identificationDetails", "Identification details are required for installment payments"],
      ["nextOfKinDetails", "Next of kin details are required for installment payments"],
      ["guarantorDetails", "Guarantor details are required for installment payments"],
    ];
    for (const [field, message] of required) {
      if (sale[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
    }
  });
export type CreateSaleInput = z.output<typeof CreateSaleSchema>;
