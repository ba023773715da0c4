import { zipOf } from "../test/spreadsheet-files";
import { storedZip, unpackEntries, zipEntries } from "./zip-parts";

const part = (name: string, content: string, declaredSize?: number) => ({
  name,
  content: Buffer.from(content),
  declaredSize,
});

describe("zipEntries and unpackEntries", () => {
  it("lists a zip's parts and unpacks the ones asked for", () => {
    const zip = zipOf([part("a.xml", "<a/>"), part("b.xml", "b".repeat(1000))]);
    const entries = zipEntries(zip);
    expect(entries?.map((entry) => entry.name)).toEqual(["a.xml", "b.xml"]);
    const unpacked = unpackEntries(zip, entries!.slice(1), 10_000);
    expect(unpacked).toEqual({ ok: true, parts: new Map([["b.xml", Buffer.from("b".repeat(1000))]]) });
  });

  it("counts the bytes inflated, not the sizes the zip declares", () => {
    const zip = zipOf([part("a.xml", "a".repeat(600), 10), part("b.xml", "b".repeat(600), 10)]);
    const entries = zipEntries(zip)!;
    expect(unpackEntries(zip, entries, 1_199)).toEqual({ ok: false, reason: "too-large" });
    expect(unpackEntries(zip, entries, 1_200)).toMatchObject({ ok: true });
    expect(unpackEntries(zip, entries.slice(0, 1), 599)).toEqual({ ok: false, reason: "too-large" });
  });

  it("refuses what is not a zip, or parts it cannot unpack", () => {
    expect(zipEntries(new TextEncoder().encode("no zip here"))).toBeNull();
    const zip = zipOf([part("a.xml", "<a/>")]);
    const [entry] = zipEntries(zip)!;
    for (const broken of [
      { ...entry, method: 12 },
      { ...entry, encrypted: true },
      { ...entry, localHeaderAt: 5 },
      { ...entry, compressedSize: zip.byteLength },
    ]) {
      expect(unpackEntries(zip, [broken], 1_000)).toEqual({ ok: false, reason: "unreadable" });
    }
  });
});

describe("storedZip", () => {
  it("packs parts, in their order, into a zip that reads back the same", () => {
    const parts: [string, Buffer][] = [
      ["xl/workbook.xml", Buffer.from("<workbook/>")],
      ["xl/worksheets/sheet1.xml", Buffer.from("<worksheet>é</worksheet>")],
    ];
    const zip = new Uint8Array(Buffer.concat(storedZip(parts)));
    const entries = zipEntries(zip)!;
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
      ["xl/workbook.xml", 0],
      ["xl/worksheets/sheet1.xml", 0],
    ]);
    expect(unpackEntries(zip, entries, 1_000)).toEqual({ ok: true, parts: new Map(parts) });
  });
});
