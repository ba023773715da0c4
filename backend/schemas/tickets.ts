import { z } from "zod";
import { optionalId, requiredText } from "./fields";
import { PaginationSchema, listSchema } from "./list";
export * from "../constants/tickets";
import { TICKET_EVENT_KINDS, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from "../constants/tickets";

const oneOf = <Values extends readonly [string, ...string[]]>(
  values: Values,
  required: string,
  label: string,
) =>
  z.enum(values, {
    errorMap: (issue, context) => ({
      message:
        issue.code === "invalid_type" || context.data === ""
          ? required
          : `${label} must be ${values.join(", ")}`,
    }),
  });

export const TicketTypeSchema = oneOf(TICKET_TYPES, "Type is required", "Type");
export const TicketPrioritySchema = oneOf(TICKET_PRIORITIES, "Priority is required", "Priority");
export const TicketStatusSchema = oneOf(TICKET_STATUSES, "Status is required", "Status");

export const CreateTicketSchema = z
  .object({
    type: TicketTypeSchema,
    priority: TicketPrioritySchema,
    subject: requiredText("Subject is required").pipe(
      z.string().max(200, "Subject must be at most 200 characters"),
    ),
    description: requiredText("Description is required").pipe(
      z.string().max(5_000, "Description must be at most 5000 characters"),
    ),
    customerId: optionalId("Customer is required"),
  })
  .strip();
export type CreateTicketInput = z.infer<typeof CreateTicketSchema>;

/** A null (or "") assignee takes the ticket off whoever had it; assigning makes an open ticket active. */
export const UpdateTicketSchema = z
  .object({
    status: TicketStatusSchema.optional(),
    assigneeId: z
      .preprocess(
        (value) => (value === "" ? null : value),
        z
          .string({ invalid_type_error: "Assignee must be a staff member's id" })
          .trim()
          .min(1)
          .max(64)
          .nullable(),
      )
      .optional(),
  })
  .strip();
export type UpdateTicketInput = z.infer<typeof UpdateTicketSchema>;

export const TicketStatusFormSchema = z.object({ status: TicketStatusSchema }).strip();
export type TicketStatusFormInput = z.infer<typeof TicketStatusFormSchema>;

export const TicketAssigneeFormSchema = z
  .object({
    assigneeId: z
      .string({ invalid_type_error: "Assignee must be a staff member's id" })
      .trim()
      .max(64, "Assignee must be a staff member's id")
      .optional(),
  })
  .strip();
export type TicketAssigneeFormInput = z.infer<typeof TicketAssigneeFormSchema>;

export const TicketCommentSchema = z
  .object({
    body: requiredText("Comment is required").pipe(
      z.string().max(5_000, "Comment must be at most 5000 characters"),
    ),
  })
  .strip();
export type TicketCommentInput = z.infer<typeof TicketCommentSchema>;

export const TicketListQuerySchema = PaginationSchema.extend({
  customerId: z.string().trim().max(64, "customerId is too long").optional(),
  status: TicketStatusSchema.optional(),
  type: TicketTypeSchema.optional(),
  priority: TicketPrioritySchema.optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

export const TicketExportQuerySchema = TicketListQuerySchema.omit({ page: true, limit: true });
export type TicketExportQuery = z.infer<typeof TicketExportQuerySchema>;

export const TicketRecordSchema = z.object({
  id: z.string(),
  type: z.enum(TICKET_TYPES),
  priority: z.enum(TICKET_PRIORITIES),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketRecord = z.infer<typeof TicketRecordSchema>;

export const TicketEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_EVENT_KINDS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  fromStatus: z.enum(TICKET_STATUSES).nullable(),
  toStatus: z.enum(TICKET_STATUSES).nullable(),
  fromAssigneeId: z.string().nullable(),
  fromAssigneeName: z.string().nullable(),
  toAssigneeId: z.string().nullable(),
  toAssigneeName: z.string().nullable(),
  body: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketEvent = z.infer<typeof TicketEventSchema>;

export const TicketDetailSchema = TicketRecordSchema.extend({ history: z.array(TicketEventSchema) });
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

export const TicketListSchema = listSchema("tickets", TicketRecordSchema);
export type TicketList = z.infer<typeof TicketListSchema>;

export const TicketStatsSchema = z.object({
  totalTicketCount: z.number(),
  activeTicketCount: z.number(),
  openTicketCount: z.number(),
});
export type TicketStats = z.infer<typeof TicketStatsSchema>;

/** For the assignee form: roles that work tickets may not read staff lists. */
export const TicketAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type TicketAssignee = z.infer<typeof TicketAssigneeSchema>;
export const TicketAssigneeListSchema = z.object({ assignees: z.array(TicketAssigneeSchema) });
export type TicketAssigneeList = z.infer<typeof TicketAssigneeListSchema>;
