import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody } from "../schemas/errors";
import { ServiceError } from "../services/errors";
import type { ServiceErrorKind } from "../services/errors";
import { log } from "../log";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const STATUS_OF: Record<ServiceErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  "too-many": 429,
  unavailable: 502,
};

export const UNAUTHORIZED = "Unauthorized";
export const NOT_PERMITTED = "You don't have sufficient permissions to perform the necessary action";

export function errorBody(
  statusCode: number,
  message: string | string[],
  fieldErrors?: Record<string, string[]>,
): ErrorBody {
  return {
    statusCode,
    message,
    error: STATUS_TEXT[statusCode] ?? "Error",
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

/** Validation messages read `field: message`, the way the spec's error box prints them. */
export function fieldMessages(fieldErrors: Record<string, string[]>) {
  return Object.entries(fieldErrors).flatMap(([field, messages]) =>
    messages.map((message) => `${field}: ${message}`),
  );
}

/** A failure that carries its own answer; thrown from helpers so handlers stay a straight line. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ErrorBody,
  ) {
    super(Array.isArray(body.message) ? body.message.join("; ") : body.message);
    this.name = "HttpError";
  }
}

export const httpError = (
  status: ContentfulStatusCode,
  message: string | string[],
  fieldErrors?: Record<string, string[]>,
) => new HttpError(status, errorBody(status, message, fieldErrors));

export function handleError(error: unknown, c: Context) {
  if (error instanceof HttpError) return c.json(error.body, error.status);
  if (error instanceof ServiceError) {
    const status = STATUS_OF[error.kind];
    const message = error.fieldErrors ? fieldMessages(error.fieldErrors) : error.message;
    if (error.retryAt) {
      c.header("Retry-After", String(Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000))));
    }
    return c.json(errorBody(status, message, error.fieldErrors), status);
  }
  // The stack goes to the log only; the caller learns nothing about the internals.
  log.error({ err: error }, `${c.req.method} ${new URL(c.req.url).pathname} failed`);
  return c.json(errorBody(500, "Internal server error"), 500);
}

export function handleNotFound(c: Context) {
  return c.json(errorBody(404, `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`), 404);
}
