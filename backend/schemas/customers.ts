import { z } from "zod";
import { EmailSchema, requiredText } from "./fields";
import { PaginationSchema } from "./list";

export const CustomerStatusSchema = z.enum(["active", "inactive", "barred"]);
export const AddressTypeSchema = z.enum(["HOME", "WORK"], {
  errorMap: () => ({ message: "Please select an address type" }),
});

/** Spec 001 §Customer: whitespace removed, then at most 20 characters. */
export const CustomerPhoneSchema = z
  .string({ required_error: "Phone number is required", invalid_type_error: "Phone number is required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, "Phone number is required").max(20, "Phone number cannot be more than 20 digits"));

/**
 * An optional coordinate. Forms send text ("6.45"), JSON clients numbers; an empty field or null means
 * "not given" rather than 0, which is a real place in the Gulf of Guinea.
 */
function coordinate(label: string, limit: number) {
  const message = `${label} must be a number between -${limit} and ${limit}`;
  return z.preprocess(
    (value) => {
      if (typeof value === "string") return value.trim() === "" ? undefined : Number(value.trim());
      return value ?? undefined;
    },
    z.number({ invalid_type_error: message }).min(-limit, message).max(limit, message).optional(),
  );
}

export const CreateCustomerSchema = z
  .object({
    firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
    lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
    email: EmailSchema,
    phone: CustomerPhoneSchema,
    location: requiredText("Address is required").pipe(z.string().max(200, "Address is too long")),
    addressType: AddressTypeSchema.default("HOME"),
    longitude: coordinate("Longitude", 180),
    latitude: coordinate("Latitude", 90),
  })
  .strict();
export type CreateCustomerInput = z.infer<typeof CreateCustomerSchema>;

/** "New" customers (the New Leads card and the New tab) joined within this many days. */
export const NEW_CUSTOMER_DAYS = 30;

/** The customer list's URL parameters: page, size and search, plus the status tab and the "new" filter. */
export const CustomerListQuerySchema = PaginationSchema.extend({
  status: CustomerStatusSchema.optional(),
  isNew: z
    .enum(["true", "1", "false", "0"], { errorMap: () => ({ message: "isNew must be true or false" }) })
    .transform((value) => value === "true" || value === "1")
    .optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;
