import { classTabCounts } from "./inventory-classes";

describe("classTabCounts", () => {
  it("puts the total on 'all' and each class's count on its tab", () => {
    expect(
      classTabCounts({
        totalInventoryCount: 7,
        inventoryClassCounts: [
          { inventoryClass: "REGULAR", count: 4 },
          { inventoryClass: "RETURNED", count: 1 },
          { inventoryClass: "REFURBISHED", count: 2 },
        ],
      }),
    ).toEqual({ all: 7, regular: 4, returned: 1, refurbished: 2 });
  });
});
