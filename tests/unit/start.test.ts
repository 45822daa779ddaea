import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitForHttp } from "../../tools/free-port.ts";
import { ROOT } from "../../tools/run-script.ts";

// The README promises `npm install && npm start` serves the demo site. This runs `npm start` in a
// copy holding only the files git would check out (node_modules linked: installing is the first command).
const copy = mkdtempSync(join(tmpdir(), "site-clean-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("npm start on a clean copy", () => {
  it("builds, creates the database with demo content and serves pages", async () => {
    const files = execFileSync(
      "git",
      ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
      { cwd: ROOT, encoding: "utf8" },
    )
      .split("\0")
      .filter((f) => f && existsSync(join(ROOT, f)));
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(ROOT, file), join(copy, file));
    }
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    expect(existsSync(join(copy, "dist"))).toBe(false);
    expect(existsSync(join(copy, "data"))).toBe(false);

    const port = await freePort();
    const server = spawn("npm", ["start"], {
      cwd: copy,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    server.stdout.on("data", (d) => (output += d));
    server.stderr.on("data", (d) => (output += d));
    const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
    try {
      const home = await waitForHttp(
        `http://127.0.0.1:${port}/`,
        240_000,
        () => server.exitCode === null,
      );
      expect(home.status, output).toBe(200);
      const html = await home.text();
      expect(html).toContain("Halvorsen Ridge Partners");
      expect(html).toMatch(/<h1[^>]*>/);
      expect(existsSync(join(copy, "data/site.db"))).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/no-such-page`)).status).toBe(404);
    } finally {
      // npm and the server it started share a process group; stop both.
      if (server.exitCode === null) process.kill(-server.pid!, "SIGTERM");
    }
    await exited;
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, 3_000)).rejects.toThrow();

    // That build was made under this test runner's NODE_ENV=test. The same build started as a
    // visitor's site runs (NODE_ENV unset: production) renders its pages too.
    const shipped = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== "NODE_ENV"),
    );
    const again = spawn(process.execPath, ["src/server/main.ts"], {
      cwd: copy,
      env: {
        ...shipped,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        RECORD: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let againOutput = "";
    again.stdout.on("data", (d) => (againOutput += d));
    again.stderr.on("data", (d) => (againOutput += d));
    try {
      const home = await waitForHttp(`http://127.0.0.1:${port}/`, 60_000);
      expect(home.status, againOutput).toBe(200);
    } finally {
      again.kill("SIGTERM");
    }
  }, 300_000);
});
