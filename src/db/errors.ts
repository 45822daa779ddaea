// Whether an error means the database is out of reach (down, restarting, frozen, timed out),
// as against a bug or bad data: the first is a 503 that heals by itself, the second a 500.

// PostgreSQL SQLSTATE classes and codes: 08 connection exceptions, 57P01-57P03 shutdown and
// start-up, 53300 too many connections, 57014 a statement cancelled by statement_timeout.
const POSTGRES_CODES = /^(08...|57P0[1-3]|53300|57014)$/;
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);
// What node-postgres says when its own timers fire or the socket goes away.
const POSTGRES_CLIENT =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error/i;
const SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_IOERR"]);

/** True when `error` (or its cause) says the database could not be reached in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      // SQLite's extended codes (SQLITE_IOERR_READ) belong to their primary code.
      const primary = code.startsWith("SQLITE_") ? code.split("_").slice(0, 2).join("_") : code;
      if (POSTGRES_CODES.test(code) || NODE_CODES.has(code) || SQLITE_CODES.has(primary))
        return true;
    }
    if (POSTGRES_CLIENT.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    e = e.cause;
  }
  return false;
}
