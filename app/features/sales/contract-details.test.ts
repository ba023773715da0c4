import { contractRows, nestedIdentification } from "./contract-details";

describe("contractRows", () => {
  it("lists the known fields in the forms' order, dates as DD/MM/YYYY", () => {
    expect(
      contractRows({
        dateOfBirth: "1990-05-01",
        fullName: "Chidi Obi",
        relationship: "Brother",
        phoneNumber: "08031234568",
        longitude: 3.4,
        email: "",
      }),
    ).toEqual([
      ["Full Name", "Chidi Obi"],
      ["Relationship", "Brother"],
      ["Phone Number", "08031234568"],
      ["Date of Birth", "01/05/1990"],
    ]);
  });

  it("reads an identification, and tolerates a missing part", () => {
    expect(contractRows({ idType: "Driver_License", idNumber: "ABC12345", issueDate: "2020-01-15" })).toEqual(
      [
        ["ID Type", "Driver License"],
        ["ID Number", "ABC12345"],
        ["Issue Date", "15/01/2020"],
      ],
    );
    expect(contractRows(null)).toEqual([]);
  });

  it("finds the guarantor's nested identification", () => {
    expect(nestedIdentification({ identificationDetails: { idType: "Nin" } })).toEqual({ idType: "Nin" });
    expect(nestedIdentification({ fullName: "x" })).toBeNull();
  });
});
