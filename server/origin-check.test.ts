import { checkOrigin, needsOriginCheck } from "./origin-check";

const host = "office.example.com";
const appOrigin = "https://office.example.com";

describe("needsOriginCheck", () => {
  it("checks every state-changing method on the web app's paths", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(needsOriginCheck(method, "/customers/all/new")).toBe(true);
    }
    expect(needsOriginCheck("POST", "/customers/all/new.data")).toBe(true);
    expect(needsOriginCheck("POST", "/apiary")).toBe(true);
  });
  it("leaves reads and the bearer-token API alone", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(needsOriginCheck(method, "/home")).toBe(false);
    expect(needsOriginCheck("POST", "/api/v1/auth/login")).toBe(false);
    expect(needsOriginCheck("DELETE", "/api")).toBe(false);
  });
});

describe("checkOrigin", () => {
  const evidence = { origin: undefined, referer: undefined, host, appOrigin: undefined };

  it("allows a form from the request's own host, whatever the scheme says about default ports", () => {
    expect(checkOrigin({ ...evidence, origin: "https://office.example.com" })).toEqual({
      allowed: true,
      by: "same-host",
    });
    expect(
      checkOrigin({ ...evidence, origin: "https://office.example.com", host: "office.example.com:443" }),
    ).toMatchObject({ allowed: true });
    expect(
      checkOrigin({ ...evidence, origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }),
    ).toMatchObject({
      allowed: true,
    });
  });

  it("allows APP_URL's origin when a proxy rewrote Host", () => {
    expect(checkOrigin({ ...evidence, host: "127.0.0.1:3000", appOrigin, origin: appOrigin })).toEqual({
      allowed: true,
      by: "app-url",
    });
  });

  it("refuses a foreign origin, another port, and a look-alike host", () => {
    for (const origin of [
      "https://evil.example",
      "https://office.example.com:8443",
      "https://office.example.com.evil.example",
    ]) {
      expect(checkOrigin({ ...evidence, origin, appOrigin })).toMatchObject({ allowed: false });
    }
  });

  it("refuses the opaque origin null and an unreadable one", () => {
    expect(checkOrigin({ ...evidence, origin: "null" })).toEqual({
      allowed: false,
      reason: "an opaque origin (null)",
    });
    expect(checkOrigin({ ...evidence, origin: "not a url" })).toMatchObject({ allowed: false });
  });

  it("falls back to the Referer's origin when Origin is missing", () => {
    expect(
      checkOrigin({ ...evidence, referer: "https://office.example.com/customers/all?page=2" }),
    ).toMatchObject({
      allowed: true,
    });
    expect(checkOrigin({ ...evidence, referer: "https://evil.example/trap.html" })).toMatchObject({
      allowed: false,
    });
    expect(checkOrigin({ ...evidence, referer: "garbage" })).toMatchObject({ allowed: false });
  });

  it("prefers Origin over Referer", () => {
    expect(
      checkOrigin({
        ...evidence,
        origin: "https://evil.example",
        referer: "https://office.example.com/home",
      }),
    ).toMatchObject({ allowed: false });
  });

  it("allows a request with neither header (a program, not a browser)", () => {
    expect(checkOrigin(evidence)).toEqual({ allowed: true, by: "no-header" });
  });

  it("refuses when the request names no host and APP_URL does not match", () => {
    expect(checkOrigin({ ...evidence, host: undefined, origin: "https://office.example.com" })).toMatchObject(
      {
        allowed: false,
      },
    );
  });
});
