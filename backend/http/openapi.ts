import { z } from "zod";
import type { ZodTypeAny } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import {
  ChangePasswordSchema,
  CreatePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
} from "../schemas/auth";
import {
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerRecordSchema,
  CustomerStatsSchema,
} from "../schemas/customers";
import { ActivityListSchema, ActivityQuerySchema } from "../schemas/activity";
import { ErrorBodySchema } from "../schemas/errors";
import { OverviewSchema } from "../schemas/overview";
import { CreateRoleSchema, PermissionListSchema, RoleRecordSchema, UpdateRoleSchema } from "../schemas/roles";
import {
  AddUserSchema,
  AssignRoleSchema,
  ProfileSchema,
  UpdateUserSchema,
  UserListQuerySchema,
  UserListSchema,
  UserRecordSchema,
} from "../schemas/users";
import type { PermissionName } from "../schemas/permissions";

type Access = "public" | "signed-in" | PermissionName;

interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI style: `/api/v1/users/{id}`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: ZodTypeAny;
  query?: z.AnyZodObject;
  success: { status: number; description: string; schema: ZodTypeAny; headers?: Record<string, string> };
  /** Statuses beyond the ones access and body imply (401, 403, 400). */
  errors?: Record<number, string>;
}

const MessageSchema = z.object({ message: z.string() });
const RoleListSchema = z.array(RoleRecordSchema);
const HealthSchema = z.object({ status: z.literal("ok") });

const components: Record<string, ZodTypeAny> = {
  UserRecord: UserRecordSchema,
  RoleRecord: RoleRecordSchema,
  CustomerRecord: CustomerRecordSchema,
  ErrorBody: ErrorBodySchema,
  Message: MessageSchema,
};

const ok = (description: string, schema: ZodTypeAny, status = 200) => ({ status, description, schema });

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/healthz",
    tag: "Service",
    summary: "Liveness and database check",
    access: "public",
    success: ok("The database answers", HealthSchema),
    errors: { 503: "The database does not answer" },
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Service",
    summary: "This OpenAPI description",
    access: "public",
    success: ok("OpenAPI 3 document", z.object({ openapi: z.string() }).passthrough()),
  },
  {
    method: "post",
    path: "/api/v1/auth/login",
    tag: "Auth",
    summary: "Sign in with e-mail and password",
    access: "public",
    body: LoginSchema,
    success: {
      ...ok("The signed-in staff member with role and permissions", UserRecordSchema),
      headers: { access_token: "The bearer token for later calls" },
    },
    errors: { 401: "Invalid credentials provided", 403: "The account is blocked" },
  },
  {
    method: "post",
    path: "/api/v1/auth/logout",
    tag: "Auth",
    summary: "Revoke the token of this call",
    access: "signed-in",
    success: ok("Signed out", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/forgot-password",
    tag: "Auth",
    summary: "E-mail a password reset link (answers the same for unknown addresses)",
    access: "public",
    body: ForgotPasswordSchema,
    success: ok("Accepted", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/reset-password",
    tag: "Auth",
    summary: "Set a new password with an e-mailed reset token; signs the user out everywhere",
    access: "public",
    body: ResetPasswordSchema,
    success: ok("Password updated", MessageSchema),
    errors: { 400: "Invalid or expired token, or invalid body" },
  },
  {
    method: "post",
    path: "/api/v1/auth/create-user-password/{id}/{token}",
    tag: "Auth",
    summary: "Set the first password with the invitation token; activates the account",
    access: "public",
    body: CreatePasswordSchema,
    success: ok("Password created", MessageSchema),
    errors: { 400: "Invalid or expired token, or invalid body" },
  },
  {
    method: "post",
    path: "/api/v1/auth/change-password",
    tag: "Auth",
    summary: "Change the caller's password; other sessions are signed out",
    access: "signed-in",
    body: ChangePasswordSchema,
    success: ok("Password updated", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/add-user",
    tag: "Staff",
    summary: "Create a staff member and e-mail them an invitation",
    access: "write:Users",
    body: AddUserSchema,
    success: ok("The new, inactive staff member", UserRecordSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/users",
    tag: "Staff",
    summary: "Staff list, newest first",
    access: "read:Users",
    query: UserListQuerySchema,
    success: ok("One page of staff", UserListSchema),
  },
  {
    method: "patch",
    path: "/api/v1/users",
    tag: "Staff",
    summary: "Update the caller's own profile",
    access: "signed-in",
    body: ProfileSchema,
    success: ok("The updated record", UserRecordSchema),
  },
  {
    method: "get",
    path: "/api/v1/users/single",
    tag: "Staff",
    summary: "The caller's own record",
    access: "signed-in",
    success: ok("The caller", UserRecordSchema),
  },
  {
    method: "get",
    path: "/api/v1/users/single/{id}",
    tag: "Staff",
    summary: "One staff member",
    access: "read:Users",
    success: ok("The staff member", UserRecordSchema),
    errors: { 404: "User not found" },
  },
  {
    method: "patch",
    path: "/api/v1/users/{id}",
    tag: "Staff",
    summary: "Update a staff member's profile or block flag; blocking signs them out",
    access: "write:Users",
    body: UpdateUserSchema,
    success: ok("The updated record", UserRecordSchema),
    errors: { 404: "User not found" },
  },
  {
    method: "delete",
    path: "/api/v1/users/{id}",
    tag: "Staff",
    summary: "Remove a staff member (kept for history, hidden everywhere)",
    access: "delete:Users",
    success: ok("Deleted", MessageSchema),
    errors: { 404: "User not found" },
  },
  {
    method: "get",
    path: "/api/v1/roles",
    tag: "Roles",
    summary: "All designations with their permissions",
    access: "read:Roles",
    success: ok("Plain array of roles", RoleListSchema),
  },
  {
    method: "post",
    path: "/api/v1/roles/{userId}/assign",
    tag: "Roles",
    summary: "Change a staff member's designation",
    access: "write:Roles",
    body: AssignRoleSchema,
    success: ok("Designation updated", MessageSchema, 201),
    errors: { 404: "Role or user not found" },
  },
  {
    method: "get",
    path: "/api/v1/permissions",
    tag: "Roles",
    summary: "Every permission (action × subject) a role can be given",
    access: "read:Roles",
    success: ok("Plain array of permissions", PermissionListSchema),
  },
  {
    method: "post",
    path: "/api/v1/roles",
    tag: "Roles",
    summary: "Create a role with its permissions; the name is unique (case-insensitive)",
    access: "write:Roles",
    body: CreateRoleSchema,
    success: ok("The new role", RoleRecordSchema, 201),
  },
  {
    method: "put",
    path: "/api/v1/roles/{id}",
    tag: "Roles",
    summary:
      "Rename, (de)activate or replace the permissions of a role; applies on its staff's next request. " +
      "The admin role keeps its name, stays active and keeps manage:all",
    access: "write:Roles",
    body: UpdateRoleSchema,
    success: ok("The updated role", RoleRecordSchema),
    errors: { 404: "Role not found" },
  },
  {
    method: "delete",
    path: "/api/v1/roles/{id}",
    tag: "Roles",
    summary: "Remove a role no staff member holds (kept for history); never the admin role",
    access: "delete:Roles",
    success: ok("Deleted", MessageSchema),
    errors: { 400: "The role is still assigned, or is the admin role", 404: "Role not found" },
  },
  {
    method: "get",
    path: "/api/v1/customers",
    tag: "Customers",
    summary: "Customer list, newest first; `status` picks a tab, `isNew` the last 30 days",
    access: "read:Customers",
    query: CustomerListQuerySchema,
    success: ok("One page of customers", CustomerListSchema),
  },
  {
    method: "get",
    path: "/api/v1/customers/stats",
    tag: "Customers",
    summary: "Counts for the customer stat cards (new = created in the last 30 days)",
    access: "read:Customers",
    success: ok("The four counts", CustomerStatsSchema),
  },
  {
    method: "post",
    path: "/api/v1/customers/create",
    tag: "Customers",
    summary: "Create a customer (a lead); e-mail and phone must not belong to another customer",
    access: "write:Customers",
    body: CreateCustomerSchema,
    success: ok("The new customer", CustomerRecordSchema, 201),
  },
  {
    method: "get",
    path: "/api/v1/customers/single/{id}",
    tag: "Customers",
    summary: "One customer",
    access: "read:Customers",
    success: ok("The customer", CustomerRecordSchema),
    errors: { 404: "Customer not found" },
  },
  {
    method: "get",
    path: "/api/v1/activity",
    tag: "Activity",
    summary: "Audit trail of changes, newest first; `actorId` keeps one staff member's",
    access: "read:Users",
    query: ActivityQuerySchema,
    success: ok("One page of activity", ActivityListSchema),
  },
  {
    method: "get",
    path: "/api/v1/overview",
    tag: "Overview",
    summary: "Record counts for the areas the caller may read",
    access: "signed-in",
    success: ok("Counts by area", OverviewSchema),
  },
];

function jsonSchema(schema: ZodTypeAny) {
  const named = Object.entries(components).find(([, component]) => component === schema);
  if (named) return { $ref: `#/components/schemas/${named[0]}` };
  return zodToJsonSchema(schema, { target: "openApi3", $refStrategy: "none", pipeStrategy: "all" });
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
});

function describeOperation(operation: Operation) {
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const queryShape: z.ZodRawShape = operation.query?.shape ?? {};
  const queryParameters = Object.entries(queryShape).map(([name, schema]) => ({
    name,
    in: "query",
    required: !schema.isOptional(),
    // A parameter's optionality is `required: false`; the wrapped type is what the value must look like.
    schema: jsonSchema(schema instanceof z.ZodOptional ? schema.unwrap() : schema),
  }));

  const errors: Record<number, string> = {};
  if (operation.body || operation.query)
    errors[400] = "Invalid input: `message` lists `field: problem`, `fieldErrors` maps fields";
  if (operation.access !== "public")
    errors[401] = "Missing, unknown, expired or revoked token, or blocked account";
  if (operation.access !== "public" && operation.access !== "signed-in")
    errors[403] = `Needs ${operation.access}`;
  Object.assign(errors, operation.errors);

  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.access === "public" ? { security: [] } : {}),
    ...(operation.access !== "public" && operation.access !== "signed-in"
      ? {
          description: `Requires the permission \`${operation.access}\` (or manage on the subject, or on all).`,
        }
      : {}),
    parameters: [...pathParameters, ...queryParameters],
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(operation.body) } },
          },
        }
      : {}),
    responses: {
      [operation.success.status]: {
        description: operation.success.description,
        ...(operation.success.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(operation.success.headers).map(([name, description]) => [
                  name,
                  { description, schema: { type: "string" } },
                ]),
              ),
            }
          : {}),
        content: { "application/json": { schema: jsonSchema(operation.success.schema) } },
      },
      ...Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, errorResponse(text)])),
      500: errorResponse("Internal server error"),
    },
  };
}

let cached: object | undefined;

export function openApiDocument() {
  cached ??= {
    openapi: "3.0.3",
    info: {
      title: "Back-office API",
      version: "1.0.0",
      description:
        "Staff back-office API. Errors answer `{ statusCode, message, error }`; lists answer " +
        "`{ <items>, total, page, limit, totalPages }`. Sign in at /api/v1/auth/login and send the " +
        "`access_token` response header as `Authorization: Bearer <token>`.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: Object.fromEntries(
        Object.entries(components).map(([name, schema]) => [
          name,
          zodToJsonSchema(schema, { target: "openApi3", $refStrategy: "none", pipeStrategy: "all" }),
        ]),
      ),
    },
    paths: OPERATIONS.reduce<Record<string, Record<string, unknown>>>((paths, operation) => {
      (paths[operation.path] ??= {})[operation.method] = describeOperation(operation);
      return paths;
    }, {}),
  };
  return cached;
}
