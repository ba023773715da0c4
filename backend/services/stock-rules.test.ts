import { classesStillHeld, productAvailability, warehouseRefusal } from "./stock-rules";

/**
 * Reference §5.1 worked by hand. A solar kit = 1 panel + 1 battery + 4 bulbs (prices in kobo):
 *   panel:   ₦68,000 (30 left), ₦72,500 (25 left), ₦70,000 (none left: ignored for prices)
 *            → min 68,000 × 1, max 72,500 × 1; 55 left → 55 kits
 *   battery: ₦235,000 (3 left), ₦249,000 (none left) → min = max = 235,000; 3 kits
 *   bulbs:   ₦2,300.25 (10 left), ₦3,300 (9 left) → min 2,300.25 × 4 = 9,201, max 3,300 × 4 = 13,200;
 *            19 left → floor(19 ÷ 4) = 4 kits
 *   kit: min 68,000 + 235,000 + 9,201 = ₦312,201; max 72,500 + 235,000 + 13,200 = ₦320,700; 3 kits.
 */
const WORKED_KIT = [
  {
    quantityPerUnit: 1,
    batches: [
      { price: 6_800_000, remainingQuantity: 30 },
      { price: 7_250_000, remainingQuantity: 25 },
      { price: 7_000_000, remainingQuantity: 0 },
    ],
  },
  {
    quantityPerUnit: 1,
    batches: [
      { price: 23_500_000, remainingQuantity: 3 },
      { price: 24_900_000, remainingQuantity: 0 },
    ],
  },
  {
    quantityPerUnit: 4,
    batches: [
      { price: 230_025, remainingQuantity: 10 },
      { price: 330_000, remainingQuantity: 9 },
    ],
  },
];

describe("productAvailability", () => {
  it("sums per item the cheapest and dearest batch with stock, times the quantity per unit", () => {
    expect(productAvailability(WORKED_KIT)).toEqual({
      minimumPrice: 31_220_100,
      maximumPrice: 32_070_000,
      availableUnits: 3,
    });
  });

  it("counts an item without stock as 0 in the price and makes no unit", () => {
    const [panel] = WORKED_KIT;
    const empty = { quantityPerUnit: 2, batches: [{ price: 100_000, remainingQuantity: 0 }] };
    expect(productAvailability([panel, empty])).toEqual({
      minimumPrice: 6_800_000,
      maximumPrice: 7_250_000,
      availableUnits: 0,
    });
    expect(productAvailability([{ quantityPerUnit: 1, batches: [] }])).toEqual({
      minimumPrice: 0,
      maximumPrice: 0,
      availableUnits: 0,
    });
  });

  it("answers one price when every batch costs the same, and no units for no items", () => {
    const single = [{ quantityPerUnit: 3, batches: [{ price: 50_000, remainingQuantity: 7 }] }];
    expect(productAvailability(single)).toEqual({
      minimumPrice: 150_000,
      maximumPrice: 150_000,
      availableUnits: 2,
    });
    expect(productAvailability([])).toEqual({ minimumPrice: 0, maximumPrice: 0, availableUnits: 0 });
  });
});

describe("warehouseRefusal", () => {
  const depot = {
    name: "Kano Depot",
    status: "active" as const,
    inventoryClasses: ["REGULAR", "RETURNED"] as const,
  };

  it("lets an active warehouse receive the classes it lists", () => {
    expect(warehouseRefusal(depot, "REGULAR")).toBeNull();
    expect(warehouseRefusal(depot, "RETURNED")).toBeNull();
  });

  it("refuses a class the warehouse does not list, and any stock for an inactive warehouse", () => {
    expect(warehouseRefusal(depot, "REFURBISHED")).toBe("Kano Depot does not take REFURBISHED inventory");
    expect(warehouseRefusal({ ...depot, status: "inactive" }, "REGULAR")).toBe("Kano Depot is inactive");
  });
});

describe("classesStillHeld", () => {
  it("names the held classes an edit would drop", () => {
    expect(classesStillHeld(["REGULAR"], ["REGULAR", "RETURNED"])).toEqual(["RETURNED"]);
    expect(classesStillHeld(["REGULAR", "RETURNED"], ["RETURNED"])).toEqual([]);
  });
});
