import { describe, expect, it, vi } from "vitest";
import { ApiError, fetchList, isAbort } from "./api-client.ts";
import { SERVICE_FAILURES, type Reply } from "./test-service.ts";

// The network is the boundary: fetch is replaced by a table of answers per URL.
function serve(routes: Record<string, () => Reply | Promise<Reply>>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push(url);
    if (init?.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    const route = routes[url];
    if (!route) throw new TypeError("Failed to fetch");
    const reply = await route();
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return calls;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const API = "http://site.example/api/default";
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error as ApiError,
  );

describe("fetchList", () => {
  it("returns the list's value", async () => {
    serve({ [`${API}/x`]: () => json({ value: [1, 2] }) });
    expect(await fetchList(`${API}/x`, { within: API })).toEqual([1, 2]);
  });

  it("follows @odata.nextLink under the web service root until the list is complete", async () => {
    const calls = serve({
      [`${API}/x`]: () => json({ value: [1, 2], "@odata.nextLink": `${API}/x?$skip=2` }),
      [`${API}/x?$skip=2`]: () => json({ value: [3], "@odata.nextLink": "/api/default/x?$skip=3" }),
      [`${API}/x?$skip=3`]: () => json({ value: [4] }),
    });
    expect(await fetchList(`${API}/x`, { within: API })).toEqual([1, 2, 3, 4]);
    expect(calls).toHaveLength(3);
  });

  it("follows next links on the service's own origin when it is not the page's", async () => {
    const service = "https://cms.firm.example/api/firm";
    serve({
      [`${service}/deals`]: () =>
        json({ value: [1], "@odata.nextLink": `${service}/deals?$skip=1` }),
      [`${service}/deals?$skip=1`]: () => json({ value: [2] }),
    });
    expect(await fetchList(`${service}/deals`, { within: service })).toEqual([1, 2]);
  });

  it.each([
    ["another origin", "http://evil.example/api/default/x?$skip=1"],
    ["another service on the same origin", "http://site.example/api/other/x?$skip=1"],
    ["a path that only starts like the root", "http://site.example/api/defaultx?$skip=1"],
  ])("refuses a next link to %s", async (_name, link) => {
    serve({ [`${API}/x`]: () => json({ value: [1], "@odata.nextLink": link }) });
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.detail).toContain("outside the web service");
  });

  it("stops with an error when the next links go round in a loop", async () => {
    const calls = serve({
      [`${API}/x`]: () => json({ value: [1], "@odata.nextLink": `${API}/x?$skip=1` }),
      [`${API}/x?$skip=1`]: () => json({ value: [2], "@odata.nextLink": `${API}/x` }),
    });
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error.detail).toContain("links back to a page already read");
    expect(calls).toHaveLength(2);
  });

  it("stops when an empty page still links on", async () => {
    serve({ [`${API}/x`]: () => json({ value: [], "@odata.nextLink": `${API}/x?$skip=0` }) });
    expect((await failure(fetchList(`${API}/x`, { within: API }))).detail).toContain("empty");
  });

  it.each([401, 403])("says that the service refused anonymous access on %i", async (status) => {
    serve({ [`${API}/x`]: () => json({ error: { code: "Unauthorized", message: "no" } }, status) });
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error.message).toBe("The web service refused anonymous access.");
    expect(error.detail).toContain(`answered ${status}: the web service refused anonymous access`);
  });

  it("says what to check when the service or the set does not exist", async () => {
    serve({ [`${API}/x`]: () => new Response("<h1>Not found</h1>", { status: 404 }) });
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error.message).toBe("The list was not found on the web service.");
    expect(error.detail).toMatch(/404.*data-api-base.*data-transactions-set/);
  });

  it.each<readonly [string, () => Reply, string]>([
    ...SERVICE_FAILURES,
    [
      "an error status with a list",
      () => json({ value: [] }, 503),
      "The server answered with an error (HTTP 503).",
    ],
    [
      "a body of the wrong shape",
      () => json({ items: [] }),
      "The server sent an answer in an unexpected shape.",
    ],
  ])("fails with a visitor-facing message on %s", async (_name, answer, message) => {
    serve({ [`${API}/x`]: answer });
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(message);
    expect(error.detail).toContain(`GET ${API}/x`);
  });

  it("fails when the server cannot be reached, naming CORS as a cause", async () => {
    serve({});
    const error = await failure(fetchList(`${API}/x`, { within: API }));
    expect(error.message).toBe("The server could not be reached.");
    expect(error.detail).toMatch(/blocked the request.*CORS/);
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
    await expect(fetchList(`${API}/x`, { within: API, timeoutMs: 20 })).rejects.toThrow(
      "took too long",
    );
  });

  it("rethrows the caller's abort as an abort, not as a visitor-facing error", async () => {
    serve({ [`${API}/x`]: () => json({ value: [] }) });
    const controller = new AbortController();
    controller.abort();
    const error = await fetchList(`${API}/x`, { within: API, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(isAbort(error)).toBe(true);
  });
});
