import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { contentProblem } from "../db/readiness.ts";

/** How long /readyz waits for the database. */
export const READY_TIMEOUT_MS = 2000;
/** A verdict is reused this long, so frequent probes cost one check. */
const VERDICT_MS = 1000;

export interface HealthOptions {
  /** Why purges of the shared cache keep failing, or null: told on /readyz, never failing it. */
  purgeProblem?: () => string | null;
  /** A gap in the site's record, or its captures failing, or null: told, never failing it. */
  recordProblem?: () => string | null;
}

/**
 * Two health checks for the load balancer and the orchestrator:
 * - `/healthz`: the process is alive. It never touches the database and answers at once.
 * - `/readyz`: the database answers within 2 s and the content is there and readable; otherwise
 *   503 with the reason, so traffic goes to another instance until this one is ready again.
 *   Failing purges, and gaps in the site's record, are told in its `details` but never make it
 *   fail: the instance serves well, and taking it out of the pool would purge or keep nothing.
 */
export const health = fp(async (app: FastifyInstance, options: HealthOptions) => {
  // Probes come every few seconds: their requests are logged at debug only (request-log.ts).
  const quiet = { config: { isQuietLog: true } };
  app.get("/healthz", quiet, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );

  let verdict: { at: number; problem: Promise<string | null> } | null = null;
  const check = () => {
    const now = Date.now();
    if (verdict === null || now - verdict.at > VERDICT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(
          () => resolve(`the database did not answer within ${READY_TIMEOUT_MS / 1000} s`),
          READY_TIMEOUT_MS,
        );
      });
      const problem = Promise.race([contentProblem(app.db), timeout]).finally(() =>
        clearTimeout(timer),
      );
      verdict = { at: now, problem };
    }
    return verdict.problem;
  };

  app.get("/readyz", quiet, async (_request, reply) => {
    const problem = await check();
    reply.header("cache-control", "no-store");
    if (problem === null) {
      const purge = options.purgeProblem?.() ?? null;
      const record = options.recordProblem?.() ?? null;
      const details = {
        ...(purge === null ? {} : { purge }),
        ...(record === null ? {} : { record }),
      };
      return reply.send({
        status: "ready",
        ...(Object.keys(details).length === 0 ? {} : { details }),
      });
    }
    return reply.code(503).send({ status: "not ready", reason: problem });
  });
});
