import { fileTypeFromBuffer } from "file-type";
import type { FileKind } from "../schemas/files";

const BINARY_KINDS: Record<string, FileKind> = {
  png: "png",
  jpg: "jpeg",
  xlsx: "xlsx",
  // Old Excel files are OLE compound documents; file-type names the container.
  cfb: "xls",
  xls: "xls",
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

// SVG and CSV have no magic bytes: SVG is XML text with an <svg> root, CSV is text.
export async function sniffFileKind(bytes: Uint8Array): Promise<FileKind | null> {
  const binary = await fileTypeFromBuffer(bytes);
  // XML is text: whether it is an SVG is decided below, like any other text.
  if (binary && binary.ext !== "xml") return BINARY_KINDS[binary.ext] ?? null;
  const text = asText(bytes);
  if (text === null) return null;
  const start = text
    .trimStart()
    .replace(/^<\?xml[^>]*\?>\s*/i, "")
    .replace(/^(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, "");
  if (/^<svg[\s>]/i.test(start)) return "svg";
  return text.trim() === "" ? null : "csv";
}
