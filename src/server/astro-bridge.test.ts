import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";
import type { AstroHandler } from "./astro-bridge.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Stands in for Astro as it answers an endpoint (a feed, the sitemap): no body for HEAD. */
const astroEndpoint =
  (methods: string[]): AstroHandler =>
  (request, response) => {
    methods.push(request.method ?? "");
    const sink = response as Pick<ServerResponse, "writeHead" | "end">;
    sink.writeHead(200, { "content-type": "application/atom+xml; charset=utf-8" });
    sink.end(request.method === "HEAD" ? undefined : `<feed>${request.url}</feed>`);
  };

describe("pages rendered by Astro", () => {
  it("renders a HEAD as a GET, so a HEAD first keeps the whole page for the GETs after it", async () => {
    const methods: string[] = [];
    const t = await testApp({}, { astro: astroEndpoint(methods) });
    close = t.close;
    const head = await t.app.inject({ method: "HEAD", url: "/feeds/x.xml" });
    const get = await t.app.inject({ method: "GET", url: "/feeds/x.xml" });
    expect(methods).toEqual(["GET"]);
    expect(get.body).toBe("<feed>/feeds/x.xml</feed>");
    expect(head.body).toBe("");
    expect(head.headers["etag"]).toBe(get.headers["etag"]);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  });
});
