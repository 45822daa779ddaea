import { type ChildProcess, execFile, spawn } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A virtual X display of our own (Xvfb), with its clipboard. */
export interface XDisplay {
  /** The DISPLAY value, e.g. ":93". */
  name: string;
  /** What the X clipboard holds now ("" when nothing), read as another program would paste. */
  readClipboard(): Promise<string>;
  /** Puts `text` on the X clipboard, so that a copy that fails to happen cannot pass unseen. */
  setClipboard(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`), so runs never collide. The
 * browsers run headed on it: Firefox's headless mode keeps its own clipboard, which a test
 * could only read through the page, and reading it there proves nothing about a real copy.
 */
export async function startXDisplay(): Promise<XDisplay> {
  const xvfb = spawn(
    "Xvfb",
    ["-displayfd", "1", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    xvfb.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim());
    });
    xvfb.stderr.on("data", (chunk: Buffer) => (err += chunk));
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${err}`)));
  });
  const name = `:${number}`;
  const env = { ...process.env, DISPLAY: name };
  const owners = new Set<ChildProcess>();

  const display: XDisplay = {
    name,
    async readClipboard() {
      try {
        const { stdout } = await run("xclip", ["-o", "-selection", "clipboard"], {
          env,
          timeout: 5000,
        });
        return stdout;
      } catch {
        return ""; // Nothing on the clipboard ("target STRING not available").
      }
    },
    async setClipboard(text) {
      // xclip keeps serving the text until another program takes the clipboard, then exits.
      const owner = spawn("xclip", ["-i", "-selection", "clipboard", "-quiet"], {
        env,
        stdio: ["pipe", "ignore", "ignore"],
      });
      owners.add(owner);
      owner.once("exit", () => owners.delete(owner));
      owner.stdin.end(text);
      const deadline = Date.now() + 5000;
      while ((await display.readClipboard()) !== text) {
        if (Date.now() > deadline) throw new Error("xclip did not take the clipboard");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      for (const owner of owners) owner.kill();
      if (xvfb.exitCode === null) {
        const exited = new Promise((resolve) => xvfb.once("exit", resolve));
        xvfb.kill();
        await exited;
      }
    },
  };
  return display;
}
