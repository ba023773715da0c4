import { readServerSettings } from "./settings";

describe("readServerSettings", () => {
  it("defaults: port 3000 on every interface, no trusted proxy, production", () => {
    expect(readServerSettings({})).toEqual({
      mode: "production",
      port: 3000,
      host: undefined,
      trustProxyHops: 0,
      appOrigin: undefined,
      bodyLimitBytes: 1024 * 1024,
      shutdown: { delayMs: 0, drainMs: 8_000 },
      metricsPort: undefined,
    });
  });

  it("reads PORT, HOST, TRUST_PROXY and APP_URL's origin; empty means unset", () => {
    expect(
      readServerSettings({
        NODE_ENV: "development",
        PORT: "8080",
        HOST: "127.0.0.1",
        TRUST_PROXY: "1",
        APP_URL: "https://office.example.com/some/path",
        BODY_LIMIT_BYTES: "4096",
        SHUTDOWN_DELAY_MS: "5000",
        SHUTDOWN_DRAIN_MS: "",
        METRICS_PORT: "9464",
      }),
    ).toEqual({
      mode: "development",
      port: 8080,
      host: "127.0.0.1",
      trustProxyHops: 1,
      appOrigin: "https://office.example.com",
      bodyLimitBytes: 4096,
      shutdown: { delayMs: 5_000, drainMs: 8_000 },
      metricsPort: 9464,
    });
    expect(readServerSettings({ PORT: "", TRUST_PROXY: "" })).toMatchObject({
      port: 3000,
      trustProxyHops: 0,
    });
  });

  it("stops with a message naming each bad variable", () => {
    expect(() => readServerSettings({ PORT: "70000", TRUST_PROXY: "yes", APP_URL: "office" })).toThrow(
      /PORT must be between 1 and 65535\n {2}TRUST_PROXY must be 0, .*\n {2}APP_URL must be an absolute URL/,
    );
  });
});
