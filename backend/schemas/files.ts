/**
 * Uploaded files: what kinds exist and the limits every upload shares (spec 001 §5, issue texts). The
 * kind is always read from the bytes, never from the file's name or the browser's claim.
 */
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

export const IMAGE_TYPE_MESSAGE = "Only PNG, JPEG, JPG, or SVG files are allowed.";
export const UPLOAD_TOO_LARGE_MESSAGE = "The file must be 5 MB or smaller";

/** Where the web app shows a stored file (its own route, which reads it with the session's token). */
export const fileHref = (fileId: string) => `/files/${fileId}`;
