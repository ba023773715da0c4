// Money arrives in naira (the backend keeps kobo), so values may carry up to two decimals.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function toFiniteNumber(value: unknown): number {
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

/** 100000 and above: thousands 'k+', millions 'm+', billions 'b+'; otherwise comma-formatted. */
export function formatBadgeCount(value: unknown): string {
  const number = Math.trunc(toFiniteNumber(value));
  if (number >= 1e9) return `${Math.floor(number / 1e9)}b+`;
  if (number >= 1e6) return `${Math.floor(number / 1e6)}m+`;
  if (number >= 1e5) return `${Math.floor(number / 1e3)}k+`;
  return formatNumber(number);
}

type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

// Dates show as a Lagos office sees them, whatever the server's or browser's zone. Lagos keeps UTC+1 all
// year (no daylight saving), so a fixed shift gives its wall clock.
const BUSINESS_UTC_OFFSET_MS = 60 * 60 * 1000;

function partsInBusinessZone(input: Date | string | number): DateParts | null {
  const time = (input instanceof Date ? input : new Date(input)).getTime();
  if (Number.isNaN(time)) return null;
  const local = new Date(time + BUSINESS_UTC_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** DD/MM/YYYY, or '' for a missing or invalid date. */
export function formatDate(input: Date | string | number | null | undefined): string {
  if (input == null || input === "") return "";
  const parts = partsInBusinessZone(input);
  return parts ? `${pad(parts.day)}/${pad(parts.month)}/${parts.year}` : "";
}

export function formatTime(input: Date | string | number | null | undefined): string {
  if (input == null || input === "") return "";
  const parts = partsInBusinessZone(input);
  if (!parts) return "";
  const suffix = parts.hour < 12 ? "am" : "pm";
  const hour = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${hour}:${pad(parts.minute)}${suffix}`;
}

export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th";
  return `${day}${suffix}`;
}

export function formatHeaderDate(input: Date | string | number): string {
  const parts = partsInBusinessZone(input);
  if (!parts) return "";
  return `${ordinal(parts.day)}, ${MONTHS[parts.month - 1]} ${parts.year}`;
}

export function capitalise(value: string | null | undefined): string {
  if (!value) return "";
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function fullName(person: { firstname?: string | null; lastname?: string | null }): string {
  return [person.firstname, person.lastname].filter(Boolean).join(" ");
}

/** Spec 001 §9: '₦2,300 - ₦3,300', one price when they agree, '' when there is none (no stock left). */
export function formatPriceRange(minimum: number | null | undefined, maximum: number | null | undefined) {
  if (minimum == null && maximum == null) return "";
  const low = minimum ?? maximum;
  const high = maximum ?? minimum;
  return low === high ? formatNaira(low) : `${formatNaira(low)} - ${formatNaira(high)}`;
}
