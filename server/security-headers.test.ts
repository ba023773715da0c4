import { contentSecurityPolicy, createNonce, securityHeaders } from "./security-headers";

function directives(policy: string) {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("contentSecurityPolicy", () => {
  const policy = directives(contentSecurityPolicy("abc123=="));

  it("lets scripts run only from here, with the nonce, and from the named providers", () => {
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'nonce-abc123=='",
      "https://maps.googleapis.com",
      "https://checkout.flutterwave.com",
    ]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("forbids framing, plugins and foreign base URLs; forms go here or to the payment checkout", () => {
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.flutterwave.com"]);
  });
});

describe("securityHeaders", () => {
  it("carries the nonce in the policy and the fixed headers", () => {
    const headers = securityHeaders({ nonce: "n0nce", https: false });
    expect(headers["Content-Security-Policy"]).toContain("'nonce-n0nce'");
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
  });

  it("adds HSTS only over HTTPS", () => {
    expect(securityHeaders({ nonce: "n", https: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders({ nonce: "n", https: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

describe("createNonce", () => {
  it("is a fresh 128-bit base64 value every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
