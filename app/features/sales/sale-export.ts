/** The export's query string: the filled-in fields only. */
export function exportQuery(values: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) query.set(name, value);
  return query.toString();
}
