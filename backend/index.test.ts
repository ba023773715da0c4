import { getBackend } from "./index";

describe("getBackend", () => {
  it("stops on a bad configuration and tries again on the next call instead of caching the failure", async () => {
    const saved = process.env.TOKEN_TTL_HOURS;
    process.env.TOKEN_TTL_HOURS = "soon";
    try {
      const first = getBackend();
      await expect(first).rejects.toThrow(/TOKEN_TTL_HOURS: must be a whole number/);
      const second = getBackend();
      expect(second).not.toBe(first);
      await expect(second).rejects.toThrow(/TOKEN_TTL_HOURS/);
    } finally {
      if (saved === undefined) delete process.env.TOKEN_TTL_HOURS;
      else process.env.TOKEN_TTL_HOURS = saved;
    }
  });
});
