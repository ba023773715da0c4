/** Services throw these without knowing about HTTP; the HTTP layer maps each kind to its status. */
export type ServiceErrorKind =
  "invalid" | "unauthorized" | "forbidden" | "not-found" | "too-many" | "unavailable";

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** For "too-many": the Retry-After header. */
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string[]>) =>
  new ServiceError("invalid", message, fieldErrors);

/** A rule failure tied to one form field, so the web app can show it under that field. */
export const invalidField = (field: string, message: string) => invalid(message, { [field]: [message] });

export const unauthorized = (message: string) => new ServiceError("unauthorized", message);
export const forbidden = (message: string) => new ServiceError("forbidden", message);
export const notFound = (message: string) => new ServiceError("not-found", message);
export const unavailable = (message: string) => new ServiceError("unavailable", message);
export const tooMany = (message: string, retryAt: Date) =>
  new ServiceError("too-many", message, undefined, retryAt);

/** A unique index refused a row: the last word when two requests race for the same e-mail or phone. */
export function isUniqueViolation(error: unknown) {
  const cause = error instanceof Error && "cause" in error ? error.cause : undefined;
  return [error, cause].some(
    (candidate) =>
      typeof candidate === "object" &&
      candidate !== null &&
      "code" in candidate &&
      candidate.code === "23505",
  );
}
