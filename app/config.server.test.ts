import { loadAppConfig } from "./config.server";

describe("loadAppConfig's session secrets", () => {
  const secret = "a-current-secret-of-32-characters";

  it("signs with SESSION_SECRET and still accepts the previous ones, for a rotation", () => {
    const config = loadAppConfig({
      NODE_ENV: "production",
      SESSION_SECRET: secret,
      SESSION_SECRET_PREVIOUS: "an-older-secret-0001, an-even-older-secret-02",
    });
    expect(config.sessionSecrets).toEqual([secret, "an-older-secret-0001", "an-even-older-secret-02"]);
    expect(() =>
      loadAppConfig({ NODE_ENV: "production", SESSION_SECRET: secret, SESSION_SECRET_PREVIOUS: "short" }),
    ).toThrow(/SESSION_SECRET_PREVIOUS.0 each secret must be at least 16 characters/);
  });

  it("requires SESSION_SECRET beside DATABASE_URL even with demo data: instances share no data folder", () => {
    expect(() =>
      loadAppConfig({ NODE_ENV: "production", DEMO_DATA: "1", DATABASE_URL: "postgres://db/office" }),
    ).toThrow(
      /SESSION_SECRET is required with DATABASE_URL: every instance must sign cookies with the same secret/,
    );
    expect(() => loadAppConfig({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET is required in production/,
    );
  });
});
