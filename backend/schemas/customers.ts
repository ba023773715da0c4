import { z } from "zod";
import { coordinate, emailOrNone, optionalId, phoneSchema, requiredText } from "./fields";
import { PaginationSchema, booleanFilter, listSchema } from "./list";

export const CUSTOMER_STATUSES = ["active", "inactive", "barred"] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_TYPES = ["lead", "purchase"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const ADDRESS_TYPES = ["HOME", "WORK"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const CustomerStatusSchema = z.enum(CUSTOMER_STATUSES);
export const AddressTypeSchema = z.enum(ADDRESS_TYPES, {
  errorMap: () => ({ message: "Please select an address type" }),
});

/** Stored in one form, so the same number typed two ways is one customer (phone.ts). */
export const CustomerPhoneSchema = phoneSchema({ maxMessage: "Phone number cannot be more than 20 digits" });

/** Optional: "" when the customer has none (tokens and receipts are then given by hand, or by SMS). */
export const CustomerEmailSchema = emailOrNone("Invalid email address");

export const CreateCustomerSchema = z
  .object({
    firstname: requiredText("First name is required").pipe(z.string().max(50, "First name is too long")),
    lastname: requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long")),
    email: CustomerEmailSchema,
    phone: CustomerPhoneSchema,
    location: requiredText("Address is required").pipe(z.string().max(200, "Address is too long")),
    addressType: AddressTypeSchema.default("HOME"),
    longitude: coordinate("Longitude", 180),
    latitude: coordinate("Latitude", 90),
    agentId: optionalId("Agent is required"),
  })
  .strip();
export type CreateCustomerInput = z.infer<typeof CreateCustomerSchema>;

/** The customer page's edit form: the same rules as creating one; who registered them stays. */
export const CustomerFormSchema = CreateCustomerSchema.omit({ agentId: true });

export const CUSTOMER_BAR_REASON_REQUIRED = "A reason is required to bar a customer";
const barReason = requiredText(CUSTOMER_BAR_REASON_REQUIRED).pipe(
  z.string().max(300, "Reason cannot be more than 300 characters"),
);

/** The customer page's Bar form. */
export const BarCustomerSchema = z.object({ reason: barReason }).strip();

/** PUT /customers/:id: any of the form's fields, or a status; barring needs its reason (kept in the audit). */
export const UpdateCustomerSchema = z
  .object({
    firstname: CreateCustomerSchema.shape.firstname.optional(),
    lastname: CreateCustomerSchema.shape.lastname.optional(),
    email: CustomerEmailSchema.optional(),
    phone: CustomerPhoneSchema.optional(),
    location: CreateCustomerSchema.shape.location.optional(),
    addressType: AddressTypeSchema.optional(),
    longitude: coordinate("Longitude", 180),
    latitude: coordinate("Latitude", 90),
    status: CustomerStatusSchema.optional(),
    reason: barReason.optional(),
  })
  .strip()
  .superRefine((input, context) => {
    if (input.status === "barred" && !input.reason)
      context.addIssue({ code: "custom", path: ["reason"], message: CUSTOMER_BAR_REASON_REQUIRED });
  });
export type UpdateCustomerInput = z.infer<typeof UpdateCustomerSchema>;

/** "New" customers (the New Leads card and the New tab) joined within this many days. */
export const NEW_CUSTOMER_DAYS = 30;

export const CustomerListQuerySchema = PaginationSchema.extend({
  status: CustomerStatusSchema.optional(),
  isNew: booleanFilter("isNew").optional(),
  defaulting: booleanFilter("defaulting").optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerRecordSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  location: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  type: z.enum(CUSTOMER_TYPES),
  creatorId: z.string().nullable(),
  agentId: z.string().nullable(),
  /** No reminders or list messages (tokens and receipts still go). */
  messagesOptOut: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;

export const CustomerListSchema = listSchema("customers", CustomerRecordSchema);
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerStatsSchema = z.object({
  totalCustomerCount: z.number(),
  newCustomerCount: z.number(),
  activeCustomerCount: z.number(),
  barredCustomerCount: z.number(),
});
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

/** A customer's page: what they owe and have, counted over all their sales, devices and tickets. */
export const CustomerTabsSchema = z.object({
  /** Sales not cancelled. */
  sales: z.number(),
  totalPrice: z.number(),
  totalPaid: z.number(),
  /** What the customer still owes over those sales, in naira. */
  balance: z.number(),
  devices: z.number(),
  tickets: z.number(),
  /** Open or being worked on. */
  openTickets: z.number(),
});
export type CustomerTabs = z.infer<typeof CustomerTabsSchema>;
