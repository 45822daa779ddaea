import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { LruCache } from "../rules/lru.ts";
import type { Database } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

/** An open database: the Kysely instance and which dialect is behind it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for messages (a file path, or the PostgreSQL URL without its password). */
  location: string;
  /** The PostgreSQL pool, for its figures (metrics) and for LISTEN connections. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Create a missing SQLite file (and its folder). Off: a missing file is an error. */
  create?: boolean;
  readonly?: boolean;
  /** PostgreSQL: most connections in the pool. */
  poolMax?: number;
  /**
   * PostgreSQL: how long a connect, and a statement, may take. Both a server-side
   * statement_timeout and a client-side read timeout, because a frozen server cancels nothing.
   */
  timeoutMs?: number;
}

/** Thrown when the database cannot be opened; the message names what and where. */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}

/** `file:./data/site.db` -> absolute path; `postgres://…` -> null. */
export function sqlitePath(url: string): string | null {
  if (/^postgres(ql)?:\/\//i.test(url)) return null;
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (path === "") throw new DatabaseOpenError("DATABASE_URL names no file");
  return resolve(path);
}

/**
 * How long a statement may take on a connection that writes whole content (an import, a sync):
 * such a write moves far more than a page reads, so it gets more than DATABASE_TIMEOUT_MS.
 */
export const CONTENT_WRITE_TIMEOUT_MS = 60_000;

/** Opens the database named by a DATABASE_URL (`file:…` SQLite, `postgres://…` PostgreSQL). */
export function connect(url: string, options: ConnectOptions = {}): Db {
  const path = sqlitePath(url);
  return path === null ? connectPostgres(url, options) : connectSqlite(path, options);
}

function connectSqlite(path: string, { create = true, readonly = false }: ConnectOptions): Db {
  if (create && !readonly) mkdirSync(dirname(path), { recursive: true });
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(path, { fileMustExist: !create || readonly, readonly });
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // Reading the schema proves the file is an SQLite database and is readable.
    sqlite.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    throw new DatabaseOpenError(`cannot open SQLite database ${path}: ${describe(error)}`);
  }
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: "sqlite",
    location: path,
    close: () => kysely.destroy(),
  };
}

/** How many prepared statements an SQLite connection keeps for reuse. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely sees it, with its prepared statements kept by SQL text: Kysely
 * prepares every query anew, and preparing cost an uncached page a tenth of its time. The SQL is
 * Kysely's (values are bound parameters), so the texts repeat; the least recently used goes.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new LruCache<SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function connectPostgres(url: string, { poolMax = 10, timeoutMs = 5000 }: ConnectOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
    // Notices that a peer went away (a restarted server, a dropped route) on idle connections.
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = safe.password ? "***" : "";
  return {
    kysely,
    dialect: "postgres",
    location: safe.toString(),
    pool,
    close: () => kysely.destroy(),
  };
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/file is not a database|malformed|SQLITE_NOTADB|SQLITE_CORRUPT/i.test(message)) {
    return "the file is not a valid SQLite database";
  }
  if (/unable to open|SQLITE_CANTOPEN|does not exist/i.test(message)) {
    return "the file is missing or cannot be read";
  }
  if (/EACCES|permission/i.test(message)) return "permission denied";
  return message;
}
