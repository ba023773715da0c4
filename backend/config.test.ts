import { loadApiServerSettings, loadBackendConfig } from "./config";
import { realSmsProviderFor, smsProviderName } from "./services/messaging/sms-providers";

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

describe("SMS gateway and mail settings", () => {
  const at = { AT_USERNAME: "solardesk", AT_API_KEY: "atsk_0123456789abcdef" };
  const termii = {
    TERMII_API_KEY: "TL0123456789abcdef",
    TERMII_SENDER_ID: "SolarDesk",
    TERMII_SECRET_KEY: "termii-secret",
  };

  it("uses the sandbox without keys, and the gateway whose keys are set", () => {
    expect(loadBackendConfig({}).sms).toEqual({ provider: "sandbox" });
    expect(loadBackendConfig(at).sms).toEqual({
      provider: "africastalking",
      username: "solardesk",
      apiKey: at.AT_API_KEY,
      senderId: null,
      baseUrl: "https://api.africastalking.com",
      reportToken: null,
    });
    expect(loadBackendConfig(termii).sms).toEqual({
      provider: "termii",
      apiKey: termii.TERMII_API_KEY,
      senderId: "SolarDesk",
      secretKey: "termii-secret",
      baseUrl: "https://api.ng.termii.com",
    });
  });

  it("reads Africa's Talking's optional settings, and the sandbox account's host", () => {
    expect(
      loadBackendConfig({
        ...at,
        AT_SENDER_ID: "SOLARDESK",
        AT_REPORT_TOKEN: "a-long-random-report-token",
        AT_BASE_URL: "http://127.0.0.1:4010/",
      }).sms,
    ).toMatchObject({
      senderId: "SOLARDESK",
      reportToken: "a-long-random-report-token",
      baseUrl: "http://127.0.0.1:4010",
    });
    expect(loadBackendConfig({ ...at, AT_USERNAME: "sandbox" }).sms).toMatchObject({
      baseUrl: "https://api.sandbox.africastalking.com",
    });
    expect(() => loadBackendConfig({ ...at, AT_REPORT_TOKEN: "short" })).toThrow(
      /AT_REPORT_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadBackendConfig({ ...at, AT_SENDER_ID: "MUCH-TOO-LONG-ID" })).toThrow(
      /AT_SENDER_ID: must be at most 11 characters/,
    );
    expect(() => loadBackendConfig({ ...termii, TERMII_BASE_URL: "api.ng.termii.com" })).toThrow(
      /TERMII_BASE_URL: must be an absolute URL/,
    );
  });

  it("names every missing key of a gateway given in part", () => {
    expect(() => loadBackendConfig({ AT_API_KEY: at.AT_API_KEY })).toThrow(
      /AT_USERNAME: is required when AT_API_KEY is set/,
    );
    expect(() => loadBackendConfig({ AT_SENDER_ID: "SOLARDESK" })).toThrow(
      /AT_USERNAME: is required when AT_SENDER_ID is set[\s\S]*AT_API_KEY: is required when AT_SENDER_ID is set/,
    );
    let message = "";
    try {
      loadBackendConfig({ TERMII_API_KEY: termii.TERMII_API_KEY });
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    expect(message).toContain("TERMII_SENDER_ID: is required when TERMII_API_KEY is set");
    expect(message).toContain("TERMII_SECRET_KEY: is required when TERMII_API_KEY is set");
    expect(message).not.toContain(termii.TERMII_API_KEY);
    expect(() => loadBackendConfig({ ...termii, TERMII_SECRET_KEY: "" })).toThrow(
      /TERMII_SECRET_KEY: is required when TERMII_API_KEY and TERMII_SENDER_ID are set/,
    );
  });

  it("needs SMS_PROVIDER when both gateways' keys are set, and obeys it", () => {
    expect(() => loadBackendConfig({ ...at, ...termii })).toThrow(
      /SMS_PROVIDER: is required when the keys of both Africa's Talking \(AT_\*\) and Termii \(TERMII_\*\) are set/,
    );
    expect(loadBackendConfig({ ...at, ...termii, SMS_PROVIDER: "termii" }).sms.provider).toBe("termii");
    expect(loadBackendConfig({ ...at, ...termii, SMS_PROVIDER: "africastalking" }).sms.provider).toBe(
      "africastalking",
    );
    expect(loadBackendConfig({ ...at, SMS_PROVIDER: "sandbox" }).sms).toEqual({ provider: "sandbox" });
  });

  it("refuses SMS_PROVIDER naming a gateway without its keys, or no gateway at all", () => {
    expect(() => loadBackendConfig({ SMS_PROVIDER: "africastalking" })).toThrow(
      /SMS_PROVIDER: is "africastalking" but AT_USERNAME and AT_API_KEY are not set/,
    );
    expect(() => loadBackendConfig({ ...at, SMS_PROVIDER: "termii" })).toThrow(
      /SMS_PROVIDER: is "termii" but TERMII_API_KEY, TERMII_SENDER_ID and TERMII_SECRET_KEY are not set/,
    );
    expect(() => loadBackendConfig({ SMS_PROVIDER: "twilio" })).toThrow(
      /SMS_PROVIDER: must be "africastalking", "termii" or "sandbox"/,
    );
    expect(loadBackendConfig({ SMS_PROVIDER: "" }).sms).toEqual({ provider: "sandbox" });
  });

  it("builds the chosen gateway, and none for the sandbox", () => {
    expect(smsProviderName(loadBackendConfig({}))).toBe("sandbox");
    expect(realSmsProviderFor(loadBackendConfig({}))).toBeNull();
    expect(realSmsProviderFor(loadBackendConfig(at))?.name).toBe("africastalking");
    expect(realSmsProviderFor(loadBackendConfig(termii))?.name).toBe("termii");
    expect(smsProviderName(loadBackendConfig({ ...at, ...termii, SMS_PROVIDER: "termii" }))).toBe("termii");
  });

  it("reads SMTP_URL and MAIL_FROM, with a plain sender by default", () => {
    expect(loadBackendConfig({})).toMatchObject({
      smtpUrl: null,
      mailFrom: "SolarDesk <no-reply@localhost>",
    });
    const url = "smtps://mailer:secret@mail.example.com:465";
    expect(
      loadBackendConfig({ SMTP_URL: url, MAIL_FROM: "Sunny Solar <accounts@sunny.example.com>" }),
    ).toMatchObject({ smtpUrl: url, mailFrom: "Sunny Solar <accounts@sunny.example.com>" });
    expect(loadBackendConfig({ MAIL_FROM: "accounts@sunny.example.com" }).mailFrom).toBe(
      "accounts@sunny.example.com",
    );
    let message = "";
    try {
      loadBackendConfig({ SMTP_URL: "https://user:hunter22@mail.example.com", MAIL_FROM: "Sunny Solar" });
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(message).toContain("MAIL_FROM: must be an address");
    expect(message).not.toContain("hunter22");
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
