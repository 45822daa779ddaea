import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "./http-error.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Refuses new requests, waits for replies in flight to be fully written, then closes. */
    closeGracefully(): Promise<void>;
  }
}

/**
 * Graceful close that waits for replies still being written. Node's server.close() (19+) closes
 * "idle" connections at once, and counts a connection as idle as soon as res.end() was called,
 * even while megabytes of that reply are still queued for a slow reader: the reply is cut. So
 * server.close() is only called once every reply has closed: its last byte went to the kernel, or
 * its client went away. Meanwhile new requests get 503 with Connection: close.
 */
export const graceful = fp(async (app: FastifyInstance) => {
  let count = 0;
  let closing = false;
  let drained: (() => void) | null = null;

  // Hooks on every request take a callback, not a promise: a promise and a turn of the
  // microtask queue per hook per request showed in the cost of a cached page (issue 23).
  app.addHook("onRequest", (request, reply, done) => {
    if (closing) {
      done(
        new HttpError(503, "ShuttingDown", "The server is restarting; try again in a moment.", {
          connection: "close",
          "retry-after": "5",
        }),
      );
      return;
    }
    count++;
    // 'close' comes after 'finish' when the reply was sent, and alone when the client went away
    // first; Fastify's onResponse hook waits for 'finish' only, so an aborted request would be
    // counted as in flight for ever and every shutdown would run out its grace time.
    reply.raw.once("close", () => {
      count--;
      if (count === 0) drained?.();
    });
    done();
  });

  app.decorate("closeGracefully", async () => {
    closing = true;
    if (count > 0) await new Promise<void>((resolve) => (drained = resolve));
    await app.close();
  });
});
