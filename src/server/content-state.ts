import type { Db } from "../db/connect.ts";
import { contentRevision } from "../db/repositories/content-repository.ts";

/**
 * Follows the content revision that every import bumps (imports run in another process),
 * and tells the caches to drop their entries when it changes.
 */
export interface ContentState {
  readonly revision: number;
  onChange(listener: () => void): void;
  /** Reads the revision now; resolves true when it changed. */
  refresh(): Promise<boolean>;
  stop(): void;
}

export async function watchContent(db: Db, intervalMs = 1000): Promise<ContentState> {
  let revision = await contentRevision(db);
  const listeners: (() => void)[] = [];
  const refresh = async () => {
    const next = await contentRevision(db);
    if (next === revision) return false;
    revision = next;
    for (const listener of listeners) listener();
    return true;
  };
  const timer = setInterval(() => {
    refresh().catch(() => {
      // A failed read is retried on the next tick; /healthz reports a database that stays down.
    });
  }, intervalMs);
  timer.unref();
  return {
    get revision() {
      return revision;
    },
    onChange: (listener) => void listeners.push(listener),
    refresh,
    stop: () => clearInterval(timer),
  };
}
