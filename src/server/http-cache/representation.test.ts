import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { represent } from "./representation.ts";

const html = `<!doctype html><p>${"A page long enough to be worth compressing. ".repeat(60)}</p>`;
const headers = { "content-type": "text/html; charset=utf-8" };

describe("represent", () => {
  it("keeps a reply in every coding, each with its own strong ETag", async () => {
    const r = await represent(html, headers);
    expect(brotliDecompressSync(r.variants.br.body).toString()).toBe(html);
    expect(gunzipSync(r.variants.gzip.body).toString()).toBe(html);
    expect(r.variants.br.headers["content-encoding"]).toBe("br");
    expect(new Set(r.tags).size).toBe(3);
  });

  it("compresses a reply made for one request only in the coding that request takes", async () => {
    const r = await represent(html, headers, 200, "gzip");
    expect(gunzipSync(r.variants.gzip.body).toString()).toBe(html);
    expect(r.variants.br).toBe(r.variants.identity);
    expect(r.variants.identity.body.toString()).toBe(html);
    expect(r.bytes).toBe(Buffer.byteLength(html) + r.variants.gzip.body.length);
    expect(r.tags).toEqual([r.variants.identity.headers.etag, r.variants.gzip.headers.etag]);
  });
});
