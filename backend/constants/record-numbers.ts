// The numbers people read aloud and write on paper; the ids stay the keys. Shared with the browser.

const padded = (number: number) => String(number).padStart(6, "0");

/** "S-000123" */
export const saleNumberText = (number: number) => `S-${padded(number)}`;

/** "R-000456" */
export const receiptNumberText = (number: number) => `R-${padded(number)}`;

/** The number a search term names, typed as "S-000123", "s123" or "S-123"; null for any other term. */
export function saleNumberIn(search: string): number | null {
  const match = /^s-?0*(\d{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}
