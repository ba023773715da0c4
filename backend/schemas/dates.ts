/**
 * The business runs on Lagos time: West Africa Time, UTC+1 all year (no daylight saving since 1919), so a
 * Lagos calendar day is a fixed offset from UTC's and needs no time-zone database.
 */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The moment the Lagos calendar day holding `moment` began. */
export function startOfLagosDay(moment: Date) {
  const local = new Date(moment.getTime() + LAGOS_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - LAGOS_OFFSET_MS);
}

/** `YYYY-MM-DD` of the Lagos calendar day holding `moment`. */
export function lagosDate(moment: Date) {
  return new Date(moment.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}
