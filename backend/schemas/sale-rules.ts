import { z } from "zod";
import { lagosToday } from "./dates";
import { coordinate, emailOrNone } from "./fields";
import { blankAs, decimalField, optionalField, wholeNumberField } from "./form-values";
import { PAYMENT_MODES } from "./products";
export * from "../constants/sale-rules";
import {
  ID_TYPES,
  MAX_COST_NAIRA,
  MAX_COSTS_PER_ITEM,
  MAX_INSTALLMENT_MONTHS,
  MAX_QUANTITY,
  MAX_SALE_ITEMS,
  PAYMENT_METHODS,
} from "../constants/sale-rules";

// Spec 001 §5's rules with their exact messages. Dates are `YYYY-MM-DD`; "today" is Lagos's calendar day.

/**
 * Spec §5's message when the field is empty; too short a value is told what it lacks (`tooShort`), rather
 * than that it is missing.
 */
function text(min: number, message: string, tooShort = message) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .superRefine((value, context) => {
      if (value.length === 0) context.addIssue({ code: "custom", message });
      else if (value.length < min) context.addIssue({ code: "custom", message: tooShort });
    });
}

const atLeast = (label: string, min: number) => `${label} must be at least ${min} characters`;
const PHONE_TOO_SHORT = "Phone number must be at least 10 digits";

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const optionalEmail = (message: string) =>
  z
    .union([z.literal(""), z.string().trim().email(message)])
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string) {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Read at each check, so a long-running server moves on to the next day. */

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

function pastDate(messages: { required: string; invalid: string; future: string }) {
  return dateField(messages, (value) => (value > lagosToday() ? messages.future : null));
}

// Each number has one schema, shared by the draft, the create route, the batch upload and the screens:
// a JSON number or its text, never a boolean, a list or "Infinity".

export const QuantitySchema = wholeNumberField({
  required: "Quantity must be at least 1",
  notWhole: "Quantity must be a whole number",
  tooSmall: "Quantity must be at least 1",
  tooLarge: `Quantity cannot be more than ${MAX_QUANTITY.toLocaleString("en-US")}`,
  max: MAX_QUANTITY,
});

const DURATION_MESSAGE = "Installment duration must be a whole number of months";
export const InstallmentDurationSchema = wholeNumberField({
  required: DURATION_MESSAGE,
  notWhole: DURATION_MESSAGE,
  tooSmall: DURATION_MESSAGE,
  tooLarge: `Installment duration cannot be more than ${MAX_INSTALLMENT_MONTHS} months`,
  min: 0,
  max: MAX_INSTALLMENT_MONTHS,
});

export const InstallmentStartingPriceSchema = decimalField({
  min: 0,
  max: 100,
  messages: {
    invalid: "Installment starting price must be a percentage",
    tooLarge: "Installment starting price must be at most 100",
  },
});

export const DiscountSchema = decimalField({
  min: 0,
  max: 100,
  messages: { invalid: "Discount must be between 0 and 100" },
});

/** In naira (kobo only in pricing). */
export const CostSchema = decimalField({
  min: 0,
  max: MAX_COST_NAIRA,
  places: 2,
  messages: {
    invalid: "Cost must be a positive number",
    tooLarge: `Cost must be at most ₦${MAX_COST_NAIRA.toLocaleString("en-US")}`,
    places: "Cost can have at most 2 decimals",
  },
});

const COST_NAME_MAX = 60;
const costName = (value: string) => value.trim().length > 0;

/** Spec §5's "required" when a term is missing; a 0 typed says what is wrong with it instead. */
function instalmentTermsIssues(
  item: { paymentMode: string; installmentDuration?: number; installmentStartingPrice?: number },
  context: z.RefinementCtx,
) {
  if (item.paymentMode !== "INSTALLMENT") return;
  const issue = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (item.installmentDuration === undefined) {
    issue("installmentDuration", "Installment duration is required for installment payments");
  } else if (item.installmentDuration === 0) {
    issue("installmentDuration", "Installment duration must be at least 1 month");
  }
  if (item.installmentStartingPrice === undefined) {
    issue("installmentStartingPrice", "Installment starting price is required for installment payments");
  } else if (item.installmentStartingPrice === 0) {
    issue("installmentStartingPrice", "Installment starting price must be more than 0");
  }
}

export const ParametersSchema = z
  .object({
    paymentMode: z.enum(PAYMENT_MODES, {
      errorMap: () => ({ message: "Payment mode is required" }),
    }),
    installmentDuration: optionalField(InstallmentDurationSchema),
    // Above 100 % is refused with its reason (spec §4 reset it to 0 silently: decision 017).
    installmentStartingPrice: optionalField(InstallmentStartingPriceSchema),
    discount: blankAs(0, DiscountSchema),
  })
  .strip()
  .superRefine(instalmentTermsIssues)
  .transform((value) => ({
    ...value,
    installmentDuration: value.installmentDuration ?? 0,
    installmentStartingPrice: value.installmentStartingPrice ?? 0,
  }));
export type Parameters = z.output<typeof ParametersSchema>;

export const MiscellaneousCostSchema = z
  .object({
    name: text(1, "Name is required").pipe(
      z.string().max(COST_NAME_MAX, `Name must be at most ${COST_NAME_MAX} characters`),
    ),
    cost: CostSchema,
  })
  .strip();
export const MiscellaneousCostsSchema = z
  .array(MiscellaneousCostSchema)
  .max(MAX_COSTS_PER_ITEM, `At most ${MAX_COSTS_PER_ITEM} miscellaneous costs`)
  .refine(
    (rows) => new Set(rows.map((row) => row.name.toLowerCase())).size === rows.length,
    "Each miscellaneous cost needs its own name",
  );

/** The same lengths as a customer's (customers.ts): the upload makes the customer the recipient. */
export const RecipientSchema = z
  .object({
    firstname: text(2, "Firstname is required", atLeast("Firstname", 2)).pipe(
      z.string().max(50, "Firstname must be at most 50 characters"),
    ),
    lastname: text(2, "Lastname is required", atLeast("Lastname", 2)).pipe(
      z.string().max(50, "Lastname must be at most 50 characters"),
    ),
    address: text(1, "Address is required").pipe(
      z.string().max(200, "Address must be at most 200 characters"),
    ),
    phone: text(10, "Phone number is required", PHONE_TOO_SHORT).pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    // Empty when the recipient has none, as a customer may have none.
    email: emailOrNone("Invalid email"),
  })
  .strip();
export type Recipient = z.output<typeof RecipientSchema>;

const identificationShape = {
  idType: z.enum(ID_TYPES, { errorMap: () => ({ message: "ID Type is required" }) }),
  idNumber: text(5, "ID Number is required", atLeast("ID Number", 5)).pipe(
    z.string().max(40, "ID Number is too long"),
  ),
  issuingCountry: text(2, "Issuing Country is required", atLeast("Issuing Country", 2)).pipe(
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
  fullNameAsOnID: text(3, "Full name as on ID is required", atLeast("Full name as on ID", 3)).pipe(
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

export const IdentificationSchema = z.object(identificationShape).strip().superRefine(expiresAfterIssue);
export type Identification = z.output<typeof IdentificationSchema>;

/** The youngest a next of kin or guarantor may be: they answer for a loan. */
export const MIN_ADULT_AGE = 18;

export function bornBy(years: number, today = lagosToday()): string {
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, "0")}${today.slice(4)}`;
}

function adultDateOfBirth(who: string) {
  const messages = {
    required: "Date of birth is required",
    invalid: "Invalid date of birth",
    future: "Date of birth cannot be in the future",
  };
  return dateField(messages, (value) =>
    value > lagosToday()
      ? messages.future
      : value > bornBy(MIN_ADULT_AGE)
        ? `${who} must be at least ${MIN_ADULT_AGE} years old`
        : null,
  );
}

const longitude = coordinate("Longitude", 180);
const latitude = coordinate("Latitude", 90);

export const NextOfKinSchema = z
  .object({
    fullName: text(3, "Full name is required", atLeast("Full name", 3)).pipe(
      z.string().max(100, "Full name is too long"),
    ),
    relationship: text(2, "Relationship is required", atLeast("Relationship", 2)).pipe(
      z.string().max(40, "Relationship is too long"),
    ),
    phoneNumber: text(10, "Phone number is required", PHONE_TOO_SHORT).pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    email: optionalEmail("Invalid email"),
    homeAddress: optionalText(),
    dateOfBirth: adultDateOfBirth("A next of kin"),
    nationality: optionalText(60),
    longitude,
    latitude,
  })
  .strip();
export type NextOfKin = z.output<typeof NextOfKinSchema>;

export const GuarantorSchema = z
  .object({
    fullName: text(3, "Full name is required", atLeast("Full name", 3)).pipe(
      z.string().max(100, "Full name is too long"),
    ),
    phoneNumber: text(10, "Phone number is required", PHONE_TOO_SHORT).pipe(
      z.string().max(20, "Phone number cannot be more than 20 digits"),
    ),
    email: optionalEmail("Invalid email"),
    homeAddress: text(1, "Home address is required").pipe(z.string().max(200, "Home address is too long")),
    dateOfBirth: adultDateOfBirth("A guarantor"),
    nationality: optionalText(60),
    longitude,
    latitude,
    identificationDetails: IdentificationSchema,
  })
  .strip();
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
    quantity: QuantitySchema,
    paymentMode: z.enum(PAYMENT_MODES, { errorMap: () => ({ message: "Payment mode is required" }) }),
    discount: blankAs(0, DiscountSchema),
    installmentDuration: optionalField(InstallmentDurationSchema),
    installmentStartingPrice: optionalField(InstallmentStartingPriceSchema),
    devices: z
      .array(z.string().trim().min(1).max(64), { required_error: "At least one device is required" })
      .min(1, "At least one device is required")
      .max(10_000)
      .refine((ids) => new Set(ids).size === ids.length, "A device can be linked only once"),
    miscellaneousPrices: z
      .record(
        z
          .string()
          .max(COST_NAME_MAX, `Name must be at most ${COST_NAME_MAX} characters`)
          .refine(costName, "Name is required"),
        CostSchema,
      )
      .refine(
        (prices) => Object.keys(prices).length <= MAX_COSTS_PER_ITEM,
        `At most ${MAX_COSTS_PER_ITEM} miscellaneous costs`,
      )
      .optional(),
    saleRecipient: RecipientSchema,
  })
  .strip()
  .superRefine(instalmentTermsIssues);
export type SaleItemInput = z.output<typeof SaleItemSchema>;

const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  errorMap: () => ({ message: "Payment method is required" }),
});

function saleSchema<Method extends z.ZodTypeAny>(paymentMethod: Method) {
  return z
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
        .max(MAX_SALE_ITEMS, `At most ${MAX_SALE_ITEMS} products in one sale`),
      paymentMethod,
      // The business's pricing rule decides (decision 017); a client may still send the reference's flag.
      applyMargin: z.boolean({ invalid_type_error: "Apply margin must be true or false" }).optional(),
      bvn: BvnSchema.optional(),
      identificationDetails: IdentificationSchema.optional(),
      nextOfKinDetails: NextOfKinSchema.optional(),
      guarantorDetails: GuarantorSchema.optional(),
    })
    .strip()
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
}

/** The reference's payload has no payment method: such a sale is paid online (issue 30 #3). */
export const CreateSaleSchema = saleSchema(PaymentMethodSchema.default("ONLINE"));
/** A draft becomes a sale only once its payment method was chosen on the summary (spec 001 §4). */
export const DraftSaleSchema = saleSchema(PaymentMethodSchema);
export type CreateSaleInput = z.output<typeof CreateSaleSchema>;
