import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * Runs one of our scripts with this Node, as `npm run` would; returns exit code and output. The
 * site's record is off unless `env` turns it on: a content command would otherwise capture its
 * write, rendering every page.
 */
export function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [`${ROOT}scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, RECORD: "false", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same as runScript, without blocking this process while the script runs. */
export function runScriptAsync(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [`${ROOT}scripts/${script}`, ...args], {
      cwd: ROOT,
      env: { ...process.env, RECORD: "false", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
