import { changedFields } from "./changes";

describe("changedFields", () => {
  const current = { firstname: "Ada", lastname: "Obi", phone: null, location: "Lagos" };
  it("keeps only what differs", () => {
    expect(changedFields(current, { firstname: "Ada", lastname: "Okafor", location: "Lagos" })).toEqual({
      lastname: "Okafor",
    });
  });
  it("treats a missing value as empty and ignores fields not submitted", () => {
    expect(changedFields(current, { phone: "08012345678", location: undefined })).toEqual({
      phone: "08012345678",
    });
    expect(changedFields(current, {})).toEqual({});
  });
});
