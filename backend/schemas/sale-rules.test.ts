import type { z } from "zod";
import { priceItem, saleTotals } from "../services/pricing";
import { FinancialSettingsSchema } from "./sales";
import { decimalPlaces, flagField, numberFrom } from "./form-values";
import {
  CostSchema,
  CreateSaleSchema,
  DraftSaleSchema,
  MAX_COST_NAIRA,
  MAX_COSTS_PER_ITEM,
  MAX_INSTALLMENT_MONTHS,
  MAX_PRICE_GROWTH,
  MAX_SALE_ITEMS,
  QuantitySchema,
  GuarantorSchema,
  IdentificationSchema,
  MiscellaneousCostSchema,
  NextOfKinSchema,
  ParametersSchema,
  RecipientSchema,
  bornBy,
  isCalendarDate,
} from "./sale-rules";
import { lagosToday } from "./dates";

function messages(result: z.SafeParseReturnType<unknown, unknown>): Record<string, string[] | undefined> {
  return result.success ? {} : result.error.flatten().fieldErrors;
}

// 23:30 UTC on 10 March is already 11 March in Lagos (UTC+1).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-10T23:30:00Z"));
});
afterAll(() => vi.useRealTimers());

const identification = {
  idType: "Nin",
  idNumber: "12345678",
  issuingCountry: "Nigeria",
  issueDate: "2020-01-15",
  expirationDate: "2030-01-15",
  fullNameAsOnID: "Adaeze Obi",
};
const nextOfKin = {
  fullName: "Chidi Obi",
  relationship: "Brother",
  phoneNumber: "08031234567",
  dateOfBirth: "1990-05-01",
};
const guarantor = {
  fullName: "Bisi Ade",
  phoneNumber: "08037654321",
  homeAddress: "3 Allen Avenue",
  dateOfBirth: "1980-02-02",
  identificationDetails: identification,
};
const recipient = {
  firstname: "Ada",
  lastname: "Obi",
  address: "1 Marina",
  phone: "08031234567",
  email: "ada@example.com",
};
const item = {
  productId: "product-0000000001",
  quantity: 1,
  paymentMode: "ONE_OFF",
  devices: ["device-1"],
  saleRecipient: recipient,
};

describe("dates by Lagos's calendar", () => {
  it("knows real dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-3-1")).toBe(false);
  });

  it("counts today as Lagos's day, not UTC's", () => {
    expect(IdentificationSchema.safeParse({ ...identification, issueDate: "2026-03-11" }).success).toBe(true);
    expect(messages(IdentificationSchema.safeParse({ ...identification, issueDate: "2026-03-12" }))).toEqual({
      issueDate: ["Issue date cannot be in the future"],
    });
    expect(
      messages(IdentificationSchema.safeParse({ ...identification, expirationDate: "2026-03-11" })),
    ).toEqual({
      expirationDate: ["Expiration date must be in the future"],
    });
  });
});

describe("identification (spec §5)", () => {
  it("names every missing field", () => {
    expect(messages(IdentificationSchema.safeParse({}))).toEqual({
      idType: ["ID Type is required"],
      idNumber: ["ID Number is required"],
      issuingCountry: ["Issuing Country is required"],
      issueDate: ["Issue date is required"],
      expirationDate: ["Expiration date is required"],
      fullNameAsOnID: ["Full name as on ID is required"],
    });
  });

  it("checks the dates' validity and order", () => {
    expect(messages(IdentificationSchema.safeParse({ ...identification, issueDate: "2020-13-01" }))).toEqual({
      issueDate: ["Invalid issue date"],
    });
    expect(messages(IdentificationSchema.safeParse({ ...identification, expirationDate: "soon" }))).toEqual({
      expirationDate: ["Invalid expiration date"],
    });
    expect(
      messages(
        IdentificationSchema.safeParse({
          ...identification,
          issueDate: "2026-03-01",
          expirationDate: "2026-03-01",
        }),
      ).expirationDate,
    ).toEqual(["Expiration date must be in the future", "Expiration date must be later than issue date"]);
  });
});

describe("next of kin and guarantor", () => {
  it("take an empty e-mail and refuse a bad one", () => {
    expect(NextOfKinSchema.safeParse({ ...nextOfKin, email: "" }).success).toBe(true);
    expect(messages(NextOfKinSchema.safeParse({ ...nextOfKin, email: "nope" }))).toEqual({
      email: ["Invalid email"],
    });
  });

  it("check the date of birth", () => {
    expect(messages(NextOfKinSchema.safeParse({ ...nextOfKin, dateOfBirth: "" }))).toEqual({
      dateOfBirth: ["Date of birth is required"],
    });
    expect(messages(NextOfKinSchema.safeParse({ ...nextOfKin, dateOfBirth: "1990-02-30" }))).toEqual({
      dateOfBirth: ["Invalid date of birth"],
    });
    expect(messages(NextOfKinSchema.safeParse({ ...nextOfKin, dateOfBirth: "2999-01-01" }))).toEqual({
      dateOfBirth: ["Date of birth cannot be in the future"],
    });
    // Born last year: nobody who answers for a loan.
    const lastYear = `${Number(lagosToday().slice(0, 4)) - 1}-01-01`;
    expect(messages(NextOfKinSchema.safeParse({ ...nextOfKin, dateOfBirth: lastYear }))).toEqual({
      dateOfBirth: ["A next of kin must be at least 18 years old"],
    });
    expect(NextOfKinSchema.safeParse({ ...nextOfKin, dateOfBirth: bornBy(18) }).success).toBe(true);
  });

  it("need the guarantor's home address and identification", () => {
    expect(
      messages(GuarantorSchema.safeParse({ ...guarantor, dateOfBirth: bornBy(17) })).dateOfBirth,
    ).toEqual(["A guarantor must be at least 18 years old"]);
    expect(messages(GuarantorSchema.safeParse({ ...guarantor, homeAddress: " " }))).toEqual({
      homeAddress: ["Home address is required"],
    });
    expect(
      GuarantorSchema.safeParse({ ...guarantor, identificationDetails: { idType: "Nin" } }).success,
    ).toBe(false);
  });
});

describe("recipient, parameters and costs", () => {
  it("recipient messages", () => {
    expect(
      messages(
        RecipientSchema.safeParse({ firstname: "A", lastname: " ", address: "", phone: "0803", email: "x" }),
      ),
    ).toEqual({
      // Too short is told as such; the spec's "is required" is kept for what is missing.
      firstname: ["Firstname must be at least 2 characters"],
      lastname: ["Lastname is required"],
      address: ["Address is required"],
      phone: ["Phone number must be at least 10 digits"],
      email: ["Invalid email"],
    });
    expect(
      messages(RecipientSchema.safeParse({ firstname: "", lastname: "Ade", address: "x", phone: "" })),
    ).toEqual({
      firstname: ["Firstname is required"],
      phone: ["Phone number is required"],
    });
  });

  it("parameters: payment mode required, instalment needs duration and starting percentage", () => {
    expect(messages(ParametersSchema.safeParse({}))).toEqual({ paymentMode: ["Payment mode is required"] });
    expect(messages(ParametersSchema.safeParse({ paymentMode: "INSTALLMENT" }))).toEqual({
      installmentDuration: ["Installment duration is required for installment payments"],
      installmentStartingPrice: ["Installment starting price is required for installment payments"],
    });
    expect(ParametersSchema.parse({ paymentMode: "ONE_OFF" })).toEqual({
      paymentMode: "ONE_OFF",
      installmentDuration: 0,
      installmentStartingPrice: 0,
      discount: 0,
    });
  });

  it("a miscellaneous cost needs a name and a cost of at least 0", () => {
    expect(messages(MiscellaneousCostSchema.safeParse({ name: "", cost: "-1" }))).toEqual({
      name: ["Name is required"],
      cost: ["Cost must be a positive number"],
    });
    expect(messages(MiscellaneousCostSchema.safeParse({ name: "Delivery", cost: "" }))).toEqual({
      cost: ["Cost must be a positive number"],
    });
    expect(MiscellaneousCostSchema.parse({ name: "Delivery", cost: "0" })).toEqual({
      name: "Delivery",
      cost: 0,
    });
  });
});

describe("the sale (spec §5)", () => {
  const sale = { category: "PRODUCT", customerId: "customer-1", saleItems: [item], paymentMethod: "CASH" };

  it("needs a customer, an item and, in a draft, a payment method, with the spec's words", () => {
    expect(messages(DraftSaleSchema.safeParse({ category: "PRODUCT", saleItems: [] }))).toEqual({
      customerId: ["Please select at least one customer"],
      saleItems: ["At least one sale item is required"],
      paymentMethod: ["Payment method is required"],
    });
    // The reference's clients send none: their sales are paid online (issue 30 #3).
    const { paymentMethod: _none, ...withoutMethod } = sale;
    const parsed = CreateSaleSchema.safeParse(withoutMethod);
    expect(parsed.success && parsed.data.paymentMethod).toBe("ONLINE");
    expect(messages(CreateSaleSchema.safeParse({ ...sale, paymentMethod: "CHEQUE" }))).toEqual({
      paymentMethod: ["Payment method is required"],
    });
  });

  it("checks each item: quantity, devices, recipient, instalment values", () => {
    const result = CreateSaleSchema.safeParse({
      ...sale,
      saleItems: [{ ...item, quantity: 0, devices: [], paymentMode: "INSTALLMENT" }],
      bvn: "12345678901",
      identificationDetails: identification,
      nextOfKinDetails: nextOfKin,
      guarantorDetails: guarantor,
    });
    expect(result.success).toBe(false);
    const issues = result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "saleItems.0.quantity: Quantity must be at least 1",
        "saleItems.0.devices: At least one device is required",
        "saleItems.0.installmentDuration: Installment duration is required for installment payments",
        "saleItems.0.installmentStartingPrice: Installment starting price is required for installment payments",
      ]),
    );
  });

  it("asks an instalment sale for BVN and the three contract blocks", () => {
    const instalment = {
      ...sale,
      saleItems: [
        { ...item, paymentMode: "INSTALLMENT", installmentDuration: 6, installmentStartingPrice: 20 },
      ],
    };
    expect(messages(CreateSaleSchema.safeParse(instalment))).toEqual({
      bvn: ["BVN is required for installment payments"],
      identificationDetails: ["Identification details are required for installment payments"],
      nextOfKinDetails: ["Next of kin details are required for installment payments"],
      guarantorDetails: ["Guarantor details are required for installment payments"],
    });
    expect(messages(CreateSaleSchema.safeParse({ ...sale, bvn: "1234567890a" }))).toEqual({
      bvn: ["BVN must be exactly 11 digits when provided"],
    });
    expect(
      CreateSaleSchema.safeParse({
        ...instalment,
        bvn: "12345678901",
        identificationDetails: identification,
        nextOfKinDetails: nextOfKin,
        guarantorDetails: guarantor,
      }).success,
    ).toBe(true);
  });
});

describe("the numbers of a sale", () => {
  it("are JSON numbers or their plain text, nothing JavaScript would merely turn into one", () => {
    expect([12, -3.5, "12", " 0.25 ", "-4", ".5", "+2", "3."].map(numberFrom)).toEqual([
      12, -3.5, 12, 0.25, -4, 0.5, 2, 3,
    ]);
    for (const odd of [
      true,
      false,
      [1],
      null,
      {},
      "",
      "Infinity",
      "1e3",
      "0x10",
      "1,000",
      ".",
      "-",
      Infinity,
      NaN,
    ])
      expect(numberFrom(odd)).toBeUndefined();
    expect(numberFrom("9".repeat(400))).toBeUndefined();
  });

  it("count decimals as written, however large the amount", () => {
    expect([1, 0.5, 12.25, 0.125, 1.5e-7, 99_999_999.99, 99_999_999.999].map(decimalPlaces)).toEqual([
      0, 1, 2, 3, 8, 2, 3,
    ]);
    expect(CostSchema.safeParse(99_999_999.99).success).toBe(true);
    expect(CostSchema.safeParse(99_999_999.999).success).toBe(false);
    expect(QuantitySchema.safeParse(true).success).toBe(false);
    expect(QuantitySchema.parse("3")).toBe(3);
  });

  it("take yes/no only as a form or JSON sends it", () => {
    const flag = flagField("Must be true or false");
    expect([true, false, "true", "false", "on"].map((value) => flag.parse(value))).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
    for (const odd of ["yes", "1", 1, [true], null, ""]) expect(flag.safeParse(odd).success).toBe(false);
  });

  it("refuse a starting percentage above 100, and 0 months or 0 % for an instalment, each saying why", () => {
    const oneOff = { paymentMode: "ONE_OFF" };
    expect(messages(ParametersSchema.safeParse({ ...oneOff, installmentStartingPrice: "150" }))).toEqual({
      installmentStartingPrice: ["Installment starting price must be at most 100"],
    });
    expect(
      messages(
        ParametersSchema.safeParse({
          paymentMode: "INSTALLMENT",
          installmentDuration: "0",
          installmentStartingPrice: "0",
        }),
      ),
    ).toEqual({
      installmentDuration: ["Installment duration must be at least 1 month"],
      installmentStartingPrice: ["Installment starting price must be more than 0"],
    });
    for (const endless of [Infinity, "Infinity", true])
      expect(messages(ParametersSchema.safeParse({ ...oneOff, installmentStartingPrice: endless }))).toEqual({
        installmentStartingPrice: ["Installment starting price must be a percentage"],
      });
  });

  it("keep the largest sale an exact integer of kobo, whatever the settings allow", () => {
    // The rule of MAX_COST_NAIRA, with the limits the schemas really hold.
    expect(MAX_SALE_ITEMS * MAX_COSTS_PER_ITEM * MAX_COST_NAIRA * 100 * MAX_PRICE_GROWTH).toBeLessThan(
      Number.MAX_SAFE_INTEGER,
    );
    const highest = { outrightMargin: 1, loanMargin: 1, monthlyInterest: 1 };
    expect(FinancialSettingsSchema.safeParse(highest).success).toBe(true);
    expect(FinancialSettingsSchema.safeParse({ ...highest, monthlyInterest: 1.01 }).success).toBe(false);
    expect(
      ParametersSchema.safeParse({ paymentMode: "ONE_OFF", installmentDuration: MAX_INSTALLMENT_MONTHS + 1 })
        .success,
    ).toBe(false);
    const costs = Array.from({ length: MAX_COSTS_PER_ITEM }, () => MAX_COST_NAIRA * 100);
    const item = priceItem(
      [],
      {
        paymentMode: "INSTALLMENT",
        discountPercent: 0,
        miscellaneousKobo: costs,
        installmentDuration: MAX_INSTALLMENT_MONTHS,
        installmentStartingPercent: 100,
      },
      { outrightMarginBps: 10_000, loanMarginBps: 10_000, monthlyInterestBps: 10_000 },
      true,
    );
    const totals = saleTotals(Array.from({ length: MAX_SALE_ITEMS }, () => item));
    expect(Number.isSafeInteger(totals.totalKobo)).toBe(true);
    expect(totals.totalKobo).toBe(
      MAX_SALE_ITEMS * MAX_COSTS_PER_ITEM * MAX_COST_NAIRA * 100 * MAX_PRICE_GROWTH,
    );
  });
});
