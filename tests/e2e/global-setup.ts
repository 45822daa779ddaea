import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForHttp } from "../../tools/free-port.ts";
import { ROOT } from "../helpers/run-script.ts";

/** Starts the built site (`npm run build` first) on a free port with a fresh demo database. */
export default async function globalSetup() {
  const dir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const port = await freePort();
  const server = spawn(process.execPath, [`${ROOT}src/server/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000, () => server.exitCode === null);
  process.env.BASE_URL = `http://127.0.0.1:${port}`;
  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  };
}
