import { EventEmitter } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";

/** A rendered page: status, headers and the whole body. */
export interface RenderedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Astro's middleware handler, as `@astrojs/node` builds it in middleware mode. */
export type AstroHandler = (
  req: IncomingMessage,
  res: unknown,
  next?: (err?: unknown) => void,
  locals?: object,
) => Promise<void> | void;

/**
 * Runs Astro's handler against a sink that collects the response instead of writing it to
 * the socket, so the page goes back through Fastify (compression, security headers, caching).
 * The sink implements the part of ServerResponse that Astro's `writeResponse` uses.
 *
 * A HEAD request is rendered as a GET. Astro answers HEAD to an endpoint (the feeds, the
 * sitemap) with no body, and what is rendered here is kept for GET and HEAD alike: a HEAD first
 * would have kept an empty feed. The reply leaves out the body of a HEAD itself. `url` renders
 * another address of the site for the request (the parts of a search page).
 */
export async function renderWithAstro(
  handler: AstroHandler,
  req: IncomingMessage,
  locals: object,
  { url }: { url?: string } = {},
): Promise<RenderedPage> {
  const sink = new ResponseSink(req);
  const done = new Promise<void>((resolve, reject) => {
    sink.once("finish", resolve);
    sink.once("error", reject);
  });
  const asGet = req.method === "HEAD" || url !== undefined ? asked(req, url ?? req.url) : req;
  await handler(asGet, sink, () => sink.emit("error", new Error("Astro found no route")), locals);
  await done;
  return { status: sink.statusCode, headers: sink.headers, body: Buffer.concat(sink.chunks) };
}

/**
 * The request as it is, but a GET of `url`: every other read and write reaches the request itself.
 */
function asked(req: IncomingMessage, url: string | undefined): IncomingMessage {
  return new Proxy(req, {
    get: (target, property) =>
      property === "method" ? "GET" : property === "url" ? url : Reflect.get(target, property),
  });
}

class ResponseSink extends EventEmitter {
  statusCode = 200;
  statusMessage = "";
  headers: OutgoingHttpHeaders = {};
  chunks: Buffer[] = [];
  headersSent = false;
  writableEnded = false;

  readonly req: IncomingMessage;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
  }

  setHeader(name: string, value: number | string | string[]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  writeHead(status: number, headers?: OutgoingHttpHeaders) {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.headers[name.toLowerCase()] = value;
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: Uint8Array | string, callback?: () => void) {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
    callback?.();
    return true;
  }

  end(chunk?: Uint8Array | string) {
    if (chunk !== undefined) this.write(chunk);
    this.headersSent = true;
    this.writableEnded = true;
    this.emit("finish");
    this.emit("close");
    return this;
  }

  destroy(error?: Error) {
    this.emit("error", error ?? new Error("render aborted"));
    return this;
  }
}
