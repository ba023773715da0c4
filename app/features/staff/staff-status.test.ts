import { describe, expect, it } from "vitest";
import { staffStatusLabel } from "./staff-status";

describe("a staff member's standing", () => {
  it("reads Blocked for a blocked colleague whose status field still says active", () => {
    expect(staffStatusLabel({ status: "active", isBlocked: true })).toBe("Blocked");
  });
  it("reads Active or Inactive otherwise", () => {
    expect(staffStatusLabel({ status: "active", isBlocked: false })).toBe("Active");
    expect(staffStatusLabel({ status: "inactive", isBlocked: false })).toBe("Inactive");
  });
});
