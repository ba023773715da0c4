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
    ["/.//evil.example", "a dot segment hiding //"],
    ["/..//x", "a parent segment hiding //"],
    ["/a/..//x", "a parent segment after a folder"],
    ["/%2e//x", "an encoded dot segment"],
    ["/%2E%2e//x", "encoded parent segments"],
    ["/./\\x", "a dot segment hiding a backslash"],
    ["/.\\\\x", "backslashes after a dot"],
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

it("never answers something a browser reads as another site, whatever the input", () => {
  const pieces = ["/", "\\", ".", "..", "%2e", "%2E", "%5c", "%2f", "evil.example", "a", "?", "#", "%09"];
  const inputs: string[] = [];
  const grow = (prefix: string, depth: number) => {
    if (depth === 0) return;
    for (const piece of pieces) {
      inputs.push(prefix + piece);
      grow(prefix + piece, depth - 1);
    }
  };
  grow("/", 4);
  for (const input of inputs) {
    const target = safeRedirect(input);
    expect(target, input).toMatch(/^\/(?![\\/])/);
    expect(new URL(target, "http://same.site").origin, input).toBe("http://same.site");
  }
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
    expect(signInUrl("/.//evil.example")).toBe("/");
    expect(signInUrl("/")).toBe("/");
  });
});
