import { renderToStaticMarkup } from "react-dom/server";
import { LoginSchema } from "#backend/schemas/auth";
import { FormInput } from "~/components/form-input";
import type { FieldName, FormResult } from "./use-live-form";
import { fieldName, useLiveForm } from "./use-live-form";

const loadLoginSchema = () => Promise.resolve(LoginSchema);

function LoginFields({ lastResult }: { lastResult?: FormResult }) {
  const { form, field, formErrors } = useLiveForm({ loadSchema: loadLoginSchema, lastResult });
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

// Checked by `npx tsc`, not at run time: a misspelt field would render an input the action never reads.
describe("field() names (compile time)", () => {
  it("are the schema's keys and nothing else", () => {
    expectTypeOf<FieldName<typeof LoginSchema>>().toEqualTypeOf<"email" | "password">();
  });

  it("refuses a key the schema does not have", () => {
    function MisspeltField() {
      const { field } = useLiveForm({ loadSchema: loadLoginSchema });
      // @ts-expect-error "emial" is not a field of LoginSchema.
      return <input {...field("emial")} />;
    }
    expect(typeof MisspeltField).toBe("function");
  });
});
