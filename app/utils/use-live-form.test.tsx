import { renderToStaticMarkup } from "react-dom/server";
import { LoginSchema } from "#backend/schemas/auth";
import { FormInput } from "~/components/form-input";
import type { FormResult } from "./use-live-form";
import { fieldName, useLiveForm } from "./use-live-form";

function LoginFields({ lastResult }: { lastResult?: FormResult }) {
  const { form, field, formErrors } = useLiveForm({ schema: LoginSchema, lastResult });
  return (
    <form {...form}>
      <FormInput label="Email" type="email" {...field("email")} />
      <FormInput label="Password" type="password" {...field("password")} />
      {formErrors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </form>
  );
}

describe("useLiveForm on the server (what a browser without JavaScript gets)", () => {
  it("renders the server's messages under their fields and keeps the typed values", () => {
    const html = renderToStaticMarkup(
      <LoginFields
        lastResult={{
          initialValue: { email: "not-an-email" },
          error: {
            email: ["Invalid email address"],
            password: ["Password is required"],
            "": ["Login failed"],
          },
        }}
      />,
    );
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Password is required");
    expect(html).toContain("<p>Login failed</p>");
    expect(html).toContain("novalidate");
  });

  it("renders a clean form before any submission", () => {
    const html = renderToStaticMarkup(<LoginFields />);
    expect(html).not.toContain("aria-invalid");
  });
});

describe("fieldName", () => {
  it("names nested fields as the form and the server do", () => {
    expect(fieldName(["inventories", 0, "quantity"])).toBe("inventories[0].quantity");
    expect(fieldName(["name"])).toBe("name");
    expect(fieldName([])).toBe("");
  });
});
