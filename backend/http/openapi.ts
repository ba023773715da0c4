import { z } from "zod";
import type { ZodTypeAny } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { ErrorBodySchema, MessageSchema } from "../schemas/errors";
import { AgentRecordSchema } from "../schemas/agents";
import { CustomerRecordSchema } from "../schemas/customers";
import { DeviceRecordSchema } from "../schemas/devices";
import { RoleRecordSchema } from "../schemas/roles";
import { SaleItemDetailSchema } from "../schemas/sale-items";
import { SaleRecordSchema } from "../schemas/sales";
import { UserRecordSchema } from "../schemas/users";
import { ROUTE_GROUPS } from "../routes";
import type { Operation } from "./operation";
import { ok } from "./operation";

const HealthSchema = z.object({ status: z.literal("ok") });

const components: Record<string, ZodTypeAny> = {
  UserRecord: UserRecordSchema,
  RoleRecord: RoleRecordSchema,
  CustomerRecord: CustomerRecordSchema,
  AgentRecord: AgentRecordSchema,
  DeviceRecord: DeviceRecordSchema,
  // GET /sales/{id} answers either, by what its id names.
  SaleRecord: SaleRecordSchema,
  SaleItemDetail: SaleItemDetailSchema,
  ErrorBody: ErrorBodySchema,
  Message: MessageSchema,
};

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/livez",
    tag: "Service",
    summary: "The process answers (a container's health check); touches nothing else",
    access: "public",
    success: ok("The process answers", HealthSchema),
  },
  {
    method: "get",
    path: "/readyz",
    tag: "Service",
    summary:
      "Whether this instance should get traffic (a load balancer's check): the database answers within 2 s and the instance is not stopping",
    access: "public",
    success: ok("Ready", z.object({ status: z.literal("ready") })),
    errors: { 503: "The database does not answer, or the instance is stopping" },
  },
  {
    method: "get",
    path: "/healthz",
    tag: "Service",
    summary: "Database check (the older probe; /readyz adds the stopping state)",
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
  ...ROUTE_GROUPS.flatMap((group) => group.operations),
];

// A request body may carry keys a route does not know: they are dropped, not refused (decision 004).
function jsonSchema(schema: ZodTypeAny, { request = false } = {}): object {
  const named = Object.entries(components).find(([, component]) => component === schema);
  if (named) return { $ref: `#/components/schemas/${named[0]}` };
  // One of several named answers: each under its name, rather than two anonymous copies.
  if (schema instanceof z.ZodUnion && schema.options.every((option: ZodTypeAny) => isComponent(option)))
    return { oneOf: schema.options.map((option: ZodTypeAny) => jsonSchema(option)) };
  return zodToJsonSchema(schema, {
    target: "openApi3",
    $refStrategy: "none",
    pipeStrategy: "all",
    ...(request ? { removeAdditionalStrategy: "strict" as const } : {}),
  });
}

function isComponent(schema: ZodTypeAny) {
  return Object.values(components).includes(schema);
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
});

function multipartSchema(fields: NonNullable<Operation["multipart"]>) {
  return {
    schema: {
      type: "object",
      required: Object.entries(fields)
        .filter(([, field]) => field.required)
        .map(([name]) => name),
      properties: Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [
          name,
          field.file
            ? { type: "string", format: "binary", description: field.description }
            : { type: "string", description: field.description },
        ]),
      ),
    },
  };
}

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
  if (operation.body || operation.multipart || operation.query)
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
    // An edit that may carry a new image takes either.
    ...(operation.body || operation.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              ...(operation.body
                ? { "application/json": { schema: jsonSchema(operation.body, { request: true }) } }
                : {}),
              ...(operation.multipart ? { "multipart/form-data": multipartSchema(operation.multipart) } : {}),
            },
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
        content: {
          [operation.success.contentType ?? "application/json"]: {
            schema: operation.success.contentType ? { type: "string" } : jsonSchema(operation.success.schema),
          },
        },
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
