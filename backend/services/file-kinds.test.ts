import { sniffFileKind } from "./file-kinds";

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0, 0, 0, 0,
]);
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);
const WINDOWS_EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff, 0, 0]);
const text = (value: string) => new TextEncoder().encode(value);

describe("sniffFileKind", () => {
  it("reads images from their bytes", async () => {
    expect(await sniffFileKind(PNG)).toBe("png");
    expect(await sniffFileKind(JPEG)).toBe("jpeg");
    expect(await sniffFileKind(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe("svg");
    expect(await sniffFileKind(text('<?xml version="1.0"?>\n<!-- logo -->\n<svg viewBox="0 0 1 1"/>'))).toBe(
      "svg",
    );
  });

  it("takes text that is not SVG as CSV", async () => {
    expect(await sniffFileKind(text("Serial Number,Key\nA1,abc\n"))).toBe("csv");
    expect(await sniffFileKind(text("\uFEFFname;units\n"))).toBe("csv");
  });

  it("recognises nothing in executables, whatever they are called", async () => {
    expect(await sniffFileKind(ELF)).toBeNull();
    expect(await sniffFileKind(WINDOWS_EXE)).toBeNull();
    expect(await sniffFileKind(Uint8Array.from([0, 1, 2, 3, 254, 255]))).toBeNull();
    expect(await sniffFileKind(new Uint8Array())).toBeNull();
    expect(await sniffFileKind(text("   \n"))).toBeNull();
  });

  it("does not take an HTML page for an SVG", async () => {
    expect(await sniffFileKind(text("<html><script>alert(1)</script></html>"))).toBe("csv");
  });
});

describe("spreadsheets", () => {
  it("reads an .xlsx workbook as xlsx", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Devices").addRow(["Serial Number", "Key"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await sniffFileKind(bytes)).toBe("xlsx");
  });
});
