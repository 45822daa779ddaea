import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchList, isAbort } from "./api-client.ts";

// The network is the boundary: fetch is replaced by a table of answers per URL.
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push(url);
    if (init?.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    const route = routes[url];
    if (!route) throw new TypeError("Failed to fetch");
    return route();
  });
  return calls;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe("fetchList", () => {
  it("returns the list's value", async () => {
    serve({ "http://site.example/api/default/x": () => json({ value: [1, 2] }) });
    expect(await fetchList("http://site.example/api/default/x")).toEqual([1, 2]);
  });

  it("follows @odata.nextLink on the same origin until the list is complete", async () => {
    const calls = serve({
      "http://site.example/api/x": () =>
        json({ value: [1, 2], "@odata.nextLink": "http://site.example/api/x?$skip=2" }),
      "http://site.example/api/x?$skip=2": () =>
        json({ value: [3], "@odata.nextLink": "/api/x?$skip=3" }),
      "http://site.example/api/x?$skip=3": () => json({ value: [4] }),
    });
    expect(await fetchList("http://site.example/api/x")).toEqual([1, 2, 3, 4]);
    expect(calls).toHaveLength(3);
  });

  it("refuses a next link to another origin", async () => {
    serve({
      "http://site.example/api/x": () =>
        json({ value: [1], "@odata.nextLink": "http://evil.example/x" }),
    });
    await expect(fetchList("http://site.example/api/x")).rejects.toThrow(ApiError);
  });

  it.each([
    [
      "an OData error body",
      () => json({ error: { code: "BadRequest", message: "bad $filter" } }, 400),
      "bad $filter",
    ],
    [
      "a Sitefinity error body",
      () => json({ Message: "An error has occurred." }, 500),
      "An error has occurred.",
    ],
    [
      "a non-JSON body",
      () => new Response("<html>oops</html>", { status: 502 }),
      "unreadable answer (HTTP 502)",
    ],
    ["an error status with a list", () => json({ value: [] }, 503), "HTTP 503"],
    ["a body of the wrong shape", () => json({ items: [] }), "unexpected shape"],
  ])("fails with a visitor-facing message on %s", async (_name, answer, message) => {
    serve({ "http://site.example/x": answer });
    const error = await fetchList("http://site.example/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toContain(message);
  });

  it("fails when the server cannot be reached", async () => {
    serve({});
    await expect(fetchList("http://site.example/x")).rejects.toThrow("could not be reached");
  });

  it("fails with a time-out message when the answer is too slow", async () => {
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("Timed out", "TimeoutError")),
          );
        }),
    );
    await expect(fetchList("http://site.example/x", { timeoutMs: 20 })).rejects.toThrow(
      "took too long",
    );
  });

  it("rethrows the caller's abort as an abort, not as a visitor-facing error", async () => {
    serve({ "http://site.example/x": () => json({ value: [] }) });
    const controller = new AbortController();
    controller.abort();
    const error = await fetchList("http://site.example/x", { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(isAbort(error)).toBe(true);
  });
});
