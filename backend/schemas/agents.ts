import { z } from "zod";
import { ADDRESS_TYPES, AddressTypeSchema, CustomerPhoneSchema } from "./customers";
import { EmailSchema, coordinate, requiredText } from "./fields";
import { PaginationSchema, listSchema } from "./list";

/** An agent works (active) or is barred from selling and registering customers. */
export const AGENT_STATUSES = ["active", "barred"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AgentStatusSchema = z.enum(AGENT_STATUSES, {
  errorMap: () => ({ message: "Status must be active or barred" }),
});

/** Stored in the one form customers' numbers are (phone.ts); an empty field means no phone. */
export const AgentPhoneSchema = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  CustomerPhoneSchema.optional(),
);

const ClearablePhoneSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  CustomerPhoneSchema.nullable().optional(),
);

const firstname = requiredText("First name is required").pipe(z.string().max(50, "First name is too long"));
const lastname = requiredText("Last name is required").pipe(z.string().max(50, "Last name is too long"));
const location = requiredText("Location is required").pipe(z.string().max(200, "Location is too long"));

/** JSON clients send booleans; a form's select or hidden input sends "true" / "false". */
const flag = (message: string) =>
  z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ invalid_type_error: message }),
  );

export const CreateAgentSchema = z
  .object({
    firstname,
    lastname,
    email: EmailSchema,
    phoneNumber: AgentPhoneSchema,
    addressType: AddressTypeSchema.default("HOME"),
    location,
    longitude: coordinate("Longitude", 180),
    latitude: coordinate("Latitude", 90),
    emailVerified: flag("Email verified must be true or false").default(true),
  })
  .strip();
export type CreateAgentInput = z.infer<typeof CreateAgentSchema>;

/** The required fields stay required: a PATCH would leave an emptied field as it was. */
export const AgentFormSchema = CreateAgentSchema.omit({ emailVerified: true });
export type AgentFormInput = z.infer<typeof AgentFormSchema>;

/** `phoneNumber: ""` or null clears the phone; absent fields stay as they are. */
export const UpdateAgentSchema = z
  .object({
    firstname: firstname.optional(),
    lastname: lastname.optional(),
    email: EmailSchema.optional(),
    phoneNumber: ClearablePhoneSchema,
    addressType: AddressTypeSchema.optional(),
    location: location.optional(),
    longitude: coordinate("Longitude", 180),
    latitude: coordinate("Latitude", 90),
    emailVerified: flag("Email verified must be true or false").optional(),
    status: AgentStatusSchema.optional(),
  })
  .strip();
export type UpdateAgentInput = z.infer<typeof UpdateAgentSchema>;

export const AgentListQuerySchema = PaginationSchema.extend({ status: AgentStatusSchema.optional() });
export type AgentListQuery = z.infer<typeof AgentListQuerySchema>;

/**
 * The person behind an agent, nested as the reference contract's `agent.user`. Agents do not sign in, so
 * the person is kept on the agent's own record: `user.id` (and the agent's `userId`) is the agent's id.
 * Coordinates are text, as the contract's user record has them.
 */
export const AgentPersonSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  longitude: z.string().nullable(),
  latitude: z.string().nullable(),
  emailVerified: z.boolean(),
  status: z.enum(AGENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentPerson = z.infer<typeof AgentPersonSchema>;

/** `agentId` is the 8-digit agent number; the card figures are counted, never sampled. */
export const AgentRecordSchema = z.object({
  id: z.string(),
  agentId: z.number(),
  userId: z.string(),
  user: AgentPersonSchema,
  creatorId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  registeredCustomers: z.number(),
  sales: z.number(),
  onGoingSales: z.number(),
  inventoryInPossession: z.number(),
});
export type AgentRecord = z.infer<typeof AgentRecordSchema>;

export const AgentListSchema = listSchema("agents", AgentRecordSchema);
export type AgentList = z.infer<typeof AgentListSchema>;

export const AgentStatsSchema = z.object({ total: z.number(), active: z.number(), barred: z.number() });
export type AgentStats = z.infer<typeof AgentStatsSchema>;
