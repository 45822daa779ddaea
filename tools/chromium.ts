import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The one place that decides which Chromium the end-to-end tests, the bench and Lighthouse drive
 * (Playwright cannot download its browsers here): `CHROMIUM_PATH` when set; else a Chromium or
 * Chrome installed on the system; else, on Linux x64, the Chromium inside the `@sparticuz/chromium`
 * npm package, unpacked once into node_modules/.cache; elsewhere the browser Playwright offers.
 */
export interface ChromiumChoice {
  /** The binary to launch; undefined lets Playwright use its own browser. */
  executablePath: string | undefined;
  /** Where it came from, for the figures in docs/benchmarks.md. */
  source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium" | "Playwright";
}

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

/** Headless-friendly flags, and none of Chromium's background network traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

let chosen: ChromiumChoice | undefined;

/** The browser to drive (decided once per process). */
export function findChromium(): ChromiumChoice {
  chosen ??= choose(process.env);
  return chosen;
}

/** Launch options for Playwright's chromium.launch() and playwright.config.ts. */
export function chromiumLaunchOptions() {
  return { executablePath: findChromium().executablePath, args: CHROMIUM_ARGS };
}

function choose(env: NodeJS.ProcessEnv): ChromiumChoice {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH))
      throw new Error(`CHROMIUM_PATH names ${env.CHROMIUM_PATH}, which does not exist`);
    return { executablePath: env.CHROMIUM_PATH, source: "CHROMIUM_PATH" };
  }
  const system = onPath(env.PATH ?? "");
  if (system !== undefined) return { executablePath: system, source: "system" };
  if (process.platform === "linux" && process.arch === "x64")
    return { executablePath: unpackBundled(), source: "@sparticuz/chromium" };
  return { executablePath: undefined, source: "Playwright" };
}

function onPath(path: string): string | undefined {
  const folders = [...path.split(delimiter).filter(Boolean), "/usr/bin"];
  for (const name of SYSTEM_NAMES) {
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Unpacks the package's brotli-compressed Chromium once per version. The package unpacks into
 * os.tmpdir(), so a child process does it with TMPDIR set to a fresh staging folder, which is then
 * renamed into place: a run that starts while another is unpacking never sees half a binary.
 */
function unpackBundled(): string {
  const entry = fileURLToPath(import.meta.resolve("@sparticuz/chromium"));
  const packageJson = join(dirname(entry), "..", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const cache = join(ROOT, "node_modules", ".cache", "sparticuz-chromium");
  const target = join(cache, version);
  const binary = join(target, "chromium");
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, "staging-"));
  const script =
    "const { default: c } = await import('@sparticuz/chromium'); await c.executablePath();";
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: staging },
    encoding: "utf8",
  });
  if (result.status !== 0 || !existsSync(join(staging, "chromium"))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not unpack @sparticuz/chromium: ${result.stderr || result.error}`);
  }
  try {
    renameSync(staging, target);
  } catch {
    // Another process unpacked the same version first; its copy is as good as ours.
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}
