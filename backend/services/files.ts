import { eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { files } from "../db/schema";
import type { FileKind } from "../schemas/files";
import {
  IMAGE_KINDS,
  IMAGE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "../schemas/files";
import { invalidField } from "./errors";
import { sniffFileKind } from "./file-kinds";

export type Upload = { name: string; bytes: Uint8Array };

// The spec makes a data file's extension part of its type: text that parses as CSV is still not a .csv
// file. Images are judged by their bytes alone, since phones and scanners name them freely.
const DATA_FILE_EXTENSIONS: Partial<Record<FileKind, string>> = { csv: ".csv", xlsx: ".xlsx", xls: ".xls" };

function hasAllowedExtension(name: string, allowed: readonly FileKind[]) {
  const dataExtensions = allowed.flatMap((kind) => DATA_FILE_EXTENSIONS[kind] ?? []);
  if (dataExtensions.length === 0) return true;
  const lower = name.trim().toLowerCase();
  return dataExtensions.some((extension) => lower.endsWith(extension));
}

export async function checkUpload(
  field: string,
  upload: Upload,
  allowed: readonly FileKind[],
  message: string,
): Promise<FileKind> {
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw invalidField(field, UPLOAD_TOO_LARGE_MESSAGE);
  if (!hasAllowedExtension(upload.name, allowed)) throw invalidField(field, message);
  const kind = await sniffFileKind(upload.bytes);
  if (!kind || !allowed.includes(kind)) throw invalidField(field, message);
  return kind;
}

export function checkImage(field: string, upload: Upload) {
  return checkUpload(field, upload, IMAGE_KINDS, IMAGE_TYPE_MESSAGE);
}

/** Call inside the transaction that records what it belongs to. */
export async function storeFile(
  tx: AppDb,
  upload: Upload,
  kind: FileKind,
  uploadedBy: string | null,
): Promise<string> {
  const [row] = await tx
    .insert(files)
    .values({
      kind,
      name: upload.name.slice(0, 200),
      size: upload.bytes.byteLength,
      bytes: upload.bytes,
      uploadedBy,
    })
    .returning({ id: files.id });
  return row.id;
}

export async function readStoredFile(db: AppDb, id: string) {
  const [row] = await db
    .select({ kind: files.kind, bytes: files.bytes, size: files.size })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row ?? null;
}
