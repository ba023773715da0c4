import { draftPath, formIntent, itemPath, openTarget, parseFormIntent, summaryPath } from "./paths";

describe("the new-sale flow's addresses", () => {
  it("puts every drawer and modal under its draft", () => {
    expect(draftPath("d1")).toBe("/sales/all/new/d1");
    expect(draftPath("d1", "customer")).toBe("/sales/all/new/d1/customer");
    expect(itemPath("d1", "p 1", "costs")).toBe("/sales/all/new/d1/items/p%201/costs");
    expect(summaryPath("d1")).toBe("/sales/all/new/d1/summary");
  });

  it("reads the form's buttons back into what they ask", () => {
    expect(parseFormIntent(formIntent.open("customer"))).toEqual({ kind: "open", to: "customer" });
    expect(parseFormIntent(formIntent.open("next-of-kin"))).toEqual({ kind: "open", to: "next-of-kin" });
    expect(parseFormIntent(formIntent.openItem("devices", "p1"))).toEqual({
      kind: "open-item",
      part: "devices",
      productId: "p1",
    });
    expect(parseFormIntent(formIntent.remove("p1"))).toEqual({ kind: "remove", productId: "p1" });
    expect(parseFormIntent(formIntent.clearItem("recipient", "p1"))).toEqual({
      kind: "clear-item",
      part: "recipient",
      productId: "p1",
    });
    expect(parseFormIntent(formIntent.clear("guarantor"))).toEqual({ kind: "clear", part: "guarantor" });
    expect(parseFormIntent("summary")).toEqual({ kind: "summary" });
  });

  it("treats an unknown or tampered button as a plain save, never as a way elsewhere", () => {
    for (const intent of [
      "",
      "save",
      "open:https://evil.example",
      "open:parameters",
      "clear:everything:x",
      "x",
    ]) {
      expect(parseFormIntent(intent)).toEqual({ kind: "save" });
    }
    expect(openTarget("d1", parseFormIntent("open:https://evil.example"))).toBeNull();
  });

  it("leads each opening button to its own URL", () => {
    expect(openTarget("d1", parseFormIntent("open:products"))).toBe("/sales/all/new/d1/products");
    expect(openTarget("d1", parseFormIntent("open:parameters:p1"))).toBe(
      "/sales/all/new/d1/items/p1/parameters",
    );
    expect(openTarget("d1", parseFormIntent(formIntent.openDetails("p1")))).toBe(
      "/sales/all/new/d1/items/p1/details",
    );
    expect(openTarget("d1", parseFormIntent("open:details"))).toBeNull();
    expect(openTarget("d1", parseFormIntent(formIntent.open("contract")))).toBe("/sales/all/new/d1/contract");
    expect(openTarget("d1", parseFormIntent("summary"))).toBe("/sales/all/new/d1/summary");
    expect(openTarget("d1", parseFormIntent("remove:p1"))).toBeNull();
  });
});
