import { z } from "zod";

// Integer kobo inside the backend, naira at the API (as the spec speaks it); conversions happen here only,
// on integers, never by float arithmetic on totals.
export const MAX_NAIRA = 1_000_000_000_000;

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Kobo too large for a double to multiply exactly (a batch's value), as naira text with two decimals. */
export function koboToNairaText(kobo: bigint): string {
  const sign = kobo < 0n ? "-" : "";
  const whole = kobo < 0n ? -kobo : kobo;
  return `${sign}${whole / 100n}.${String(whole % 100n).padStart(2, "0")}`;
}

export function nairaField(label: string, { allowZero = false }: { allowZero?: boolean } = {}) {
  const message = `${label} must be a ${allowZero ? "non-negative" : "positive"} number with at most 2 decimals`;
  const required = `${label} is required`;
  const fail = (context: z.RefinementCtx, text: string) => {
    context.addIssue({ code: "custom", message: text });
    return z.NEVER;
  };
  // unknown, not number | string: a union would answer its own "Invalid input" instead of the field's words.
  return z.unknown().transform((value, context) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      return fail(context, required);
    }
    let naira: number;
    if (typeof value === "number") naira = value;
    else if (typeof value === "string" && /^\d[\d,]*(\.\d{1,2})?$/.test(value.trim()))
      naira = Number(value.trim().replace(/,/g, ""));
    else return fail(context, message);
    const kobo = Math.round(naira * 100);
    const twoDecimals = Math.abs(naira * 100 - kobo) < 1e-6;
    if (
      !Number.isFinite(naira) ||
      !twoDecimals ||
      naira < 0 ||
      (!allowZero && naira === 0) ||
      naira > MAX_NAIRA
    ) {
      return fail(context, message);
    }
    return kobo;
  });
}
