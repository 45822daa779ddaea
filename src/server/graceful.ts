import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

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
 * server.close() is only called once every reply has reached onResponse (its 'finish': the last
 * byte went to the kernel). Meanwhile new requests get 503 with Connection: close.
 */
export const graceful = fp(async (app: FastifyInstance) => {
  const inFlight = new WeakSet<FastifyRequest>();
  let count = 0;
  let closing = false;
  let drained: (() => void) | null = null;

  app.addHook("onRequest", async (request, reply) => {
    if (closing) {
      return reply
        .code(503)
        .header("connection", "close")
        .header("retry-after", "5")
        .send({
          error: {
            code: "ShuttingDown",
            message: "The server is restarting; try again in a moment.",
          },
        });
    }
    inFlight.add(request);
    count++;
  });
  app.addHook("onResponse", async (request) => {
    if (!inFlight.delete(request)) return;
    count--;
    if (count === 0) drained?.();
  });

  app.decorate("closeGracefully", async () => {
    closing = true;
    if (count > 0) await new Promise<void>((resolve) => (drained = resolve));
    await app.close();
  });
});
