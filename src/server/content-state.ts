import pg from "pg";
import type { Db } from "../db/connect.ts";
import {
  changedTags,
  CONTENT_CHANNEL,
  contentRevision,
} from "../db/repositories/content-repository.ts";

/**
 * Follows the content revision that every content write bumps (imports and syncs run in another
 * process or instance, often on another machine), and tells the caches which cache tags changed
 * (src/rules/cache-tags.ts), so that they drop only the replies that show them. On PostgreSQL a
 * write's NOTIFY reaches every instance at its commit; the revision poll stays as the fallback
 * (a lost connection, a missed notification) and is all SQLite has.
 */
export interface ContentState {
  readonly revision: number;
  /** `listener` hears the tags each change touched ([ALL] when it may have touched anything). */
  onChange(listener: (tags: readonly string[]) => void): void;
  /** Reads the revision now; resolves true when it changed. */
  refresh(): Promise<boolean>;
  stop(): void;
}

export async function watchContent(db: Db, intervalMs = 1000): Promise<ContentState> {
  let revision = await contentRevision(db);
  const listeners: ((tags: readonly string[]) => void)[] = [];
  const refresh = async () => {
    const next = await contentRevision(db);
    if (next === revision) return false;
    const tags = await changedTags(db, revision, next);
    // Another refresh (a notification and the poll at once) may have seen it meanwhile.
    if (next <= revision) return false;
    revision = next;
    for (const listener of listeners) listener(tags);
    return true;
  };
  const poll = () =>
    refresh().catch(() => {
      // A failed read is retried on the next tick or notification; /readyz reports a database
      // that stays down.
    });
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  const stopListening = db.pool ? listen(db.pool.options, poll) : () => {};
  return {
    get revision() {
      return revision;
    },
    onChange: (listener) => void listeners.push(listener),
    refresh,
    stop: () => {
      clearInterval(timer);
      stopListening();
    },
  };
}

/**
 * Holds a connection of its own that LISTENs for imports, reconnecting after a lost connection
 * (with a growing pause, at most 5 s) and reading the revision once reconnected, in case an
 * import happened meanwhile. Returns a function that stops it.
 */
function listen(options: pg.PoolConfig, onNotice: () => void): () => void {
  let stopped = false;
  let client: pg.Client | null = null;
  let pause = 250;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({
      ...options,
      query_timeout: undefined,
      statement_timeout: undefined,
    });
    client = next;
    const reconnect = () => {
      if (client !== next || stopped) return;
      client = null;
      next.removeAllListeners();
      next.end().catch(() => {});
      retry = setTimeout(connect, pause);
      retry.unref();
      pause = Math.min(pause * 2, 5000);
    };
    next.on("error", reconnect);
    next.on("end", reconnect);
    next.on("notification", () => onNotice());
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
      pause = 250;
      onNotice();
    } catch {
      reconnect();
    }
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on("error", () => {});
      current.end().catch(() => {});
    }
  };
}
