import type { SaleDraft } from "#backend/schemas/sale-drafts";
import {
  deviceSaveButton,
  deviceStatus,
  itemErrors,
  parametersComplete,
  readPickerQuery,
  saleProblems,
  selectedCustomer,
  textAt,
  typedOr,
} from "./draft-view";

const item = (name: string, problems: string[]) =>
  ({ productId: name, product: { name }, problems }) as unknown as SaleDraft["items"][number];

describe("reading a draft for the new-sale screens", () => {
  it("lists an item's problems with the sale rules found on it, each once", () => {
    const draft = {
      items: [item("Kit", ["At least one device is required"]), item("Lamp", [])],
      problems: {
        "saleItems.0": ["At least one device is required"],
        "saleItems.0.installmentDuration": ["Installment duration is required for installment payments"],
        "saleItems.1": ["Please fill the sale recipient"],
        "saleItems.1.saleRecipient": ["Required"],
        customerId: ["Please select at least one customer"],
      },
    };
    expect(itemErrors(draft, 0)).toEqual([
      "At least one device is required",
      "Installment duration is required for installment payments",
    ]);
    expect(itemErrors(draft, 1)).toEqual([]);
    expect(saleProblems(draft)).toEqual([
      "Kit: At least one device is required",
      "Kit: Installment duration is required for installment payments",
      "Lamp: Please fill the sale recipient",
      "Please select at least one customer",
    ]);
  });

  it("says how far each item's devices are linked, and what the save button reads", () => {
    expect(deviceStatus(0, 2)).toBe("not-started");
    expect(deviceStatus(1, 2)).toBe("partial");
    expect(deviceStatus(2, 2)).toBe("full");
    expect(deviceSaveButton(1, 3, false)).toEqual({ label: "Saved 1 of 3 Linked Device(s)", enabled: false });
    expect(deviceSaveButton(3, 3, false)).toEqual({ label: "✓ Save Linked 3 Device(s)", enabled: true });
    expect(deviceSaveButton(3, 3, true)).toEqual({ label: "Update Linked Devices", enabled: true });
    expect(deviceSaveButton(0, 0, false).enabled).toBe(false);
  });

  it("reads loosely stored parts and refused forms' values", () => {
    const saved = { idType: "Nin", identificationDetails: { idNumber: "12345" }, count: 3 };
    expect(textAt(saved, "idType")).toBe("Nin");
    expect(textAt(saved, "identificationDetails.idNumber")).toBe("12345");
    expect(textAt(saved, "count")).toBe("3");
    expect(textAt(saved, "missing.deeper")).toBeUndefined();
    expect(textAt(null, "idType")).toBeUndefined();
    // No refused form: the saved value; a refused one: what was typed, empty when it was left empty.
    expect(typedOr(undefined, "idType", "Nin")).toBe("Nin");
    expect(
      typedOr({ identificationDetails: { idType: "Passport" } }, "identificationDetails.idType", "Nin"),
    ).toBe("Passport");
    expect(typedOr({ costs: [{ name: "Delivery" }] }, "costs[0].name", undefined)).toBe("Delivery");
    expect(typedOr({ other: "x" }, "idType", "Nin")).toBe("");
  });

  it("reads a picker's URL leniently, and the customer chosen in it", () => {
    expect(readPickerQuery(new URLSearchParams("search=%20ada%20&page=3"))).toEqual({
      search: "ada",
      page: 3,
    });
    for (const page of ["0", "-1", "abc", "2.5", "99999999"]) {
      expect(readPickerQuery(new URLSearchParams(`page=${page}`)).page).toBe(1);
    }
    expect(selectedCustomer(new URLSearchParams(""), "saved")).toBe("saved");
    expect(selectedCustomer(new URLSearchParams("selected=c2"), "saved")).toBe("c2");
    expect(selectedCustomer(new URLSearchParams("selected="), "saved")).toBeNull();
  });
});

describe("parametersComplete", () => {
  it("is complete for a one-off mode alone", () => {
    expect(parametersComplete({ paymentMode: "ONE_OFF" })).toBe(true);
  });
  it("needs a mode", () => {
    expect(parametersComplete({ paymentMode: "" })).toBe(false);
  });
  it("needs a duration and a starting percentage for an instalment", () => {
    expect(parametersComplete({ paymentMode: "INSTALLMENT" })).toBe(false);
    expect(parametersComplete({ paymentMode: "INSTALLMENT", installmentDuration: "6" })).toBe(false);
    expect(
      parametersComplete({
        paymentMode: "INSTALLMENT",
        installmentDuration: "0",
        installmentStartingPrice: "25",
      }),
    ).toBe(false);
    expect(
      parametersComplete({
        paymentMode: "INSTALLMENT",
        installmentDuration: "6",
        installmentStartingPrice: "25",
      }),
    ).toBe(true);
  });
});
