import { spawn } from "node:child_process";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { freePort, waitForHttp } from "../tools/free-port.ts";
import { startPostgres } from "../tools/postgres.ts";
import { BUDGETS } from "./budgets.ts";
import { ROOT } from "./site-server.ts";

// How long after an import's commit every instance has dropped its caches: two instances on one
// PostgreSQL database, their content revision read from their metrics every 2 ms.
const IMPORTS = 5;

export async function benchImportLatency(): Promise<string[]> {
  const pg = await startPostgres();
  const instances = await Promise.all(
    [0, 1].map(async () => {
      const [port, metrics] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, [`${ROOT}src/server/main.ts`], {
        cwd: ROOT,
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: String(port),
          METRICS_PORT: String(metrics),
          DATABASE_URL: pg.url,
          SEED_DEMO: "true",
          LOG_LEVEL: "error",
          // The figure is the caches' drop after an import, not the record's capture of it.
          RECORD: "false",
        },
        stdio: "ignore",
      });
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000, () => child.exitCode === null);
      return { child, metrics: `http://127.0.0.1:${metrics}/metrics` };
    }),
  );
  const revision = async (url: string) =>
    Number(/^site_content_revision (\d+)$/m.exec(await (await fetch(url)).text())?.[1]);
  const db = connect(pg.url, { timeoutMs: 60_000 });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < IMPORTS; i++) {
      const target = (await revision(instances[0]!.metrics)) + 1;
      await replaceContent(db, generateContent({ transactions: 50, articles: 10, seed: 100 + i }));
      const committed = performance.now();
      const seen = await Promise.all(
        instances.map(async ({ metrics }) => {
          while ((await revision(metrics)) < target) await new Promise((r) => setTimeout(r, 2));
          return performance.now() - committed;
        }),
      );
      latencies.push(Math.max(...seen));
    }
  } finally {
    await db.close();
    for (const { child } of instances) child.kill("SIGTERM");
    await Promise.all(instances.map(({ child }) => new Promise((r) => child.once("exit", r))));
    await pg.remove();
  }
  const worst = Math.max(...latencies);
  return [
    `Import seen by both of 2 instances on PostgreSQL, ${IMPORTS} imports: ` +
      `${latencies.map((ms) => ms.toFixed(0)).join(", ")} ms after commit, worst ${worst.toFixed(0)} ms ` +
      `(budget ≤ ${BUDGETS.importSeenMs} ms) ${worst <= BUDGETS.importSeenMs ? "PASS" : "FAIL"}`,
  ];
}
