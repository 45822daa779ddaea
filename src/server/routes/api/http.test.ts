import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApiApp } from "../../../../tests/helpers/api-app.ts";

let api: Awaited<ReturnType<typeof buildApiApp>>;
let base: string;
beforeAll(async () => {
  api = await buildApiApp();
  base = await api.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => api.close());

/** A raw HTTP request over the real port: the body as sent, not decoded. */
function fetchRaw(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

const PATH = "/api/default/transactions?$orderby=Date%20desc";

describe("HTTP caching", () => {
  it("sends a strong ETag and Cache-Control, and 304 on If-None-Match", async () => {
    const first = await fetchRaw(PATH);
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(first.headers["odata-version"]).toBe("4.0");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await fetchRaw(PATH, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(again.headers["odata-version"]).toBe("4.0");
  });

  it.each([
    PATH,
    "/api/default/transactions?$select=Id,industries",
    "/api/default/transactions/$count",
    "/api/default",
    "/api/default/",
    "/api/default/$metadata",
  ])("marks %s as OData 4.0, compressed or not", async (path) => {
    for (const headers of [{}, { "accept-encoding": "br" }] as Record<string, string>[]) {
      const response = await fetchRaw(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers["odata-version"]).toBe("4.0");
    }
  });

  it.each([
    ["a list holding the tag", (tag: string) => `"nope", ${tag}`],
    ["the weak form of the tag", (tag: string) => `W/${tag}`],
    ["*", () => "*"],
  ])("answers 304 for %s", async (_name, header) => {
    const { headers } = await fetchRaw(PATH);
    expect((await fetchRaw(PATH, { "if-none-match": header(String(headers.etag)) })).status).toBe(
      304,
    );
  });

  it("answers 200 for another tag, and tags another body differently", async () => {
    const { headers } = await fetchRaw(PATH);
    expect((await fetchRaw(PATH, { "if-none-match": '"other"' })).status).toBe(200);
    const other = await fetchRaw("/api/default/transactions?$orderby=Date");
    expect(other.headers.etag).not.toBe(headers.etag);
  });
});

describe("compression", () => {
  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("sends %s to a client that accepts it, with its own ETag", async (coding, decode) => {
    const plain = await fetchRaw(PATH);
    const packed = await fetchRaw(PATH, { "accept-encoding": coding });
    expect(packed.headers["content-encoding"]).toBe(coding);
    expect(packed.headers.vary).toBe("Accept-Encoding");
    expect(packed.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(decode(packed.body).equals(plain.body)).toBe(true);
    expect(packed.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await fetchRaw(PATH, {
      "accept-encoding": coding,
      "if-none-match": String(packed.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it("prefers br when a browser offers both", async () => {
    const { headers } = await fetchRaw(PATH, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(headers["content-encoding"]).toBe("br");
  });

  it("sends small bodies as they are", async () => {
    const { headers, body } = await fetchRaw("/api/default/transactions/$count", {
      "accept-encoding": "br",
    });
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe(String(api.content.transactions.length));
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await fetchRaw(PATH, { "accept-encoding": "br" });
    const head = await fetchRaw(PATH, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});

describe("CORS", () => {
  it("lets any origin read replies, errors included", async () => {
    const origin = { origin: "https://other.example" };
    for (const path of [PATH, "/api/default/nope", "/api/default/transactions?$top=x"]) {
      const { headers } = await fetchRaw(path, origin);
      expect(headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("answers the preflight of a JSON GET from another origin, as Sitefinity's SDK sends it", async () => {
    const { status, headers } = await fetchRaw(
      PATH,
      {
        origin: "https://other.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "content-type,x-sf-service-request",
      },
      "OPTIONS",
    );
    expect(status).toBe(204);
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    const allowed = String(headers["access-control-allow-headers"]).toLowerCase().split(", ");
    expect(allowed).toEqual(
      expect.arrayContaining(["content-type", "accept", "x-sf-service-request"]),
    );
    expect(Number(headers["access-control-max-age"])).toBeGreaterThan(0);
  });
});

describe("long addresses over a real socket", () => {
  it("answers 414 with a readable error, not Node's bare 431, for a 20 KiB query", async () => {
    const filter = encodeURIComponent(`Company eq '${"x".repeat(20 * 1024)}'`);
    const { status, headers, body } = await fetchRaw(`/api/default/transactions?$filter=${filter}`);
    expect(status).toBe(414);
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(body.toString()).error.code).toBe("URITooLong");
  });
});
