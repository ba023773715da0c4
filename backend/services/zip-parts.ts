import { crc32, inflateRawSync } from "node:zlib";

// A zip's directory states each part's size, but nothing makes it true: a file can declare a few kilobytes
// and inflate to gigabytes, so only the bytes inflating really produces are counted against a budget.

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  localHeaderAt: number;
}

export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  // The end-of-central-directory record is in the last 22 + 65,535 bytes (its comment may be that long).
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65_535); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const count = view.getUint16(at + 10, true);
    let entry = view.getUint32(at + 16, true);
    const entries: ZipEntry[] = [];
    for (let index = 0; index < count; index += 1) {
      if (entry + 46 > bytes.byteLength || view.getUint32(entry, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(entry + 28, true);
      if (entry + 46 + nameLength > bytes.byteLength) return null;
      entries.push({
        name: decoder.decode(bytes.subarray(entry + 46, entry + 46 + nameLength)),
        method: view.getUint16(entry + 10, true),
        encrypted: (view.getUint16(entry + 8, true) & 1) === 1,
        compressedSize: view.getUint32(entry + 20, true),
        localHeaderAt: view.getUint32(entry + 42, true),
      });
      entry += 46 + nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    }
    return entries;
  }
  return null;
}

export type UnpackResult =
  { ok: true; parts: Map<string, Buffer> } | { ok: false; reason: "unreadable" | "too-large" };

/** Stops once the parts pass `maxBytes` (zlib's `maxOutputLength`); entries not asked for stay packed. */
export function unpackEntries(bytes: Uint8Array, entries: ZipEntry[], maxBytes: number): UnpackResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = new Map<string, Buffer>();
  let left = maxBytes;
  for (const entry of entries) {
    const at = entry.localHeaderAt;
    if (entry.encrypted || at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) {
      return { ok: false, reason: "unreadable" };
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    // 0xFFFFFFFF means a ZIP64 size: far beyond any upload allowed.
    const end = start + entry.compressedSize;
    if (entry.compressedSize === 0xffffffff || end > bytes.byteLength)
      return { ok: false, reason: "unreadable" };
    const packed = bytes.subarray(start, end);
    let content: Buffer;
    if (entry.method === 0) {
      if (packed.byteLength > left) return { ok: false, reason: "too-large" };
      content = Buffer.from(packed);
    } else if (entry.method === 8) {
      if (left < 1) return { ok: false, reason: "too-large" };
      try {
        content = inflateRawSync(packed, { maxOutputLength: left });
      } catch (error) {
        const tooLarge =
          error instanceof RangeError || (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE";
        return { ok: false, reason: tooLarge ? "too-large" : "unreadable" };
      }
    } else {
      return { ok: false, reason: "unreadable" };
    }
    left -= content.byteLength;
    parts.set(entry.name, content);
  }
  return { ok: true, parts };
}

export interface PackedPart {
  name: string;
  /** 0: stored as is; 8: deflated. */
  method: 0 | 8;
  packed: Buffer;
  checksum: number;
  size: number;
}

/** As chunks, to avoid one more copy. */
export function writeZip(parts: PackedPart[]): Buffer[] {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const nameBytes = Buffer.from(part.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    // Bit 11: the name is UTF-8.
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.checksum, 14);
    local.writeUInt32LE(part.packed.byteLength, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    chunks.push(local, nameBytes, part.packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.checksum, 16);
    central.writeUInt32LE(part.packed.byteLength, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(nameBytes.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.byteLength + part.packed.byteLength;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return [...chunks, ...directory, end];
}

export function storedZip(parts: [name: string, content: Buffer][]): Buffer[] {
  return writeZip(
    parts.map(([name, content]) => ({
      name,
      method: 0,
      packed: content,
      checksum: crc32(content),
      size: content.byteLength,
    })),
  );
}
