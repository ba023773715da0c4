import { lagosDate } from "./dates";
import { choiceListField, wholeNumberField } from "./form-values";
import {
  CategoryFormSchema,
  CreateInventoryCategoriesSchema,
  DateOfManufactureSchema,
  RestockSchema,
  SkuSchema,
  SubCategoryFormSchema,
  pricesInNaira,
} from "./inventory";
import { CreateProductSchema, ProductInventoriesSchema } from "./products";
import { CreateWarehouseSchema } from "./warehouses";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("wholeNumberField", () => {
  const count = wholeNumberField({
    required: "required",
    notWhole: "whole",
    tooSmall: "small",
    tooLarge: "large",
    max: 10,
  });

  it("reads numbers and their text", () => {
    expect(count.parse(3)).toBe(3);
    expect(count.parse(" 7 ")).toBe(7);
    expect(count.parse("10")).toBe(10);
  });

  it.each([
    [undefined, "required"],
    ["", "required"],
    ["1.5", "whole"],
    ["1e3", "whole"],
    ["0x10", "whole"],
    [Number.NaN, "whole"],
    [0, "small"],
    ["-4", "small"],
    [11, "large"],
    [true, "whole"],
  ])("refuses %j with %s", (value, message) => {
    expect(messages(count.safeParse(value))).toEqual([message]);
  });
});

describe("choiceListField", () => {
  const modes = choiceListField(["ONE_OFF", "INSTALLMENT"], { required: "pick one", invalid: "bad mode" });

  it("reads a comma list, repeated fields and arrays, once each, in the catalogue's order", () => {
    expect(modes.parse("INSTALLMENT, ONE_OFF")).toEqual(["ONE_OFF", "INSTALLMENT"]);
    expect(modes.parse(["INSTALLMENT", "INSTALLMENT"])).toEqual(["INSTALLMENT"]);
    expect(modes.parse(["ONE_OFF,INSTALLMENT", ""])).toEqual(["ONE_OFF", "INSTALLMENT"]);
  });

  it("refuses nothing chosen and unknown choices", () => {
    expect(messages(modes.safeParse(undefined))).toEqual(["pick one"]);
    expect(messages(modes.safeParse(" , "))).toEqual(["pick one"]);
    expect(messages(modes.safeParse("one_off"))).toEqual(["bad mode"]);
    expect(messages(modes.safeParse([1]))).toEqual(["bad mode"]);
  });
});

describe("DateOfManufactureSchema", () => {
  it("takes a calendar date, and a moment as its Lagos day", () => {
    expect(DateOfManufactureSchema.parse("2024-02-29")).toBe("2024-02-29");
    // 23:30 UTC on the 9th is already the 10th in Lagos.
    expect(DateOfManufactureSchema.parse("2025-03-09T23:30:00Z")).toBe("2025-03-10");
    expect(DateOfManufactureSchema.parse(lagosDate(new Date()))).toBe(lagosDate(new Date()));
  });

  it.each([
    ["2023-02-29", "Invalid Date of Manufacture"],
    ["10/03/2025", "Invalid Date of Manufacture"],
    ["1899-12-31", "Invalid Date of Manufacture"],
    ["9999-01-01", "Date of Manufacture cannot be in the future"],
    ["", "Date of Manufacture is required"],
  ])("refuses %j", (value, message) => {
    expect(messages(DateOfManufactureSchema.safeParse(value))).toEqual([message]);
  });
});

describe("SkuSchema", () => {
  it("takes letters, digits and dashes, trimmed", () => {
    expect(SkuSchema.parse(" PNL-200m-01 ")).toBe("PNL-200m-01");
    expect(messages(SkuSchema.safeParse("PNL 200"))).toEqual([
      "SKU can only contain letters, numbers and dashes",
    ]);
    expect(messages(SkuSchema.safeParse("Ä-1"))).toEqual([
      "SKU can only contain letters, numbers and dashes",
    ]);
  });
});

describe("forms shared with the web app", () => {
  it("reads the New Product form's inventories from JSON text, quantities from text", () => {
    const parsed = CreateProductSchema.parse({
      categoryId: "c1",
      name: " Kit ",
      paymentModes: "ONE_OFF",
      inventories: '[{"inventoryId":"a","quantity":"4"}]',
    });
    expect(parsed).toEqual({
      categoryId: "c1",
      name: "Kit",
      paymentModes: ["ONE_OFF"],
      inventories: [{ inventoryId: "a", quantity: 4 }],
    });
    expect(messages(ProductInventoriesSchema.safeParse('{"inventoryId":"a"}'))).toEqual([
      "Invalid format for inventories",
    ]);
  });

  it("reads the warehouse form's classes and the category list's sub-categories", () => {
    expect(CreateWarehouseSchema.parse({ name: "Depot", inventoryClasses: ["RETURNED", "REGULAR"] })).toEqual(
      {
        name: "Depot",
        inventoryClasses: ["REGULAR", "RETURNED"],
      },
    );
    expect(
      CreateInventoryCategoriesSchema.parse({
        categories: [
          { name: "Panels", subCategories: [{ name: "Mono" }] },
          { name: "Gel", parentId: "p1" },
        ],
      }),
    ).toEqual({
      categories: [
        { name: "Panels", parentId: null, subCategories: ["Mono"] },
        { name: "Gel", parentId: "p1", subCategories: [] },
      ],
    });
  });

  it("words the category forms' rules as the spec lists them", () => {
    expect(messages(CategoryFormSchema.safeParse({ name: "" }))).toEqual(["Category Name is required"]);
    expect(
      messages(CategoryFormSchema.safeParse({ name: "Ok", subCategories: [{ name: "S".repeat(51) }] })),
    ).toEqual(["Sub-Category Name cannot exceed 50 characters"]);
    expect(messages(SubCategoryFormSchema.safeParse({ name: "Gel" }))).toEqual([
      "Parent Category is required",
    ]);
    expect(messages(SubCategoryFormSchema.safeParse({ parentId: "p1", name: " " }))).toEqual([
      "Sub-Category Name is required",
    ]);
  });
});

describe("pricesInNaira", () => {
  it("sends a parsed form's money back as the naira the API reads, to the same kobo", () => {
    for (const typed of ["0.01", "1,500.50", "79213.71", "999,999,999,999.99"]) {
      const parsed = RestockSchema.parse({ numberOfStock: "2", costOfItem: typed, price: typed });
      const sent = pricesInNaira(parsed);
      expect(RestockSchema.parse(JSON.parse(JSON.stringify(sent)))).toEqual(parsed);
      expect(RestockSchema.parse({ ...sent, costOfItem: String(sent.costOfItem) })).toEqual(parsed);
    }
  });
});
