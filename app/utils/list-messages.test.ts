import { describe, expect, it } from "vitest";
import { listFailure } from "./list-messages";

describe("the lists' failure sentences (spec 001 §8)", () => {
  it("name the category a list was asked for", () => {
    expect(listFailure.productsOf("SHS")).toBe("Failed to fetch products list for SHS");
    expect(listFailure.inventoryOf("Solar Panels")).toBe(
      'Failed to fetch inventory list for "Solar Panels".',
    );
  });
  it("keep the spec's exact words for whole lists", () => {
    expect(listFailure.customers).toBe("Failed to fetch customers");
    expect(listFailure.products).toBe("Failed to fetch products");
  });
});
