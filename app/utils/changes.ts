/** Only what changed is sent (spec 000 §7), so "nothing changed" can be told apart from a change. */
export function changedFields<Values extends Record<string, unknown>>(
  current: Record<string, unknown>,
  submitted: Values,
): Partial<Values> {
  const changed: Partial<Values> = {};
  for (const key of Object.keys(submitted) as (keyof Values & string)[]) {
    const value = submitted[key];
    if (value === undefined) continue;
    if ((current[key] ?? "") !== value) changed[key] = value;
  }
  return changed;
}
