import { normalisePhone } from "./phone";

describe("normalisePhone", () => {
  it("writes every form of a Nigerian number the same way", () => {
    for (const typed of [
      "08129999999",
      "0812-999-9999",
      "0812 999 9999",
      "+2348129999999",
      "+234 812 999 9999",
      "+234 (0) 812 999 9999",
      "2348129999999".replace(/^/, "+"),
      "002348129999999",
      "8129999999",
    ]) {
      expect(normalisePhone(typed), typed).toBe("08129999999");
    }
  });

  it("keeps landlines and other countries' numbers", () => {
    expect(normalisePhone("01 234 5678")).toBe("012345678");
    expect(normalisePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalisePhone("0044 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is not a phone number", () => {
    for (const typed of [
      "abc<script>",
      "",
      "0812",
      "+",
      "++2348129999999",
      "0812x9999999",
      "1234567890123456789",
      "+234 12",
    ]) {
      expect(normalisePhone(typed), typed).toBeNull();
    }
  });
});
