import type { ZodTypeAny, z } from "zod";
import type { PermissionName } from "../schemas/permissions";

export type Access = "public" | "signed-in" | PermissionName;

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: ZodTypeAny;
  multipart?: Record<string, { description: string; file?: boolean; required?: boolean }>;
  query?: z.AnyZodObject;
  success: {
    status: number;
    description: string;
    schema: ZodTypeAny;
    headers?: Record<string, string>;
    contentType?: string;
  };
  errors?: Record<number, string>;
}

export const ok = (description: string, schema: ZodTypeAny, status = 200) => ({
  status,
  description,
  schema,
});
