import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("stores scrypt parameters, salt and hash, never the password", async () => {
    const stored = await hashPassword("Secret-123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain("Secret-123");
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Secret-123")).not.toBe(await hashPassword("Secret-123"));
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Secret-123");
    expect(await verifyPassword("Secret-123", stored)).toBe(true);
    expect(await verifyPassword("secret-123", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("refuses malformed stored values instead of throwing", async () => {
    for (const stored of [
      "",
      "plain",
      "scrypt$1$2$3$4",
      "bcrypt$16384$8$1$c2FsdA==$aGFzaA==",
      "scrypt$x$8$1$c2FsdA==$aGFzaA==",
    ]) {
      expect(await verifyPassword("Secret-123", stored)).toBe(false);
    }
  });

  it("verifies hashes made with other cost parameters", async () => {
    const stored = await hashPassword("Secret-123");
    const [, , , , salt] = stored.split("$");
    const { scryptSync } = await import("node:crypto");
    const cheaper = [
      "scrypt",
      1024,
      8,
      1,
      salt,
      scryptSync("Secret-123", Buffer.from(salt, "base64"), 64, { N: 1024 }).toString("base64"),
    ].join("$");
    expect(await verifyPassword("Secret-123", cheaper)).toBe(true);
  });

  it("has a decoy check that always fails", async () => {
    expect(await verifyAgainstDecoy("anything")).toBe(false);
  });
});
