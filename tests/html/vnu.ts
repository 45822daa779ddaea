import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** One message of the checker's JSON output (`--format json`). */
export interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  /** The checked file, as a file: URL. */
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  extract?: string;
}

/** The Debian packages that hold a Java runtime for the checker (.ci/run installs the same file). */
const DEBIAN_PACKAGES = readFileSync(new URL("debian-packages.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .join(" ");

// The package's own export is the jar's path. Its `vnu.check` is not used: with no Java on the
// machine it downloads one from GitHub, and this check takes Java from the system's packages.
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** Fails with how to install Java when there is no `java` on the PATH that runs. */
export function assertJava(): void {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0)
    throw new Error(
      "the Nu Html Checker needs a Java runtime, and `java` " +
        (result.error ? "is not on the PATH" : `failed: ${result.stderr.trim()}`) +
        `. On Debian: apt-get install --no-install-recommends ${DEBIAN_PACKAGES}`,
    );
}

/** Runs the checker once over these HTML files; returns every message it gives. */
export function checkFiles(files: string[]): VnuMessage[] {
  const result = spawnSync(
    "java",
    ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw new Error(`java could not run: ${result.error.message}`);
  try {
    return (JSON.parse(result.stdout) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(
      `the checker gave no JSON report (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
}

/** Whether a message fails the check: an error in the page, or a file the checker could not read. */
export const isFailure = (m: VnuMessage) => m.type === "error" || m.type === "non-document-error";

/**
 * Whether a message is a warning, shown but not failing. Left out: the checker's plain notes
 * ("trailing slash on void elements", which React writes on every input), and a page's CSP meta
 * tag "blocking" its own stylesheet, which only happens because the page is read from a file:
 * URL, where `'self'` matches nothing.
 */
export const isWarning = (m: VnuMessage) =>
  m.type === "info" &&
  m.subType === "warning" &&
  !m.message.startsWith("Resource violates Content Security Policy");

/** A message as one line, with its place in the page and the markup it points at. */
export function describe(m: VnuMessage): string {
  const place =
    m.lastLine === undefined ? "" : `line ${m.lastLine}:${m.firstColumn ?? m.lastColumn} `;
  const extract = m.extract ? `\n      ${m.extract.replaceAll(/\s+/g, " ").trim()}` : "";
  return `${place}${m.type === "info" ? "warning" : m.type}: ${m.message}${extract}`;
}
