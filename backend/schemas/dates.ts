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
