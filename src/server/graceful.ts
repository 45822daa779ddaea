import type { ServerResponse } from "node:http";
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
 * The replies still being written, counted by whoever answers them: Fastify's requests (the
 * plugin below) and the kept pages answered before Fastify (page-front.ts).
 */
export class InFlight {
  private count = 0;
  private drained: (() => void) | null = null;
  private drain: Promise<void> | null = null;
  /** Set when the server starts to close: from then on, new requests are refused. */
  closing = false;

  /** Counts `response` until it closes: its last byte went to the kernel, or its client left. */
  track(response: ServerResponse): void {
    this.count++;
    // 'close' comes after 'finish' when the reply was sent, and alone when the client went away
    // first; waiting for 'finish' only would count an aborted request as in flight for ever, and
    // every shutdown would run out its grace time.
    response.once("close", () => {
      this.count--;
      if (this.count === 0) this.drained?.();
    });
  }

  /** Resolves once no reply is in flight (every caller, however many wait). */
  idle(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    this.drain ??= new Promise<void>((resolve) => {
      this.drained = () => {
        this.drain = null;
        this.drained = null;
        resolve();
      };
    });
    return this.drain;
  }
}

/**
 * Graceful close that waits for replies still being written. Node's server.close() (19+) closes
 * "idle" connections at once, and counts a connection as idle as soon as res.end() was called,
 * even while megabytes of that reply are still queued for a slow reader: the reply is cut. So
 * server.close() is only called once every reply has closed: its last byte went to the kernel, or
 * its client went away. Meanwhile new requests get 503 with Connection: close.
 */
export const graceful = fp(async (app: FastifyInstance, { inFlight }: { inFlight: InFlight }) => {
  // Hooks on every request take a callback, not a promise: a promise and a turn of the
  // microtask queue per hook per request showed in the cost of a cached page, the cheapest reply.
  app.addHook("onRequest", (_request, reply, done) => {
    if (inFlight.closing) {
      done(
        new HttpError(503, "ShuttingDown", "The server is restarting; try again in a moment.", {
          connection: "close",
          "retry-after": "5",
        }),
      );
      return;
    }
    inFlight.track(reply.raw);
    done();
  });
  // When app.close() is called directly (tests, a failed start), Fastify's router answers 503
  // by itself; this makes the front (page-front.ts) stand aside too.
  app.addHook("preClose", (done) => {
    inFlight.closing = true;
    done();
  });

  app.decorate("closeGracefully", async () => {
    inFlight.closing = true;
    await inFlight.idle();
    await app.close();
  });
});
