import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { ROOT } from "./run-script.ts";

/** A varnishd of our own on 127.0.0.1, running the project's VCL in front of given backends. */
export interface Varnish {
  readonly url: string;
  readonly port: number;
  /** varnishstat's counters (`MAIN.cache_hit`…) now. */
  counters(): Record<string, number>;
  stop(): Promise<void>;
}

/** The line of deploy/varnish.vcl that a deployment changes, as it ships. */
const BACKEND_LINE = /^backend site \{ \.host = "127\.0\.0\.1"; \.port = "4321"; (.*)\}$/m;

// Varnishes still running when the process ends (a test that failed first) are stopped.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** The varnishd and varnishstat programs, or what is missing (Debian: varnish, varnish-modules). */
export function findVarnish(): { missing: string[] } | { varnishd: string; varnishstat: string } {
  const which = (name: string) =>
    [`/usr/sbin/${name}`, `/usr/bin/${name}`].find((path) => existsSync(path)) ??
    (spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim() || null);
  const [varnishd, varnishstat] = [which("varnishd"), which("varnishstat")];
  const missing: string[] = [];
  if (!varnishd || !varnishstat) missing.push("varnishd and varnishstat (Debian package varnish)");
  else if (!spawnSync(varnishd, ["-V"], { encoding: "utf8" }).stderr.includes("varnish-7"))
    missing.push("Varnish 7 (varnishd -V names another version)");
  const vmods = spawnSync("sh", ["-c", "ls /usr/lib/*/varnish/vmods/libvmod_xkey.so"]).status;
  if (vmods !== 0) missing.push("the xkey vmod (Debian package varnish-modules)");
  return missing.length > 0 || !varnishd || !varnishstat ? { missing } : { varnishd, varnishstat };
}

/**
 * deploy/varnish.vcl with only its backend line replaced: one backend, or a round robin over
 * several (vmod_directors), each with the shipped probe.
 */
export function vclFor(backends: readonly URL[]): string {
  const shipped = readFileSync(`${ROOT}deploy/varnish.vcl`, "utf8");
  const match = BACKEND_LINE.exec(shipped);
  if (!match) throw new Error("deploy/varnish.vcl: its backend line is not the one shipped");
  const rest = match[1]!;
  const backend = (name: string, url: URL) =>
    `backend ${name} { .host = "${url.hostname}"; .port = "${url.port}"; ${rest}}`;
  if (backends.length === 1) return shipped.replace(BACKEND_LINE, backend("site", backends[0]!));
  const names = backends.map((_, i) => `site_${i + 1}`);
  const pool = [
    "import directors;",
    ...backends.map((url, i) => backend(names[i]!, url)),
    "sub vcl_init {",
    "    new site = directors.round_robin();",
    ...names.map((name) => `    site.add_backend(${name});`),
    "}",
    "sub vcl_recv {",
    "    set req.backend_hint = site.backend();",
    "}",
  ].join("\n");
  return shipped.replace(BACKEND_LINE, pool);
}

/** Starts varnishd (`-F`, in a folder of its own) on a free port, or `port`, over `backends`. */
export async function startVarnish(
  backends: readonly URL[],
  { port, memory = "64m" }: { port?: number; memory?: string } = {},
): Promise<Varnish> {
  const found = findVarnish();
  if ("missing" in found) throw new Error(`Varnish cannot start: ${found.missing.join("; ")}`);
  const dir = mkdtempSync(join(tmpdir(), "site-varnish-"));
  // As root, varnishd's workers run as its own users: they must reach the folder and the VCL.
  chmodSync(dir, 0o755);
  const vcl = join(dir, "site.vcl");
  writeFileSync(vcl, vclFor(backends), { mode: 0o644 });
  const listen = port ?? (await freePort());
  const child = spawn(
    found.varnishd,
    [
      ...["-F", "-n", join(dir, "n"), "-a", `127.0.0.1:${listen}`, "-f", vcl],
      ...["-s", `malloc,${memory}`, "-T", "127.0.0.1:0"],
      // See deploy/varnish.vcl: Brotli reaches visitors only with Varnish's own gzip off.
      ...["-p", "http_gzip_support=off"],
      ...["-p", "thread_pools=1", "-p", "thread_pool_min=20", "-p", "thread_pool_max=1000"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  running.add(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    // Varnish answers once its child runs; a PURGE without tags is answered by the VCL alone.
    const answer = await fetch(url, { method: "PURGE" }).catch(() => null);
    if (answer?.status === 400) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`varnishd did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: listen,
    counters() {
      const stat = spawnSync(found.varnishstat, ["-n", join(dir, "n"), "-1", "-j"], {
        encoding: "utf8",
      });
      const json = JSON.parse(stat.stdout) as {
        counters: Record<string, { value: number }>;
      };
      return Object.fromEntries(Object.entries(json.counters).map(([k, v]) => [k, v.value]));
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
