// Emptied whenever the API commits a change, so one process sees changes on the very next request, and on
// every change notice from the database (other processes, jobs; decision 042). `ttlMs` bounds how long a
// change can go unseen if a notice is lost (0 turns the cache off); while `trusted()` is false (no notices
// can arrive) it is bypassed.
export interface ReadCache<Value> {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  clear(): void;
}

export function createReadCache<Value>(
  ttlMs: number,
  options: {
    maxEntries?: number;
    keep?: (value: Value) => boolean;
    now?: () => number;
    trusted?: () => boolean;
    onLookup?: (result: "hit" | "miss" | "bypass") => void;
  } = {},
): ReadCache<Value> {
  const {
    maxEntries = 5_000,
    keep = () => true,
    now = Date.now,
    trusted = () => true,
    onLookup = () => undefined,
  } = options;
  // A load under way is shared: when a popular answer expires, fifty waiting requests cost one query.
  const entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();
  // Bumped by clear(): a load that began before a change must not store what it read.
  let generation = 0;

  return {
    async get(key, load) {
      if (ttlMs <= 0) return load();
      if (!trusted()) {
        onLookup("bypass");
        return load();
      }
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        onLookup("hit");
        return hit.value;
      }
      onLookup("miss");
      const startedIn = generation;
      const entry = { value: load(), expiresAt: Number.POSITIVE_INFINITY };
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      try {
        const value = await entry.value;
        if (startedIn === generation && keep(value)) entry.expiresAt = now() + ttlMs;
        else forget();
        return value;
      } catch (error) {
        forget();
        throw error;
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
