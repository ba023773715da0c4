// How money and counts are written, on screens and in the API's messages alike: comma thousands, and two
// decimals only when the value is fractional ("₦208,623.80", never "₦208,623.8").

export function toFiniteNumber(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value.replace(/,/g, ""));
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

// Built once: toLocaleString with options builds a new formatter on every call.
const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const FRACTIONAL = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function groupThousands(digits: string): string {
  let grouped = "";
  let end = digits.length;
  for (let start = end - 3; start > 0; start -= 3, end -= 3) {
    grouped = `,${digits.slice(start, end)}${grouped}`;
  }
  return digits.slice(0, end) + grouped;
}

// Below 10^13 a double's shortest form with one or two decimals is what `Intl` would show.
const TWO_DECIMALS = /^(-?)(\d+)\.(\d{1,2})$/;

/** Comma thousands; two decimals only when the value is fractional; missing or non-numeric → 0. */
export function formatNumber(value: unknown): string {
  const number = toFiniteNumber(value);
  if (Number.isSafeInteger(number)) {
    return number < 0 ? `-${groupThousands(String(-number))}` : groupThousands(String(number));
  }
  const kobo = TWO_DECIMALS.exec(Math.abs(number) < 1e13 ? String(number) : "");
  if (kobo) return `${kobo[1]}${groupThousands(kobo[2])}.${kobo[3].padEnd(2, "0")}`;
  // Every double from 2^53 up is whole, though multiplying it by 100 may not look so.
  const fractional = !Number.isInteger(number) && Math.round(number * 100) % 100 !== 0;
  return (fractional ? FRACTIONAL : WHOLE).format(number);
}

export function formatNaira(value: unknown): string {
  const number = toFiniteNumber(value);
  const sign = number < 0 ? "-" : "";
  return `${sign}₦${formatNumber(Math.abs(number))}`;
}
