import { z } from "zod";

/** The kind is always read from the bytes, never from the file's name or the browser's claim. */
export const FILE_KINDS = ["png", "jpeg", "svg", "csv", "xlsx", "xls"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const IMAGE_KINDS = ["png", "jpeg", "svg"] as const satisfies readonly FileKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const CONTENT_TYPES: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
};

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export const IMAGE_TYPE_MESSAGE = "Only PNG, JPEG, JPG, or SVG files are allowed.";
export const UPLOAD_TOO_LARGE_MESSAGE = "The file must be 5 MB or smaller";

export const fileHref = (fileId: string) => `/files/${fileId}`;

/** What a browser calls an image the API will take; the API still reads the bytes. */
const IMAGE_NAME = /\.(png|jpe?g|svg)$/i;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/svg+xml"]);

/** An empty file input is no file. */
export function chosenFile(value: unknown): File | undefined {
  if (typeof File === "undefined" || !(value instanceof File)) return undefined;
  return value.size === 0 && value.name === "" ? undefined : value;
}

export function imageFileField({ required }: { required?: string } = {}) {
  return z.unknown().transform((value, context): File | undefined => {
    const file = chosenFile(value);
    const fail = (message: string) => {
      context.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    if (!file) return required ? fail(required) : undefined;
    if (file.size > MAX_UPLOAD_BYTES) return fail(UPLOAD_TOO_LARGE_MESSAGE);
    if (!IMAGE_NAME.test(file.name) && !IMAGE_TYPES.has(file.type)) return fail(IMAGE_TYPE_MESSAGE);
    return file;
  });
}
