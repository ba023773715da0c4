import { z } from "zod";
import { formFieldErrors, multipartBody, parseForm } from "./forms.server";

const Schema = z.object({ firstname: z.string(), email: z.string().email() }).strict();

function form(extra: [string, string][]) {
  const data = new FormData();
  data.append("firstname", "Ada");
  data.append("email", "ada@example.com");
  for (const [name, value] of extra) data.append(name, value);
  return data;
}

describe("parseForm", () => {
  it("passes a clean form to the schema", () => {
    expect(parseForm(form([]), Schema).status).toBe("success");
  });

  it.each(["constructor", "__proto__", "constructor.prototype.polluted", "__proto__.admin"])(
    "refuses a field named %s, keeping the values",
    (name) => {
      const submission = parseForm(form([[name, "x"]]), Schema);
      expect(submission.status).toBe("error");
      const reply = submission.reply();
      expect(reply.error?.[""]).toEqual([`Not allowed as a field name: ${name}`]);
      expect(reply.initialValue).toMatchObject({ firstname: "Ada", email: "ada@example.com" });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("refuses a NUL character under its field", () => {
    const data = new FormData();
    data.append("firstname", "A\u0000da");
    data.append("email", "ada@example.com");
    const submission = parseForm(data, Schema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.firstname).toEqual(["Contains a character that is not allowed"]);
  });
});

describe("formFieldErrors", () => {
  it("names the API's nested fields the way the form's inputs are named", () => {
    expect(
      formFieldErrors({
        "inventories.0.quantity": ["Quantity must be at least 1"],
        "inventories.12.inventoryId": ["Inventory item is required"],
        name: ["Product Name is required"],
      }),
    ).toEqual({
      "inventories[0].quantity": ["Quantity must be at least 1"],
      "inventories[12].inventoryId": ["Inventory item is required"],
      name: ["Product Name is required"],
    });
  });

  it("maps a one-entry request's fields to the form's own", () => {
    const rename = (name: string) => name.replace(/^categories\[0\]\./, "");
    expect(
      formFieldErrors(
        {
          "categories.0.name": ["A category with this name already exists"],
          "categories.0.subCategories.0.name": ["Too long"],
        },
        rename,
      ),
    ).toEqual({
      name: ["A category with this name already exists"],
      "subCategories[0].name": ["Too long"],
    });
  });
});

describe("multipartBody", () => {
  it("sends a parsed value's fields as text, lists joined, files with their names, absent ones left out", () => {
    const image = new File(["x"], "store.png", { type: "image/png" });
    const body = multipartBody({
      name: "Ikeja",
      numberOfStock: 3,
      price: 1500.5,
      inventoryClasses: ["REGULAR", "RETURNED"],
      type: undefined,
      image,
    });
    expect([...body.keys()]).toEqual(["name", "numberOfStock", "price", "inventoryClasses", "image"]);
    expect(body.get("numberOfStock")).toBe("3");
    expect(body.get("price")).toBe("1500.5");
    expect(body.get("inventoryClasses")).toBe("REGULAR,RETURNED");
    expect((body.get("image") as File).name).toBe("store.png");
  });
});
