import { LoginSchema } from "#backend/schemas/auth";
import { formValues } from "./form-values";

describe("formValues", () => {
  it("sets steering fields aside and treats empty inputs as missing", () => {
    const formData = new FormData();
    formData.set("intent", "login");
    formData.set("redirectTo", "/home");
    formData.set("email", "");
    formData.set("password", "secret");
    expect(formValues(formData)).toEqual({ password: "secret" });
  });

  it("feeds the strict shared schemas the way the server does", () => {
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
