import type { FastifyBaseLogger } from "fastify";
import { Counter, type Registry } from "prom-client";
import type { PurgeTarget } from "./targets.ts";

/** Purges of the shared caches by tag, in the background. */
export interface Purger {
  /** Purges these tags from every configured shared cache, in the background: split per API limit, retried with backoff, counted in metrics; never throws, never blocks the caller. */
  purge(tags: readonly string[]): void;
  /** A sentence for /readyz's details while a cache's latest purge failed after its retries, else null. */
  problem(): string | null;
  /** Resolves when the purges in flight have ended (tests, shutdown). */
  settled(): Promise<void>;
}

export interface PurgerOptions {
  log: FastifyBaseLogger;
  registry: Registry;
  /** The waits before each retry; how many there are bounds the attempts of one call. */
  retryDelaysMs?: readonly number[];
  /** How long one call may take. */
  timeoutMs?: number;
}

/** Doubling waits: a cache that restarts or an API that stumbles is retried for about 6 s. */
const RETRY_DELAYS_MS = [200, 400, 800, 1600, 3200];
const TIMEOUT_MS = 5000;
/** A tag: printable ASCII without spaces or commas, which separate tags in the caches' headers. */
const TAG = /^[!-+\--~]{1,128}$/;

interface Failing {
  purges: number;
  since: Date;
  reason: string;
}

/** A purger over these targets; each call to each target is retried on its own. */
export function purgerFor(targets: readonly PurgeTarget[], options: PurgerOptions): Purger {
  const { log } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const attempts = new Counter({
    name: "site_purge_attempts_total",
    help: "Purge calls to the shared caches, by target and outcome (ok, failed then retried, gave_up).",
    labelNames: ["target", "outcome"] as const,
    registers: [options.registry],
  });
  const failing = new Map<string, Failing>();
  const inFlight = new Set<Promise<void>>();

  const send = async (target: PurgeTarget, tags: readonly string[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await target.send(tags, AbortSignal.timeout(timeoutMs));
        attempts.inc({ target: target.name, outcome: "ok" });
        if (failing.delete(target.name)) log.info({ target: target.name }, "purges work again");
        return;
      } catch (error) {
        const reason = reasonOf(error, timeoutMs);
        const delay = delays[attempt];
        attempts.inc({ target: target.name, outcome: delay === undefined ? "gave_up" : "failed" });
        if (delay !== undefined) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        const before = failing.get(target.name);
        failing.set(target.name, {
          purges: (before?.purges ?? 0) + 1,
          since: before?.since ?? new Date(),
          reason,
        });
        // The tags are named, so that an operator can purge them by hand; never the credentials.
        log.warn(
          { target: target.name, attempts: attempt + 1, reason, tags: tags.slice(0, 20) },
          "purge failed: the shared cache may serve these tags' old copies until they expire",
        );
        return;
      }
    }
  };

  return {
    purge(tags) {
      const valid = [...new Set(tags)].filter((tag) => TAG.test(tag));
      if (valid.length < new Set(tags).size)
        log.warn({ dropped: tags.filter((tag) => !TAG.test(tag)).length }, "purge: tags dropped");
      for (const target of targets) {
        for (let i = 0; i < valid.length; i += target.maxTags) {
          const running = send(target, valid.slice(i, i + target.maxTags));
          inFlight.add(running);
          void running.finally(() => inFlight.delete(running));
        }
      }
    },
    problem() {
      if (failing.size === 0) return null;
      const parts = [...failing].map(
        ([name, f]) =>
          `${name} (${f.purges} ${f.purges === 1 ? "purge" : "purges"} since ${f.since.toISOString()}, the last: ${f.reason})`,
      );
      return `purges of the shared cache keep failing: ${parts.join("; ")}; it may show content that has changed`;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** Why a call failed, in words that hold no header and no body. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return "failed";
  if (error.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
  // fetch's own failure names its cause (refused, reset, unknown host) in `cause.code`.
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  if (error.name === "TypeError") return typeof code === "string" ? code : "no connection";
  return error.name === "RefusedError" ? error.message : error.name;
}
