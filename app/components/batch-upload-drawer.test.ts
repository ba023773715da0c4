import { describe, expect, it } from "vitest";
import { rowReportIn } from "./batch-upload-drawer";

describe("rowReportIn", () => {
  it("takes the report of an API refusal", () => {
    const report = { errors: [{ row: 2, column: "Key", message: "Key is required" }], errorCount: 1 };
    expect(rowReportIn({ toast: null, report })).toEqual(report);
  });

  it("finds none in the form's own refusals or in anything shaped otherwise", () => {
    expect(rowReportIn(undefined)).toBeNull();
    expect(rowReportIn({ result: {} })).toBeNull();
    expect(rowReportIn({ report: null })).toBeNull();
    expect(rowReportIn({ report: { errors: "no", errorCount: 1 } })).toBeNull();
    expect(rowReportIn({ report: { errors: [], errorCount: "1" } })).toBeNull();
    expect(rowReportIn({ report: { errors: [{ row: "2", column: "Key" }], errorCount: 1 } })).toBeNull();
  });
});
