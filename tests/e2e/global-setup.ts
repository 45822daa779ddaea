import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForHttp } from "../../tools/free-port.ts";
import { startPostgres } from "../../tools/postgres.ts";
import { ROOT } from "../../tools/run-script.ts";

/**
 * Starts the built site (`npm run build` first) on a free port with a fresh demo database: an
 * SQLite file, or with E2E_DATABASE=postgres a throwaway PostgreSQL server (npm run test:e2e:pg).
 */
export default async function globalSetup() {
  const dir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const postgres = process.env.E2E_DATABASE === "postgres" ? await startPostgres() : null;
  const port = await freePort();
  const server = spawn(process.execPath, [`${ROOT}src/server/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DATABASE_URL: postgres?.url ?? `file:${join(dir, "site.db")}`,
      SEED_DEMO: "true",
      // The specs do not test the site's record (its own test turns it on).
      RECORD: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000, () => server.exitCode === null);
  process.env.BASE_URL = `http://127.0.0.1:${port}`;
  // Specs that import a site of their own put it in a database of this server too.
  if (postgres) process.env.E2E_POSTGRES_URL = postgres.url;
  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await postgres?.remove();
    rmSync(dir, { recursive: true, force: true });
  };
}
