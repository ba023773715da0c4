import { DeleteConfirmationSchema, isConfirmed } from "./staff-panel.schema";

describe("Delete Staff confirmation", () => {
  it.each(["yes", "YES", "  Yes "])("accepts %j", (value) => {
    expect(isConfirmed(value)).toBe(true);
  });
  it.each(["No", "", "y", "yes please", "ye s"])("refuses %j", (value) => {
    expect(isConfirmed(value)).toBe(false);
  });
  it("defaults to 'No'", () => {
    expect(DeleteConfirmationSchema.parse({})).toEqual({ confirmation: "No" });
  });
});
