import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";
import type { AppOptions } from "./app.ts";
import type { AstroHandler } from "./astro-bridge.ts";
import { HttpError } from "./http-error.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const ERROR_PAGE = "<!doctype html><title>Sorry</title><h1>This page is not available</h1>";

/** The app with its log lines kept, and Astro's handler when pages are wanted. */
async function start(options: Partial<AppOptions> = {}) {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const t = await testApp({}, { logger: { level: "info", stream }, ...options });
  close = t.close;
  const failures = () => lines.filter((line) => line.level >= 50);
  return { app: t.app, failures };
}

/** The app with the site's pages, rendered by a stand-in for Astro (see astroRendering). */
function startPages(failures: Record<string, unknown>, whileSlow?: () => Promise<void>) {
  return start({ astro: astroRendering(failures, whileSlow), errorPage: ERROR_PAGE });
}

type Sink = Pick<ServerResponse, "writeHead" | "end">;

/** Stands in for Astro's built handler: renders, or fails as Astro hands a failure to the host. */
function astroRendering(
  failures: Record<string, unknown>,
  whileSlow: () => Promise<void> = async () => {},
): AstroHandler {
  return async (request, response, _next, locals) => {
    const sink = response as Sink;
    const path = request.url ?? "/";
    if (path === "/slow") await whileSlow();
    if (path in failures) {
      Object.assign(locals ?? {}, { failure: failures[path] });
      sink.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      sink.end("render failed");
      return;
    }
    sink.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    sink.end("<p>a page</p>");
  };
}

describe("an HttpError raised anywhere in a request", () => {
  it("is answered with its status, code, message and headers, with the site's headers too", async () => {
    const { app } = await start();
    app.get("/taken", async () => {
      throw new HttpError(409, "Conflict", "That name is taken.", { "retry-after": "7" });
    });
    const response = await app.inject("/taken");
    expect(response.statusCode).toBe(409);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toEqual({
      error: { code: "Conflict", message: "That name is taken." },
    });
    expect(response.headers["retry-after"]).toBe("7");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps the message of a 5xx it raised on purpose, and does not log it as a failure", async () => {
    const { app, failures } = await start();
    app.get("/maintenance", async () => {
      throw new HttpError(503, "Maintenance", "Back at noon.", { "retry-after": "3600" });
    });
    const response = await app.inject("/maintenance");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: "Maintenance", message: "Back at noon." } });
    expect(response.headers["retry-after"]).toBe("3600");
    expect(failures()).toEqual([]);
  });

  it("is sent as JSON even on a page address, where failures get the error page", async () => {
    const { app } = await startPages({});
    const post = await app.inject({ method: "POST", url: "/about" });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect(post.json().error.code).toBe("MethodNotAllowed");
    const long = await app.inject(`/about?q=${"a".repeat(9000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe("URITooLong");
  });

  it("answers a page address with JSON 503 and Connection: close while shutting down", async () => {
    let entered = () => {};
    const hasEntered = new Promise<void>((resolve) => (entered = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const whileSlow = () => {
      entered();
      return released;
    };
    const { app } = await startPages({}, whileSlow);
    const inFlight = app.inject("/slow");
    await hasEntered;
    const closing = app.closeGracefully();
    const refused = await app.inject("/about");
    release();
    await inFlight;
    await closing;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe("close");
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json().error.code).toBe("ShuttingDown");
  });
});

describe("an error nobody raised on purpose", () => {
  it("is logged and answered with a generic 500 that no cache keeps, never its text", async () => {
    const { app, failures } = await start();
    app.get("/broken", async () => {
      throw new Error("SELECT secret FROM keys");
    });
    const response = await app.inject("/broken");
    expect(response.statusCode).toBe(500);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      error: { code: "ServerError", message: "Something went wrong on our side." },
    });
    expect(response.body).not.toContain("secret");
    expect(failures()).toMatchObject([
      { msg: "request failed", err: { message: "SELECT secret FROM keys" } },
    ]);
  });

  it("keeps a 4xx's message under a plain code instead of Fastify's internal one", async () => {
    const { app } = await start();
    app.post("/echo", async (request) => request.body);
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/xml" },
      payload: "<x/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UnsupportedMediaType");
  });
});

describe("a page that fails to render", () => {
  it.each([
    ["a bug", new Error("undefined is not a function"), 500, undefined, "request failed"],
    [
      "a database out of reach",
      Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }),
      503,
      "5",
      "database unavailable",
    ],
    [
      "a failure that carries a 4xx status",
      Object.assign(new Error("no such topic"), { statusCode: 404 }),
      500,
      undefined,
      "request failed",
    ],
  ])(
    "gets the site's error page, never stored, for %s",
    async (_name, failure, status, retryAfter, logged) => {
      const { app, failures } = await startPages({ "/failing": failure });
      const response = await app.inject("/failing");
      expect(response.statusCode).toBe(status);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["retry-after"]).toBe(retryAfter);
      expect(response.body).toBe(ERROR_PAGE);
      expect(failures()).toMatchObject([
        { msg: logged, err: { message: expect.stringContaining(failure.message) } },
      ]);
    },
  );

  it("is not kept: the next request renders again", async () => {
    const failing: Record<string, unknown> = { "/flaky": new Error("once") };
    const { app } = await startPages(failing);
    expect((await app.inject("/flaky")).statusCode).toBe(500);
    delete failing["/flaky"];
    const again = await app.inject("/flaky");
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe("<p>a page</p>");
  });
});
