import { IMAGE_TYPE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE, chosenFile, imageFileField } from "./files";
import { INVENTORY_IMAGE_REQUIRED, InventoryFormSchema } from "./inventory";
import { ProductFormSchema } from "./products";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("image inputs of the web app's forms", () => {
  it("treats an empty file input as no file", () => {
    expect(chosenFile(new File([], ""))).toBeUndefined();
    expect(chosenFile("text")).toBeUndefined();
    expect(chosenFile(new File(["x"], "a.png"))).toBeInstanceOf(File);
  });

  it("requires a file only when told to, in the form's words", () => {
    expect(
      messages(imageFileField({ required: INVENTORY_IMAGE_REQUIRED }).safeParse(new File([], ""))),
    ).toEqual([INVENTORY_IMAGE_REQUIRED]);
    expect(imageFileField().safeParse(undefined)).toEqual({ success: true, data: undefined });
  });

  it("takes PNG, JPEG and SVG by name or type and refuses the rest with the spec's message", () => {
    const field = imageFileField();
    expect(field.safeParse(new File(["x"], "logo.PNG")).success).toBe(true);
    expect(field.safeParse(new File(["x"], "photo", { type: "image/jpeg" })).success).toBe(true);
    expect(field.safeParse(new File(["x"], "icon.svg")).success).toBe(true);
    expect(messages(field.safeParse(new File(["x"], "notes.pdf", { type: "application/pdf" })))).toEqual([
      IMAGE_TYPE_MESSAGE,
    ]);
  });

  it("refuses a file over 5 MB", () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png");
    expect(messages(imageFileField().safeParse(big))).toEqual([UPLOAD_TOO_LARGE_MESSAGE]);
  });

  it("adds the image to the stock forms' schemas, leaving the API's fields as they are", () => {
    expect(Object.keys(InventoryFormSchema.shape)).toContain("inventoryImage");
    const product = ProductFormSchema.safeParse({
      categoryId: "c",
      name: "Kit",
      paymentModes: ["ONE_OFF"],
      inventories: [{ inventoryId: "i", quantity: "2" }],
    });
    expect(product.success && product.data.inventories).toEqual([{ inventoryId: "i", quantity: 2 }]);
  });
});
