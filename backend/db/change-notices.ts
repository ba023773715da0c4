import pg from "pg";
import { log } from "../log";

// The channel the migrations' `notify_data_changed()` triggers send on, at every committed write.
export const DATA_CHANGED = "data_changed";

/** What the API's read caches need: to hear of changes, and whether they can. */
export interface ChangeFeed {
  /** False while this process cannot hear other processes' writes: what it caches may be stale then. */
  listening(): boolean;
  onChange(listener: () => void): void;
}

export interface ChangeNotices extends ChangeFeed {
  close(): Promise<void>;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * Listens on one connection of its own (a pooled one would be handed to queries) and calls the `onChange`
 * listeners for every notice, and also whenever the connection is lost: a notice sent meanwhile would be missed. It
 * reconnects with a growing pause.
 */
export function listenForChanges(
  connectionString: string,
  warn: (message: string) => void = (message) => log.warn(message),
): ChangeNotices {
  const listeners = new Set<() => void>();
  const onChange = () => {
    for (const listener of listeners) listener();
  };
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client, reason: string) => {
    // An old connection's last events arrive after it was replaced.
    if (client !== which) return;
    connected = false;
    client = null;
    onChange();
    which.end().catch(() => undefined);
    if (closed) return;
    warn(`Change notices: ${reason}; caches are bypassed until the connection is back`);
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = () => {
    if (closed) return;
    const next = new pg.Client({ connectionString, application_name: "solar-back-office:notices" });
    client = next;
    next.on("notification", () => onChange());
    next.on("error", (error) => lost(next, `connection error (${error.message})`));
    next.on("end", () => lost(next, "connection ended"));
    next
      .connect()
      .then(() => next.query(`LISTEN ${DATA_CHANGED}`))
      .then(() => {
        if (client !== next) return;
        connected = true;
        retryMs = RETRY_MIN_MS;
        // Whatever was written while not listening is unknown: start from empty caches.
        onChange();
      })
      .catch((error: unknown) =>
        lost(next, `cannot listen (${error instanceof Error ? error.message : error})`),
      );
  };
  connect();

  return {
    listening: () => connected,
    onChange: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      connected = false;
      await last?.end().catch(() => undefined);
    },
  };
}
