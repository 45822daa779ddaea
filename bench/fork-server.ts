import { fork } from "node:child_process";

/**
 * Runs a bench server module in its own process (so it does not share the load generator's
 * event loop); the child sends its URL as its first message. Resolves with the URL and a stop().
 */
export async function forkServer(
  modulePath: string,
  args: string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(modulePath, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve(String(m)));
    child.once("exit", (code) => reject(new Error(`${modulePath} exited with ${code}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
