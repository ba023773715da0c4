import { productIntent } from "./product-intent";

describe("the Select Product drawer's buttons", () => {
  it("reads select, remove, the stepper and Done", () => {
    expect(productIntent("select:p1")).toEqual({ kind: "select", productId: "p1" });
    expect(productIntent("remove:p1")).toEqual({ kind: "remove", productId: "p1" });
    expect(productIntent("units:p1:3")).toEqual({ kind: "units", productId: "p1", units: 3 });
    expect(productIntent("done")).toEqual({ kind: "done" });
  });

  it("leaves the stepper's bounds to the API, and ignores what it cannot read", () => {
    expect(productIntent("units:p1:0")).toEqual({ kind: "units", productId: "p1", units: 0 });
    for (const intent of ["", "select:", "units:p1:", "units:p1:1.5", "units:p1:x", "other:p1"]) {
      expect(productIntent(intent)).toEqual({ kind: "none" });
    }
  });
});
