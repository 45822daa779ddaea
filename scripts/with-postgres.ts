import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/helpers/free-port.ts";

// node scripts/with-postgres.ts -- COMMAND…
// Starts a throwaway PostgreSQL server (Debian's `postgresql` package) on 127.0.0.1, runs the
// command with TEST_POSTGRES_URL naming it, then stops the server and removes its files.

const separator = process.argv.indexOf("--");
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) fail("usage: node scripts/with-postgres.ts -- COMMAND [ARGS…]");

const bin = findBin();
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), "site-pg-"));
const data = join(dir, "data");
const port = await freePort();
// PostgreSQL refuses to run as root: run its programs as the `postgres` user the package creates.
const pg = (program: string, args: string[]) =>
  asRoot
    ? (["runuser", ["-u", "postgres", "--", join(bin, program), ...args]] as const)
    : ([join(bin, program), args] as const);
const run = (program: string, args: string[]) => {
  const [cmd, argv] = pg(program, args);
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) fail(`${program} failed: ${result.stderr || result.stdout}`);
};

let code: number;
try {
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
    "start",
  ]);
  code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
    });
    child.on("exit", (status) => resolve(status ?? 1));
  });
} finally {
  if (existsSync(join(data, "postmaster.pid")))
    run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);

function findBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => join(root, v, "bin"))
    .find((b) => existsSync(join(b, "initdb")));
  if (!found)
    fail(
      "PostgreSQL is not installed: apt-get install postgresql (the tests start their own server)",
    );
  return found!;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
