// Money arrives in naira (the backend keeps kobo), so values may carry up to two decimals.
import { formatNaira, formatNumber, toFiniteNumber } from "#backend/constants/money";

export { formatNaira, formatNumber };

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

/** A customer may have no e-mail (stored as ""). */
export function emailShown(email: string) {
  return email || "No e-mail";
}

// Made once: a formatter is costly to build, and a page may print hundreds of percentages.
const PERCENT = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 1 });

/** A ratio as a percentage with one decimal ("12.5 %"); "—" when there is nothing to divide by. */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "—";
  return `${PERCENT.format(Math.round(rate * 1000) / 10)} %`;
}
