import { renderToStaticMarkup } from "react-dom/server";
import { PersonFields } from "./person-fields";

const field = (name: string) => ({ id: `f-${name}`, name, errorId: `f-${name}-error` });

describe("a person's fields", () => {
  it("take the phone and the address label the form gives them", () => {
    const html = renderToStaticMarkup(
      <PersonFields
        field={field}
        phone={{ label: "Phone Number (optional)", ...field("phoneNumber") }}
        addressLabel="Location"
        mapsApiKey={null}
      />,
    );
    expect(html).toMatch(
      /<label for="f-phoneNumber"[^>]*>Phone Number \(optional\)<\/label><input[^>]*type="tel"/,
    );
    expect(html).toMatch(/<label for="f-location"[^>]*>Location<\/label>/);
    for (const label of ["First Name", "Last Name", "Email", "Address Type"])
      expect(html).toContain(`>${label}</label>`);
  });

  it("start at a home address unless the form says otherwise", () => {
    const render = (addressType?: string) =>
      renderToStaticMarkup(
        <PersonFields
          field={(name) => ({
            ...field(name),
            defaultValue: name === "addressType" ? addressType : undefined,
          })}
          phone={{ label: "Phone Number", ...field("phone") }}
          addressLabel="Address"
          mapsApiKey={null}
        />,
      );
    expect(render()).toContain('<option value="HOME" selected="">Home</option>');
    expect(render("WORK")).toContain('<option value="WORK" selected="">Work</option>');
  });
});
