import { describe, expect, test } from "vitest";
import {
  MAX_ACTIVATION_VALUE,
  MAX_COUNT,
  daysToValue,
  decodeToken,
  encodeToken,
  nextCount,
  siphash24,
  valueToDays,
} from "./openpaygo-token";
import type { DecodedToken, TokenRequest, TokenType } from "./openpaygo-token";
// Published test data, not produced by this module: the SipHash reference vectors, the OpenPAYGO Token
// test token set and the OpenPAYGO Token Example Implementation's quick test (sources in the file).
import vectors from "./openpaygo-token.vectors.json";

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** The 64-bit tag as the reference vectors print it: its 8 bytes, least significant first. */
const tagHex = (tag: bigint) =>
  Array.from({ length: 8 }, (_, index) =>
    Number((tag >> BigInt(8 * index)) & 0xffn)
      .toString(16)
      .padStart(2, "0"),
  ).join("");

type Case = { type: string; value: number | null };

/** A published case as an encoder request and the decoder's expected answer. */
function request(
  device: { key: string; startingCode: number },
  count: number,
  entry: Case,
  restrictedDigitMode: boolean,
): TokenRequest {
  const type = entry.type as TokenType;
  const settings = { key: device.key, startingCode: device.startingCode, count, restrictedDigitMode };
  return type === "ADD_TIME" || type === "SET_TIME"
    ? { ...settings, type, value: entry.value as number }
    : { ...settings, type };
}

function decoded(entry: Case, count: number): DecodedToken {
  const type = entry.type as TokenType;
  return type === "ADD_TIME" || type === "SET_TIME"
    ? { type, value: entry.value as number, count }
    : { type, count };
}

const KEY = "0123456789abcdef0123456789ABCDEF";
const STARTING_CODE = 987_654_321;

describe("SipHash-2-4", () => {
  const key = hexBytes(vectors.siphash24.key);
  test.each(vectors.siphash24.tags.map((tag, length) => [length, tag] as const))(
    "reference vector for a %i-byte message",
    (length, tag) => {
      const message = Uint8Array.from({ length }, (_, index) => index);
      expect(tagHex(siphash24(key, message))).toBe(tag);
    },
  );

  test("refuses a key that is not 16 bytes", () => {
    expect(() => siphash24(new Uint8Array(15), new Uint8Array(0))).toThrow("16 bytes");
  });
});

describe("published OpenPAYGO test tokens", () => {
  for (const device of vectors.tokens.devices) {
    for (const restrictedDigitMode of [false, true]) {
      const mode = restrictedDigitMode ? "restricted digits" : "standard";
      test.each(device.cases)(`${device.serialNumber}, ${mode}: $type $value`, (entry) => {
        const expected = restrictedDigitMode ? entry.restrictedToken : entry.token;
        const settings = { key: device.key, startingCode: device.startingCode, restrictedDigitMode };

        expect(encodeToken(request(device, device.count, entry, restrictedDigitMode))).toEqual({
          token: expected,
          count: entry.newCount,
        });
        expect(decodeToken({ ...settings, lastCount: device.count, token: expected })).toEqual(
          decoded(entry, entry.newCount),
        );
      });
    }
  }
});

describe("the Example Implementation's quick test", () => {
  const { key, startingCode, steps } = vectors.quickTest;
  const device = { key, startingCode };

  test("the server makes the same tokens in the same order from a count of 0", () => {
    let count = vectors.quickTest.count;
    for (const step of steps) {
      const made = encodeToken(request(device, count, step, false));
      expect(made.token).toBe(step.token);
      count = made.count;
    }
  });

  test("a device accepts each token once, in order, and refuses an invalid one", () => {
    let lastCount = vectors.quickTest.count;
    expect(decodeToken({ ...device, lastCount, token: vectors.quickTest.invalidToken })).toBeNull();
    for (const [index, step] of steps.entries()) {
      const result = decodeToken({ ...device, lastCount, token: step.token });
      expect(result).toMatchObject(decoded(step, result?.count ?? -1));
      lastCount = result!.count;
      if (index === 0) expect(decodeToken({ ...device, lastCount, token: step.token })).toBeNull();
    }
  });

  test("the General Documentation's restricted-digit example", () => {
    const { token, restrictedToken } = vectors.quickTest.restrictedDigitExample;
    const first = steps[0];
    expect(first.token).toBe(token);
    expect(encodeToken(request(device, vectors.quickTest.count, first, true)).token).toBe(restrictedToken);
    expect(
      decodeToken({ ...device, restrictedDigitMode: true, lastCount: 0, token: restrictedToken }),
    ).toMatchObject({ type: "ADD_TIME", value: 1 });
  });
});

describe("count rules", () => {
  test("Add Time takes the next even count, every other type the next odd one", () => {
    expect([0, 1, 2, 3].map((count) => nextCount(count, "ADD_TIME"))).toEqual([2, 2, 4, 4]);
    for (const type of ["SET_TIME", "DISABLE_PAYG", "COUNTER_SYNC"] as const) {
      expect([0, 1, 2, 3].map((count) => nextCount(count, type))).toEqual([1, 3, 3, 5]);
    }
  });
});

describe("encoding then decoding", () => {
  const counts = [...Array.from({ length: 40 }, (_, count) => count), 99, 100, 101, 998, 2_345];
  const values = [0, 1, 2, 7, 30, 99, 100, 365, 500, 994, MAX_ACTIVATION_VALUE];

  for (const restrictedDigitMode of [false, true]) {
    const device = { key: KEY, startingCode: STARTING_CODE, restrictedDigitMode };
    const pattern = restrictedDigitMode ? /^[1-4]{15}$/ : /^\d{9}$/;

    test(`${restrictedDigitMode ? "restricted digits" : "standard"}: every type, value and count comes back`, () => {
      for (const [index, count] of counts.entries()) {
        const value = values[index % values.length];
        const requests: TokenRequest[] = [
          { ...device, count, type: "ADD_TIME", value },
          { ...device, count, type: "SET_TIME", value: values[(index + 3) % values.length] },
          { ...device, count, type: "DISABLE_PAYG" },
          { ...device, count, type: "COUNTER_SYNC" },
        ];
        for (const made of requests) {
          const { token, count: newCount } = encodeToken(made);
          expect(token).toMatch(pattern);
          const back = decodeToken({ ...device, lastCount: count, token });
          expect(back).toEqual(
            "value" in made
              ? { type: made.type, value: made.value, count: newCount }
              : { type: made.type, count: newCount },
          );
          // Used once: the same token is refused once the device has stored its count.
          if (made.type !== "COUNTER_SYNC") {
            expect(decodeToken({ ...device, lastCount: newCount, token })).toBeNull();
          }
        }
      }
    });

    test(`${restrictedDigitMode ? "restricted digits" : "standard"}: every value at one count`, () => {
      for (let value = 0; value <= MAX_ACTIVATION_VALUE; value += 1) {
        const { token, count } = encodeToken({ ...device, count: 7, type: "SET_TIME", value });
        expect(decodeToken({ ...device, lastCount: 7, token })).toEqual({ type: "SET_TIME", value, count });
      }
    });
  }

  test("tokens may be skipped up to 30 counts, not more", () => {
    const device = { key: KEY, startingCode: STARTING_CODE };
    const { token, count } = encodeToken({ ...device, count: 40, type: "ADD_TIME", value: 3 });
    expect(decodeToken({ ...device, lastCount: count - 30, token })).toMatchObject({ value: 3, count });
    expect(decodeToken({ ...device, lastCount: count - 31, token })).toBeNull();
  });

  test("a counter sync token may set the count back by up to 30", () => {
    const device = { key: KEY, startingCode: STARTING_CODE };
    const { token, count } = encodeToken({ ...device, count: 150, type: "COUNTER_SYNC" });
    expect(decodeToken({ ...device, lastCount: count + 30, token })).toEqual({ type: "COUNTER_SYNC", count });
    expect(decodeToken({ ...device, lastCount: count - 100, token })).toEqual({
      type: "COUNTER_SYNC",
      count,
    });
    expect(decodeToken({ ...device, lastCount: count + 31, token })).toBeNull();
    expect(decodeToken({ ...device, lastCount: count - 101, token })).toBeNull();
  });

  test("a token is worth nothing to another device", () => {
    const { token } = encodeToken({
      key: KEY,
      startingCode: STARTING_CODE,
      count: 4,
      type: "ADD_TIME",
      value: 30,
    });
    const otherKey = "fedcba9876543210fedcba9876543210";
    expect(decodeToken({ key: otherKey, startingCode: STARTING_CODE, lastCount: 4, token })).toBeNull();
    expect(decodeToken({ key: KEY, startingCode: STARTING_CODE + 1_000, lastCount: 4, token })).toBeNull();
  });

  test("the key's hexadecimal digits may be in either case", () => {
    const base = { startingCode: STARTING_CODE, count: 4, type: "ADD_TIME", value: 30 } as const;
    expect(encodeToken({ ...base, key: KEY.toLowerCase() })).toEqual(
      encodeToken({ ...base, key: KEY.toUpperCase() }),
    );
  });

  test("spaces in a typed token are ignored", () => {
    const device = { key: KEY, startingCode: STARTING_CODE };
    const { token } = encodeToken({ ...device, count: 0, type: "ADD_TIME", value: 12 });
    const spaced = `${token.slice(0, 3)} ${token.slice(3, 6)} ${token.slice(6)}`;
    expect(decodeToken({ ...device, lastCount: 0, token: spaced })).toMatchObject({ value: 12 });
  });
});

describe("days and values", () => {
  test("value = days × time divider", () => {
    expect(daysToValue(30)).toBe(30);
    expect(daysToValue(30, null)).toBe(30);
    expect(daysToValue(7, 4)).toBe(28);
    expect(daysToValue(5.5, 4)).toBe(22);
    expect(daysToValue(0.25, 4)).toBe(1);
    expect(daysToValue(0.3, 10)).toBe(3);
    expect(daysToValue(995)).toBe(995);
    expect(valueToDays(22, 4)).toBe(5.5);
    expect(valueToDays(30)).toBe(30);
  });

  test("refuses what one token cannot carry", () => {
    expect(() => daysToValue(996)).toThrow("at most 995");
    expect(() => daysToValue(249, 4)).toThrow("at most 995");
    expect(() => daysToValue(0.5)).toThrow("not a whole number");
    expect(() => daysToValue(1 / 3, 4)).toThrow("not a whole number");
    expect(() => daysToValue(-1)).toThrow("0 or more");
    expect(() => daysToValue(Number.NaN)).toThrow("0 or more");
    expect(() => daysToValue(1, 0)).toThrow("time divider");
    expect(() => daysToValue(1, 256)).toThrow("time divider");
    expect(() => daysToValue(1, 1.5)).toThrow("time divider");
    expect(() => valueToDays(996)).toThrow("0 to 995");
  });
});

describe("refusals", () => {
  const good = { key: KEY, startingCode: STARTING_CODE, count: 1, type: "ADD_TIME", value: 1 } as const;

  test.each([
    ["a key one character short", { ...good, key: KEY.slice(1) }, "32 hexadecimal characters"],
    ["a key one character long", { ...good, key: `${KEY}0` }, "32 hexadecimal characters"],
    ["a key that is not hexadecimal", { ...good, key: `${KEY.slice(1)}g` }, "32 hexadecimal characters"],
    ["a key with spaces", { ...good, key: ` ${KEY.slice(1)}` }, "32 hexadecimal characters"],
    ["a negative starting code", { ...good, startingCode: -1 }, "starting code"],
    ["a 10-digit starting code", { ...good, startingCode: 1_000_000_000 }, "starting code"],
    ["a fractional starting code", { ...good, startingCode: 123_456.5 }, "starting code"],
    ["a negative count", { ...good, count: -1 }, "Count"],
    ["a fractional count", { ...good, count: 1.5 }, "Count"],
    ["a count beyond the limit", { ...good, count: MAX_COUNT + 1 }, "Count"],
    ["value 996", { ...good, value: 996 }, "0 to 995"],
    ["value 998 as time", { ...good, type: "SET_TIME", value: 998 }, "0 to 995"],
    ["a negative value", { ...good, value: -1 }, "0 to 995"],
    ["a fractional value", { ...good, value: 1.5 }, "0 to 995"],
    ["no value", { key: KEY, startingCode: STARTING_CODE, count: 1, type: "ADD_TIME" }, "0 to 995"],
    ["an unknown type", { ...good, type: "UNLOCK" }, "Unknown token type"],
    ["a restricted digit mode that is not a boolean", { ...good, restrictedDigitMode: 1 }, "true or false"],
  ])("refuses %s", (_, input, message) => {
    expect(() => encodeToken(input as unknown as TokenRequest)).toThrow(message);
  });

  test("the decoder refuses bad device settings the same way", () => {
    const device = { key: KEY, startingCode: STARTING_CODE, lastCount: 0, token: "123456789" };
    expect(() => decodeToken({ ...device, key: "short" })).toThrow("32 hexadecimal characters");
    expect(() => decodeToken({ ...device, startingCode: -5 })).toThrow("starting code");
    expect(() => decodeToken({ ...device, lastCount: -1 })).toThrow("Last count");
  });

  test("the decoder finds malformed tokens invalid", () => {
    const device = { key: KEY, startingCode: STARTING_CODE, lastCount: 0 };
    for (const token of ["", "12345678", "1234567890", "12345678a", "-12345678"]) {
      expect(decodeToken({ ...device, token })).toBeNull();
    }
    const restricted = { ...device, restrictedDigitMode: true };
    for (const token of ["123456789", "12341234123412", "123412341234125", "444444444444444"]) {
      expect(decodeToken({ ...restricted, token })).toBeNull();
    }
  });

  test("the decoder finds the reserved values 996 and 997 invalid", () => {
    // The token's last 3 digits minus the starting code's give the value; 321 + 996 ends in 317.
    const device = { key: KEY, startingCode: STARTING_CODE, lastCount: 0 };
    expect(decodeToken({ ...device, token: "000000317" })).toBeNull();
    expect(decodeToken({ ...device, token: "000000318" })).toBeNull();
  });
});
