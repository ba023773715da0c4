import type { ZodTypeAny, z } from "zod";
import type { PermissionName } from "../schemas/permissions";

export type Access = "public" | "signed-in" | PermissionName;

/** One documented route; each area declares its own beside its routes (routes/<area>.ts). */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI style: `/api/v1/users/{id}`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: ZodTypeAny;
  /** A multipart body: field names and what each holds (with `body` too: either is accepted). */
  multipart?: Record<string, { description: string; file?: boolean; required?: boolean }>;
  query?: z.AnyZodObject;
  success: {
    status: number;
    description: string;
    schema: ZodTypeAny;
    headers?: Record<string, string>;
    /** The answer's media type when it is not JSON (a CSV export, a checkout page). */
    contentType?: string;
  };
  /** Statuses beyond the ones access and body imply (401, 403, 400). */
  errors?: Record<number, string>;
}

export const ok = (description: string, schema: ZodTypeAny, status = 200) => ({
  status,
  description,
  schema,
});
