import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Runs one of our scripts with this Node, as `npm run` would; returns exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [`${ROOT}scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
