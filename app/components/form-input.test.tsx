import { renderToStaticMarkup } from "react-dom/server";
import { ErrorBox } from "./error-box";
import { ALLOWED_INPUT_TYPES, FormInput } from "./form-input";

describe("FormInput", () => {
  it.each(ALLOWED_INPUT_TYPES.filter((type) => type !== "hidden"))("renders a labelled %s input", (type) => {
    const html = renderToStaticMarkup(<FormInput label="Field" name="field" type={type} />);
    expect(html).toContain(`type="${type}"`);
    expect(html).toContain('<label for="field"');
    expect(html).not.toContain("Input Type Not Allowed");
  });

  it.each(["color", "range", "checkbox", "datetime-local"])("refuses the %s type", (type) => {
    const html = renderToStaticMarkup(<FormInput label="Field" name="field" type={type} />);
    expect(html).toContain("Input Type Not Allowed");
    expect(html).not.toContain("<input");
  });

  it("shows its errors under the field and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <FormInput
        label="Email"
        name="email"
        type="email"
        errors={["Invalid email format"]}
        defaultValue="x"
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-error"');
    expect(html).toContain("Invalid email format");
    expect(html).toContain('value="x"');
  });
});

describe("ErrorBox", () => {
  it("renders nothing without errors", () => {
    expect(renderToStaticMarkup(<ErrorBox errors={[]} />)).toBe("");
  });
  it("lists several messages and field entries", () => {
    const html = renderToStaticMarkup(
      <ErrorBox errors={{ email: ["Email already exists"], phone: ["Too short"] }} />,
    );
    expect(html).toContain("<li>email: Email already exists</li>");
    expect(html).toContain("<li>phone: Too short</li>");
  });
});
