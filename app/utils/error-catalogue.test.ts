import { MESSAGES, describeFailure, errorBoxLines, failureKind, firstMessage } from "./error-catalogue";

describe("failureKind", () => {
  it.each([
    [0, "network"],
    [400, "bad-request"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "other"],
    [500, "other"],
    [502, "other"],
  ] as const)("maps %i to %s", (status, kind) => {
    expect(failureKind(status)).toBe(kind);
  });
});

describe("describeFailure", () => {
  it("turns no response into the offline panel", () => {
    const description = describeFailure({ status: 0 });
    expect(description.title).toBe("No Internet Connection");
    expect(description.lines).toEqual(["Try checking your network configuration."]);
    expect(description.canRetry).toBe(true);
    expect(description.toast).toBeUndefined();
  });

  it("turns 403 into Access Denied without retry or toast", () => {
    const description = describeFailure({ status: 403, message: "You don't have sufficient permissions" });
    expect(description.title).toBe("Access Denied");
    expect(description.lines).toEqual([
      "Your current permissions don't allow access to this resource.",
      "Please contact your administrator to request access.",
    ]);
    expect(description.canRetry).toBe(false);
    expect(description.toast).toBeUndefined();
  });

  it("toasts a 400 and keeps the server's lines", () => {
    const description = describeFailure({ status: 400, message: ["page: page must be 1 or more"] });
    expect(description.toast).toBe("Bad Request: Please check your submission.");
    expect(description.lines).toEqual(["page: page must be 1 or more"]);
  });

  it("toasts a 401", () => {
    expect(describeFailure({ status: 401 }).toast).toBe("Unauthorized: Please log in again.");
  });

  it("falls back to 'Failed to fetch data.' for other failures", () => {
    const description = describeFailure({ status: 500 });
    expect(description.title).toBe("Something Went Wrong");
    expect(description.lines).toEqual([MESSAGES.genericMessage]);
    expect(describeFailure({ status: 404, message: "User not found" }).lines).toEqual(["User not found"]);
  });
});

describe("errorBoxLines", () => {
  it("shows a string, a list, or field entries", () => {
    expect(errorBoxLines("Oops")).toEqual(["Oops"]);
    expect(errorBoxLines(["a", "b"])).toEqual(["a", "b"]);
    expect(
      errorBoxLines({ email: ["Invalid email format", "Email already exists"], phone: "Too short" }),
    ).toEqual(["email: Invalid email format, Email already exists", "phone: Too short"]);
    expect(errorBoxLines(null)).toEqual([]);
  });
});

describe("firstMessage", () => {
  it("picks the first non-empty line", () => {
    expect(firstMessage(["", "Invalid credentials provided"])).toBe("Invalid credentials provided");
    expect(firstMessage(undefined)).toBeUndefined();
  });
});
