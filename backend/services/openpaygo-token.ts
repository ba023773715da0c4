// OpenPAYGO Token, written from the specification's "General Documentation" (v2) and checked against its
// published test tokens (docs/decisions/019). Only the holder of a device's key can make a token it
// accepts, and the count stops a token from being entered twice.

export type TokenType = "ADD_TIME" | "SET_TIME" | "DISABLE_PAYG" | "COUNTER_SYNC";

export const TOKEN_TYPES: readonly TokenType[] = ["ADD_TIME", "SET_TIME", "DISABLE_PAYG", "COUNTER_SYNC"];

/** Code Values Table: 0–995 are activation values, 996–997 reserved, 998 and 999 special. */
export const MAX_ACTIVATION_VALUE = 995;
export const DISABLE_PAYG_VALUE = 998;
export const COUNTER_SYNC_VALUE = 999;

export const MAX_TIME_DIVIDER = 255;

// Not in the specification: a count far beyond any real device's is a corrupt record, not computed.
export const MAX_COUNT = 100_000;

/** "Simplified description of the solution": a device accepts counts up to 30 above its last one. */
export const MAX_COUNT_JUMP = 30;
/** "Counter Synchronisation feature": searched up to 100 above, and down to 30 below, the last count. */
export const COUNTER_SYNC_JUMP_UP = 100;
export const COUNTER_SYNC_JUMP_DOWN = 30;

export type DeviceTokenSettings = {
  key: string;
  startingCode: number;
  /** Tokens of 15 digits using only 1–4, for devices with four buttons. */
  restrictedDigitMode?: boolean;
};

export type TokenRequest = DeviceTokenSettings & {
  /** The count of the last token made for the device (its initial count when none was made yet). */
  count: number;
} & ({ type: "ADD_TIME" | "SET_TIME"; value: number } | { type: "DISABLE_PAYG" | "COUNTER_SYNC" });

export type EncodedToken = {
  token: string;
  count: number;
};

export type DecodedToken =
  | { type: "ADD_TIME" | "SET_TIME"; value: number; count: number }
  | { type: "DISABLE_PAYG" | "COUNTER_SYNC"; count: number };

const KEY_PATTERN = /^[0-9a-fA-F]{32}$/;
const MAX_CODE = 999_999_999;
const BASE_MODULUS = 1000;

export function encodeToken(request: TokenRequest): EncodedToken {
  const key = parseKey(request.key);
  const startingCode = checkStartingCode(request.startingCode);
  const count = checkCount(request.count, "Count");
  const restrictedDigitMode = checkRestrictedDigitMode(request.restrictedDigitMode);
  const value = tokenValue(request);

  const newCount = nextCount(count, request.type);
  const code = tokenCode(key, startingCode, value, newCount);
  return { token: restrictedDigitMode ? toRestrictedDigits(code) : formatCode(code), count: newCount };
}

/** As a device would decode it: null when not valid for the device; throws only on invalid settings. */
export function decodeToken(
  request: DeviceTokenSettings & { lastCount: number; token: string },
): DecodedToken | null {
  const key = parseKey(request.key);
  const startingCode = checkStartingCode(request.startingCode);
  const lastCount = checkCount(request.lastCount, "Last count");
  const restrictedDigitMode = checkRestrictedDigitMode(request.restrictedDigitMode);

  const code = parseToken(request.token, restrictedDigitMode);
  if (code === null) return null;

  // "Encoding of the value": the token's last 3 digits minus the starting code's, modulo 1000.
  const value = (((code - startingCode) % BASE_MODULUS) + BASE_MODULUS) % BASE_MODULUS;
  const reserved = value > MAX_ACTIVATION_VALUE && value < DISABLE_PAYG_VALUE;
  if (reserved) return null;

  const sync = value === COUNTER_SYNC_VALUE;
  const highest = lastCount + (sync ? COUNTER_SYNC_JUMP_UP : MAX_COUNT_JUMP);
  const encodedBase = code % BASE_MODULUS;
  let chain = putBase(startingCode, encodedBase);
  for (let candidate = 0; candidate <= highest; candidate += 1) {
    if (candidate > 0) chain = nextCode(key, chain);
    if (putBase(chain, encodedBase) !== code) continue;
    // A counter sync may set the count back a little, or to 0 (the "reset token"); any other token must
    // carry a count above the last one, which is what makes a token usable once.
    const accepted = sync
      ? candidate === 0 || candidate >= lastCount - COUNTER_SYNC_JUMP_DOWN
      : candidate > lastCount;
    if (!accepted) continue;
    if (value === DISABLE_PAYG_VALUE) return { type: "DISABLE_PAYG", count: candidate };
    if (sync) return { type: "COUNTER_SYNC", count: candidate };
    return { type: candidate % 2 === 0 ? "ADD_TIME" : "SET_TIME", value, count: candidate };
  }
  return null;
}

// The Code Values Table: Add Time tokens take even counts, every other type odd ones (as in the published
// test tokens), always the next such count above the last.
export function nextCount(count: number, type: TokenType): number {
  checkCount(count, "Count");
  const wantEven = checkType(type) === "ADD_TIME";
  const next = count + 1;
  return (next % 2 === 0) === wantEven ? next : next + 1;
}

// "Time Divider and Activation Time": value = days × timeDivider; throws when that is not whole or more than
// one token carries. Unlocking a device for good is a DISABLE_PAYG token.
export function daysToValue(days: number, timeDivider: number | null = 1): number {
  const divider = checkTimeDivider(timeDivider);
  if (!Number.isFinite(days) || days < 0) throw new Error(`Days must be a number of 0 or more, not ${days}`);
  const exact = days * divider;
  const value = Math.round(exact);
  if (Math.abs(exact - value) > 1e-9) {
    throw new Error(`${days} days is not a whole number of 1/${divider} day units`);
  }
  if (value > MAX_ACTIVATION_VALUE) {
    throw new Error(
      `${days} days is ${value} units at time divider ${divider}; one token carries at most ${MAX_ACTIVATION_VALUE}`,
    );
  }
  return value;
}

export function valueToDays(value: number, timeDivider: number | null = 1): number {
  const divider = checkTimeDivider(timeDivider);
  checkActivationValue(value);
  return value / divider;
}

function tokenCode(key: Uint8Array, startingCode: number, value: number, count: number): number {
  const encodedBase = (startingCode + value) % BASE_MODULUS;
  let chain = putBase(startingCode, encodedBase);
  for (let step = 0; step < count; step += 1) chain = nextCode(key, chain);
  // Only the emitted token carries the value in its last 3 digits; the chain itself continues from the
  // full hash output, as the published test tokens require.
  return putBase(chain, encodedBase);
}

function putBase(code: number, base: number): number {
  return code - (code % BASE_MODULUS) + base;
}

// "Description of the code generation function". The specification says "remove the top 2 most significant
// bits", but the published test tokens are only reproduced by keeping the top 30 bits; codes over
// 999,999,999 are then folded down by 73,741,825 (2^30 − 10^9 + 1) to fit 9 digits.
function nextCode(key: Uint8Array, code: number): number {
  const block = new Uint8Array(8);
  const view = new DataView(block.buffer);
  view.setUint32(0, code, false);
  view.setUint32(4, code, false);
  const hash = siphash24(key, block);
  const folded = Number((hash >> 32n) ^ (hash & 0xffff_ffffn)) >>> 2;
  return folded > MAX_CODE ? folded - 73_741_825 : folded;
}

function formatCode(code: number): string {
  return String(code).padStart(9, "0");
}

// "Restricted Digit Set Mode": the 30-bit code 2 bits at a time, each pair a digit 1–4.
function toRestrictedDigits(code: number): string {
  let digits = "";
  for (let shift = 28; shift >= 0; shift -= 2) digits += String(((code >>> shift) & 0b11) + 1);
  return digits;
}

function parseToken(token: string, restrictedDigitMode: boolean): number | null {
  if (typeof token !== "string") return null;
  const digits = token.replace(/\s+/g, "");
  if (restrictedDigitMode) {
    if (!/^[1-4]{15}$/.test(digits)) return null;
    let code = 0;
    for (const digit of digits) code = code * 4 + (Number(digit) - 1);
    // 15 digits of 1–4 reach 2^30 − 1; the generator never makes a code above 999,999,999.
    return code > MAX_CODE ? null : code;
  }
  return /^\d{9}$/.test(digits) ? Number(digits) : null;
}

// SipHash-2-4 (Aumasson and Bernstein), 64-bit output.

const MASK_64 = (1n << 64n) - 1n;

function rotateLeft(word: bigint, bits: bigint): bigint {
  return ((word << bits) | (word >> (64n - bits))) & MASK_64;
}

function readLittleEndian(bytes: Uint8Array, offset: number, length: number): bigint {
  let word = 0n;
  for (let index = length - 1; index >= 0; index -= 1) word = (word << 8n) | BigInt(bytes[offset + index]);
  return word;
}

export function siphash24(key: Uint8Array, message: Uint8Array): bigint {
  if (key.length !== 16) throw new Error("A SipHash key is 16 bytes");
  const k0 = readLittleEndian(key, 0, 8);
  const k1 = readLittleEndian(key, 8, 8);
  // The initial state is the key XORed with the ASCII of "somepseudorandomlygeneratedbytes".
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;

  const sipRound = () => {
    v0 = (v0 + v1) & MASK_64;
    v1 = rotateLeft(v1, 13n) ^ v0;
    v0 = rotateLeft(v0, 32n);
    v2 = (v2 + v3) & MASK_64;
    v3 = rotateLeft(v3, 16n) ^ v2;
    v0 = (v0 + v3) & MASK_64;
    v3 = rotateLeft(v3, 21n) ^ v0;
    v2 = (v2 + v1) & MASK_64;
    v1 = rotateLeft(v1, 17n) ^ v2;
    v2 = rotateLeft(v2, 32n);
  };
  const compress = (word: bigint) => {
    v3 ^= word;
    sipRound();
    sipRound();
    v0 ^= word;
  };

  const whole = message.length - (message.length % 8);
  for (let offset = 0; offset < whole; offset += 8) compress(readLittleEndian(message, offset, 8));
  // The last block holds the remaining bytes and, in its top byte, the message length modulo 256.
  compress(readLittleEndian(message, whole, message.length - whole) | (BigInt(message.length & 0xff) << 56n));

  v2 ^= 0xffn;
  for (let round = 0; round < 4; round += 1) sipRound();
  return v0 ^ v1 ^ v2 ^ v3;
}

// A wrong setting would make tokens the device refuses, so it is an error, never a guess.

function parseKey(key: string): Uint8Array {
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) {
    throw new Error("The OpenPAYGO key must be 32 hexadecimal characters (16 bytes)");
  }
  return Uint8Array.from(key.match(/../g)!, (pair) => parseInt(pair, 16));
}

function checkStartingCode(startingCode: number): number {
  if (!Number.isInteger(startingCode) || startingCode < 0 || startingCode > MAX_CODE) {
    throw new Error(`The starting code must be a whole number of at most 9 digits, not ${startingCode}`);
  }
  return startingCode;
}

function checkCount(count: number, label: string): number {
  if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) {
    throw new Error(`${label} must be a whole number from 0 to ${MAX_COUNT}, not ${count}`);
  }
  return count;
}

function checkRestrictedDigitMode(restrictedDigitMode: boolean | undefined): boolean {
  if (restrictedDigitMode === undefined) return false;
  if (typeof restrictedDigitMode !== "boolean")
    throw new Error("Restricted digit mode must be true or false");
  return restrictedDigitMode;
}

function checkType(type: TokenType): TokenType {
  if (!TOKEN_TYPES.includes(type)) throw new Error(`Unknown token type ${String(type)}`);
  return type;
}

function checkActivationValue(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > MAX_ACTIVATION_VALUE) {
    throw new Error(`The value must be a whole number from 0 to ${MAX_ACTIVATION_VALUE}, not ${value}`);
  }
  return value;
}

function checkTimeDivider(timeDivider: number | null): number {
  if (timeDivider === null) return 1;
  if (!Number.isInteger(timeDivider) || timeDivider < 1 || timeDivider > MAX_TIME_DIVIDER) {
    throw new Error(
      `The time divider must be a whole number from 1 to ${MAX_TIME_DIVIDER}, not ${timeDivider}`,
    );
  }
  return timeDivider;
}

function tokenValue(request: TokenRequest): number {
  switch (checkType(request.type)) {
    case "ADD_TIME":
    case "SET_TIME":
      return checkActivationValue((request as { value: number }).value);
    case "DISABLE_PAYG":
      return DISABLE_PAYG_VALUE;
    case "COUNTER_SYNC":
      return COUNTER_SYNC_VALUE;
  }
}
