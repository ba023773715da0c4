import { loadApiServerSettings, loadBackendConfig } from "./config";

// A production start names its database; these tests choose the embedded one.
const site = { APP_URL: "https://office.example.com", EMBEDDED_DATABASE: "1" };

describe("loadBackendConfig", () => {
  it("has working defaults", () => {
    const config = loadBackendConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      databaseUrl: null,
      appUrl: "http://localhost:3000",
      admin: null,
      demoData: false,
      mailOutboxDir: null,
      tokenTtlHours: 168,
      bodyLimitBytes: 1024 * 1024,
      trustProxyHops: 0,
    });
    expect(config.pgliteDir).toMatch(/data[/\\]pglite$/);
  });

  it("builds the app URL from PORT and drops a trailing slash", () => {
    expect(loadBackendConfig({ PORT: "4000" }).appUrl).toBe("http://localhost:4000");
    expect(loadBackendConfig({ APP_URL: "https://office.example.com/" }).appUrl).toBe(
      "https://office.example.com",
    );
  });

  it("reads flags, numbers and the admin account", () => {
    const config = loadBackendConfig({
      DEMO_DATA: "true",
      TOKEN_TTL_HOURS: "12",
      BODY_LIMIT_BYTES: "2048",
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "Sup3rsecret",
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
    });
    expect(config).toMatchObject({
      demoData: true,
      tokenTtlHours: 12,
      bodyLimitBytes: 2048,
      admin: { email: "boss@example.com", password: "Sup3rsecret" },
      databaseUrl: "postgres://u@127.0.0.1:5432/db",
    });
  });

  it("believes forwarded addresses through as many proxies as TRUST_PROXY says, none by default", () => {
    expect(loadBackendConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(loadBackendConfig({ TRUST_PROXY: "" }).trustProxyHops).toBe(0);
    expect(() => loadBackendConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: must be 0, or the number/);
    expect(() => loadBackendConfig({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });

  it("treats empty values as unset", () => {
    expect(loadBackendConfig({ DATABASE_URL: "", DEMO_DATA: "", TOKEN_TTL_HOURS: "" })).toMatchObject({
      databaseUrl: null,
      demoData: false,
      tokenTtlHours: 168,
    });
  });

  it("lists every bad variable at once, without echoing values", () => {
    let message = "";
    try {
      loadBackendConfig({
        DATABASE_URL: "mysql://nope",
        TOKEN_TTL_HOURS: "soon",
        BODY_LIMIT_BYTES: "-1",
        DEMO_DATA: "yes",
        ADMIN_PASSWORD: "hunter2",
        APP_URL: "not a url",
      });
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    for (const name of [
      "DATABASE_URL",
      "TOKEN_TTL_HOURS",
      "BODY_LIMIT_BYTES",
      "DEMO_DATA",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "APP_URL",
    ]) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain("hunter2");
  });

  it("needs ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadBackendConfig({ ADMIN_EMAIL: "boss@example.com" })).toThrow(
      /ADMIN_PASSWORD: is required/,
    );
  });

  it("uses the sandbox provider without Flutterwave keys, and needs all three keys or none", () => {
    expect(loadBackendConfig({}).flutterwave).toBeNull();
    const keys = {
      FLW_PUBLIC_KEY: "FLWPUBK_TEST-0123456789abcdef-X",
      FLW_SECRET_KEY: "FLWSECK_TEST-0123456789abcdef-X",
      FLW_WEBHOOK_HASH: "a-long-hash",
    };
    expect(loadBackendConfig(keys).flutterwave).toEqual({
      publicKey: keys.FLW_PUBLIC_KEY,
      secretKey: keys.FLW_SECRET_KEY,
      webhookHash: keys.FLW_WEBHOOK_HASH,
      baseUrl: "https://api.flutterwave.com",
    });
    expect(() => loadBackendConfig({ FLW_SECRET_KEY: keys.FLW_SECRET_KEY })).toThrow(
      /FLW_PUBLIC_KEY: is required when FLW_SECRET_KEY is set/,
    );
    expect(() => loadBackendConfig({ ...keys, FLW_WEBHOOK_HASH: "" })).toThrow(
      /FLW_WEBHOOK_HASH: is required/,
    );
    expect(() => loadBackendConfig({ ...keys, FLW_PUBLIC_KEY: "short" })).toThrow(/FLW_PUBLIC_KEY/);
  });

  it("refuses to start in production without a chosen database: DATABASE_URL or EMBEDDED_DATABASE=1, not both", () => {
    const rest = { NODE_ENV: "production", PAYMENT_SANDBOX: "1", APP_URL: "https://office.example.com" };
    expect(() => loadBackendConfig(rest)).toThrow(
      /DATABASE_URL: production needs DATABASE_URL \(postgres:\/\/…, the database every instance shares\), or EMBEDDED_DATABASE=1/,
    );
    expect(loadBackendConfig({ ...rest, EMBEDDED_DATABASE: "1" }).databaseUrl).toBeNull();
    const url = "postgres://app@db.internal/office";
    expect(loadBackendConfig({ ...rest, DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(() => loadBackendConfig({ ...rest, DATABASE_URL: url, EMBEDDED_DATABASE: "1" })).toThrow(
      /EMBEDDED_DATABASE: cannot be 1 together with DATABASE_URL/,
    );
    // Outside production the embedded database stays the default.
    expect(loadBackendConfig({}).databaseUrl).toBeNull();
  });

  it("refuses to start in production without APP_URL, which links sent by e-mail are built from", () => {
    expect(() => loadBackendConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "1" })).toThrow(
      /APP_URL: production needs the address staff open the app at, such as https:\/\/office.example.com/,
    );
    expect(loadBackendConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "1", ...site }).appUrl).toBe(
      "https://office.example.com",
    );
  });

  it("refuses to start in production without Flutterwave keys unless the sandbox is chosen explicitly", () => {
    expect(() => loadBackendConfig({ ...site, NODE_ENV: "production" })).toThrow(
      /PAYMENT_SANDBOX: production needs FLW_PUBLIC_KEY, FLW_SECRET_KEY and FLW_WEBHOOK_HASH for real payments, or PAYMENT_SANDBOX=1/,
    );
    expect(() => loadBackendConfig({ ...site, NODE_ENV: "production", PAYMENT_SANDBOX: "0" })).toThrow(
      /PAYMENT_SANDBOX: production needs/,
    );
    expect(
      loadBackendConfig({ ...site, NODE_ENV: "production", PAYMENT_SANDBOX: "1" }).flutterwave,
    ).toBeNull();
    expect(
      loadBackendConfig({ ...site, NODE_ENV: "production", PAYMENT_SANDBOX: "true" }).flutterwave,
    ).toBeNull();
    expect(() => loadBackendConfig({ PAYMENT_SANDBOX: "yes" })).toThrow(
      /PAYMENT_SANDBOX: must be "1", "true", "0" or "false"/,
    );
    const keys = {
      FLW_PUBLIC_KEY: "FLWPUBK_TEST-0123456789abcdef-X",
      FLW_SECRET_KEY: "FLWSECK_TEST-0123456789abcdef-X",
      FLW_WEBHOOK_HASH: "a-long-hash",
    };
    expect(loadBackendConfig({ ...site, NODE_ENV: "production", ...keys }).flutterwave).not.toBeNull();
    // The npm scripts allow the sandbox by default: keys given as well still mean Flutterwave.
    expect(
      loadBackendConfig({ ...site, NODE_ENV: "production", ...keys, PAYMENT_SANDBOX: "1" }).flutterwave,
    ).not.toBeNull();
  });
});

describe("loadApiServerSettings", () => {
  it("listens on loopback only unless HOST says otherwise", () => {
    expect(loadApiServerSettings({})).toMatchObject({ port: 3001, hostname: "127.0.0.1" });
    expect(loadApiServerSettings({ HOST: "", PORT: "" })).toMatchObject({
      port: 3001,
      hostname: "127.0.0.1",
    });
    expect(loadApiServerSettings({ HOST: "0.0.0.0", PORT: "4001" })).toMatchObject({
      port: 4001,
      hostname: "0.0.0.0",
    });
  });

  it("reads the stop's delay and drain, and refuses odd ones", () => {
    expect(loadApiServerSettings({}).shutdown).toEqual({ delayMs: 0, drainMs: 8_000 });
    expect(loadApiServerSettings({ SHUTDOWN_DELAY_MS: "5000", SHUTDOWN_DRAIN_MS: "30000" }).shutdown).toEqual(
      { delayMs: 5_000, drainMs: 30_000 },
    );
    expect(() => loadApiServerSettings({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(
      /SHUTDOWN_DRAIN_MS: must be 0 or more/,
    );
    expect(() => loadApiServerSettings({ SHUTDOWN_DELAY_MS: "soon" })).toThrow(
      /SHUTDOWN_DELAY_MS: must be a whole/,
    );
  });

  it("refuses a port that is not one", () => {
    expect(() => loadApiServerSettings({ PORT: "http" })).toThrow(/PORT: must be a whole number/);
    expect(() => loadApiServerSettings({ PORT: "70000" })).toThrow(/PORT: must be at most 65535/);
  });
});
