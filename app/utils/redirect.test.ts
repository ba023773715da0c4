import { safeRedirect, signInUrl } from "./redirect";

describe("safeRedirect", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(safeRedirect("/sales/all?page=2")).toBe("/sales/all?page=2");
    expect(safeRedirect("/settings/profile#top")).toBe("/settings/profile#top");
  });
  it.each([
    ["https://evil.example", "absolute URL"],
    ["//evil.example/home", "protocol-relative URL"],
    ["/\\evil.example", "backslash trick"],
    ["javascript:alert(1)", "script URL"],
    ["home", "relative without slash"],
    ["/\nevil", "control characters"],
    ["", "empty"],
  ])("falls back to /home for %s (%s)", (value) => {
    expect(safeRedirect(value)).toBe("/home");
  });
  it("falls back for missing values and non-strings", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined)).toBe("/home");
  });
  it("honours a custom fallback", () => {
    expect(safeRedirect("https://x.example", "/")).toBe("/");
  });
});

describe("signInUrl", () => {
  it("carries the protected path", () => {
    expect(signInUrl("/sales/all")).toBe("/?redirect=/sales/all");
    expect(signInUrl("/sales/all?page=2&search=ab")).toBe("/?redirect=/sales/all?page=2%26search=ab");
    const back = new URL(`http://x${signInUrl("/sales/all?page=2&search=a+b")}`).searchParams.get("redirect");
    expect(back).toBe("/sales/all?page=2&search=a+b");
  });
  it("drops hostile or empty targets", () => {
    expect(signInUrl("//evil.example")).toBe("/");
    expect(signInUrl("/")).toBe("/");
  });
});
