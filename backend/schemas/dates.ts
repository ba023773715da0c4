// Lagos keeps UTC+1 all year (no daylight saving), so its calendar day is a fixed offset from UTC's.
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export function startOfLagosDay(moment: Date) {
  const local = new Date(moment.getTime() + LAGOS_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - LAGOS_OFFSET_MS);
}

export function lagosDate(moment: Date) {
  return new Date(moment.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Lagos, as YYYY-MM-DD. */
export const lagosToday = () => lagosDate(new Date());

/** A calendar day (YYYY-MM-DD) `days` later, or earlier when negative. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A calendar day as the screens write it (DD/MM/YYYY), for text stored with an event. */
export function dayText(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}
