import { LoginSchema } from "#backend/schemas/auth";
import { formValues, isControlField, namePath } from "./form-values";

describe("formValues", () => {
  it("sets steering fields aside and treats empty inputs as missing", () => {
    const formData = new FormData();
    formData.set("intent", "login");
    formData.set("redirectTo", "/home");
    formData.set("email", "");
    formData.set("password", "secret");
    expect(formValues(formData)).toEqual({ password: "secret" });
  });

  it("feeds the shared schemas the way the server does", () => {
    const formData = new FormData();
    formData.set("intent", "login");
    formData.set("email", "");
    formData.set("password", "");
    const parsed = LoginSchema.safeParse(formValues(formData));
    expect(parsed.success ? {} : parsed.error.flatten().fieldErrors).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });
});

describe("formValues shapes lists and nested names like the server", () => {
  it("reads repeated names as lists and `a[0].b` names as nested rows", () => {
    const formData = new FormData();
    formData.append("paymentModes", "ONE_OFF");
    formData.append("paymentModes", "INSTALLMENT");
    formData.append("inventories[0].inventoryId", "item-a");
    formData.append("inventories[0].quantity", "2");
    formData.append("inventories[1].inventoryId", "item-b");
    formData.append("inventories[1].quantity", "");
    formData.append("ui.search", "panel");
    expect(formValues(formData)).toEqual({
      paymentModes: ["ONE_OFF", "INSTALLMENT"],
      inventories: [{ inventoryId: "item-a", quantity: "2" }, { inventoryId: "item-b" }],
    });
  });

  it("drops empty file inputs and names that address an object's machinery", () => {
    const formData = new FormData();
    formData.append("image", new File([], ""));
    formData.append("logo", new File(["x"], "logo.png", { type: "image/png" }));
    formData.append("__proto__.polluted", "yes");
    formData.append("a.constructor", "yes");
    const values = formValues(formData);
    expect(Object.keys(values)).toEqual(["logo"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("tells steering fields from record fields", () => {
    expect(isControlField("intent")).toBe(true);
    expect(isControlField("ui.page")).toBe(true);
    expect(isControlField("name")).toBe(false);
    expect(namePath("inventories[12].quantity")).toEqual(["inventories", 12, "quantity"]);
  });
});
