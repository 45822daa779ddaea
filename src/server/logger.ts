import pino, { type Logger } from "pino";

/** How much log may wait in memory before lines are dropped (a stalled stdout must not grow the heap). */
const MAX_BUFFER_BYTES = 8 * 1024 * 1024;
/** Lines are written in batches of at least this many bytes… */
const BATCH_BYTES = 8 * 1024;
/** …or at least this often, so a quiet site's lines still show within a second. */
const FLUSH_EVERY_MS = 1000;

/** The site's logger and how to write out what it still holds. */
export interface SiteLogger {
  readonly logger: Logger;
  /** Writes every buffered line; resolves once they have reached the file descriptor. */
  flush(): Promise<void>;
  /** The same, blocking: for a process that is about to exit on a fatal error. */
  flushSync(): void;
  /** Lines dropped because the buffer was full (stdout not keeping up). */
  dropped(): number;
}

/**
 * JSON lines to a file descriptor (stdout by default), written asynchronously in batches through
 * a bounded buffer: a synchronous write per line cost the site half its throughput under load.
 * Whoever exits the process calls flush() first, so nothing logged before SIGTERM is lost.
 */
export function createLogger(level: string, fd = 1): SiteLogger {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: BATCH_BYTES,
    maxLength: MAX_BUFFER_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
  let dropped = 0;
  stream.on("drop", () => dropped++);
  return {
    logger: pino({ level }, stream),
    flush: () =>
      new Promise<void>((resolve) => {
        stream.flush(() => resolve());
      }),
    flushSync: () => stream.flushSync(),
    dropped: () => dropped,
  };
}
