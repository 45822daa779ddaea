import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { EnginePage } from "./engine-page.ts";

/** One engine, launched: it opens pages of a given window size. */
export interface Engine {
  name: string;
  version: string;
  open(width: number, height: number): Promise<EnginePage>;
  close(): Promise<void>;
}

/** What test:engines needs from the system: each program found, or how to install it. */
export interface Found {
  firefox: string;
  webkitDriver: string;
  /** The system Python that has the GObject bindings for WebKitGTK (webkit-window.py). */
  python: string;
  webkitVersion: string;
}

/** The Debian packages that hold all of it, one a line (.ci/run installs the same file). */
const DEBIAN_PACKAGES = readFileSync(new URL("debian-packages.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .join(" ");

/** The first executable of `names` on the PATH (or the absolute path given), if any. */
function which(...names: string[]): string | undefined {
  for (const name of names.filter((n) => n !== "")) {
    const dirs = name.includes("/") ? [""] : (process.env.PATH ?? "").split(delimiter);
    for (const dir of dirs) {
      const path = dir ? join(dir, name) : name;
      try {
        accessSync(path, constants.X_OK);
        if (statSync(path).isFile()) return path;
      } catch {
        // Not here; look on.
      }
    }
  }
  return undefined;
}

/** The WebKitGTK version `python` loads through GObject introspection, if it can. */
function webKitVersion(python: string): string | undefined {
  const probe = [
    "import gi",
    "gi.require_version('WebKit2', '4.1')",
    "from gi.repository import WebKit2 as W",
    "print(f'{W.get_major_version()}.{W.get_minor_version()}.{W.get_micro_version()}')",
  ].join("\n");
  const result = spawnSync(python, ["-c", probe], { encoding: "utf8", timeout: 20_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * Finds Firefox, WebKitWebDriver, WebKitGTK's Python bindings, Xvfb and xclip. Missing ones are
 * returned as lines that say what is missing and how to install it; the harness then stops
 * with a failure, never a pass. FIREFOX_PATH and WEBKIT_DRIVER_PATH point at other builds.
 */
export function findEngines(): { found: Found } | { missing: string[] } {
  const missing: string[] = [];
  if (process.platform !== "linux")
    return {
      missing: [
        `test:engines runs on Linux (Xvfb, WebKitGTK); this is ${process.platform}. See the README.`,
      ],
    };
  const firefox = which(process.env.FIREFOX_PATH ?? "", "firefox-esr", "firefox");
  if (!firefox)
    missing.push("Firefox: no firefox-esr or firefox on the PATH (package firefox-esr)");
  const webkitDriver = which(process.env.WEBKIT_DRIVER_PATH ?? "", "WebKitWebDriver");
  if (!webkitDriver)
    missing.push("WebKit: no WebKitWebDriver on the PATH (package webkit2gtk-driver)");
  // Debian's own Python: the bindings are Debian packages, not in a pyenv or venv Python.
  const python = which("/usr/bin/python3");
  const webkitVersion = python && webKitVersion(python);
  if (!python || !webkitVersion)
    missing.push(
      "WebKit: /usr/bin/python3 cannot load WebKitGTK 4.1 (packages python3-gi, gir1.2-webkit2-4.1)",
    );
  if (!which("Xvfb")) missing.push("Xvfb, the virtual display the browsers run on (package xvfb)");
  if (!which("xclip"))
    missing.push("xclip, to read what a copy put on the clipboard (package xclip)");
  if (missing.length > 0 || !firefox || !webkitDriver || !python || !webkitVersion)
    return {
      missing: [
        ...missing,
        `On Debian, as root: apt-get update && apt-get install -y --no-install-recommends ${DEBIAN_PACKAGES}`,
      ],
    };
  return { found: { firefox, webkitDriver, python, webkitVersion } };
}
