/** An ILIKE pattern matching `term` anywhere; `%` and `_` typed into a search box are meant literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
