import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { SETTING_NAMES } from "../src/server/config.ts";
import { freePort, waitForHttp } from "./free-port.ts";
import { ROOT } from "./run-script.ts";

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

// Servers still running when the test process ends (a test that failed before it stopped its
// server) are killed, so that no orphan keeps a port and a database open.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface StartOptions {
  /**
   * Run the site as `npm start` does (scripts/start.ts), at its default settings: none of the
   * site's settings come from this process's environment, only those in `env`, and its log goes
   * to this file, as a process manager would keep it. Otherwise the server logs at warn to a pipe.
   */
  asShipped?: { logFile: string };
}

/**
 * The site's record is off unless a caller turns it on (`RECORD: "true"`): a first start's
 * baseline renders every page in the background, which a test or a figure that is not about the
 * record must not wait for or share the machine with.
 */
export const UNRECORDED = { RECORD: "false" } as const;

/** Starts the built site (src/server/main.ts) as its own process on a free port. */
export async function startServer(
  env: Record<string, string>,
  { asShipped }: StartOptions = {},
): Promise<ServerProcess> {
  if (!existsSync(`${ROOT}dist/server/entry.mjs`))
    throw new Error("no build: run `npm run build` first");
  const port = await freePort();
  const address = { HOST: "127.0.0.1", PORT: String(port) };
  const logFd = asShipped ? openSync(asShipped.logFile, "a") : undefined;
  const child = spawn(
    process.execPath,
    [`${ROOT}${asShipped ? "scripts/start.ts" : "src/server/main.ts"}`],
    {
      cwd: ROOT,
      env: asShipped
        ? { ...withoutSettings(process.env), ...address, ...UNRECORDED, ...env }
        : {
            ...process.env,
            ...address,
            LOG_LEVEL: "warn",
            NODE_ENV: "production",
            ...UNRECORDED,
            ...env,
          },
      stdio: ["ignore", logFd ?? "pipe", logFd ?? "pipe"],
    },
  );
  if (logFd !== undefined) closeSync(logFd);
  let piped = "";
  child.stdout?.on("data", (d) => (piped += d));
  child.stderr?.on("data", (d) => (piped += d));
  const output = () => (asShipped ? readFileSync(asShipped.logFile, "utf8") : piped);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 60_000, () => child.exitCode === null).catch(
    (error: unknown) => {
      throw new Error(`server did not start: ${String(error)}\n${output()}`);
    },
  );
  return {
    url,
    process: child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export function startExpectingFailure(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`${ROOT}src/server/main.ts`], {
      cwd: ROOT,
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The environment without any of the site's settings (README: Settings). */
function withoutSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SETTING_NAMES.includes(name)));
}
