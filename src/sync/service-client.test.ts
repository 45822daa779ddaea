import { createServer, type RequestListener } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  type SitefinityService,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { createServiceClient, SyncError } from "./service-client.ts";

const content = generateContent({ transactions: 120, articles: 4, seed: 21 });
const quick = { timeoutMs: 300, retries: 2, backoffMs: 10 };
let service: SitefinityService;

beforeAll(async () => {
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY });
});
afterAll(() => service.close());

/** A throwaway HTTP server of the test's own; returns its origin. */
async function serve(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}
const json =
  (body: unknown): RequestListener =>
  (_request, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));

/** The error a call fails with. */
async function failure(call: Promise<unknown>): Promise<Error> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SyncError);
  return error as Error;
}

describe("the sync's client for a Sitefinity web service", () => {
  it("lists every item through the service's pages, sending the key as X-SF-Access-Key", async () => {
    const client = createServiceClient({ service: service.base, accessKey: ACCESS_KEY });
    const rows = await client.list(DEALS_SET, { $select: "Id,LastModified" });
    expect(rows.map((r) => r.Id)).toEqual(content.transactions.map((t) => t.Id));
    expect(Object.keys(rows[0]!)).toEqual(["Id", "LastModified"]);
    expect(client.requests).toBe(3); // 120 items, 50 to a page
  });

  it("asks for the rest when a service stops short of its own count without a next page", async () => {
    const rows = Array.from({ length: 7 }, (_, n) => ({ Id: n }));
    const server = await serve((request, response) => {
      const skip = Number(new URL(request.url!, "http://x").searchParams.get("$skip") ?? 0);
      json({ "@odata.count": 7, value: rows.slice(skip, skip + 3) })(request, response);
    });
    const client = createServiceClient({ service: `${server.origin}/api/firm` });
    expect((await client.list("newsitems", {})).map((r) => r.Id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await server.close();
  });

  it.each([
    [
      "outside the web service",
      () => "http://elsewhere.example/api/firm/x",
      /outside the web service/,
    ],
    [
      "back to a page already read",
      (origin: string) => `${origin}/api/firm/x?$count=true`,
      /pages loop back/,
    ],
  ])("refuses a next page %s", async (_name, link, message) => {
    let origin = "";
    const server = await serve((request, response) =>
      json({ value: [{}], "@odata.nextLink": link(origin) })(request, response),
    );
    origin = server.origin;
    const client = createServiceClient({ service: `${origin}/api/firm` });
    expect((await failure(client.list("x", {}))).message).toMatch(message);
    await server.close();
  });

  it("tries a request that failed for a moment again", async () => {
    service.failNext(2, 503);
    const client = createServiceClient({ service: service.base, accessKey: ACCESS_KEY, ...quick });
    expect(await client.list("taxonomies", {})).toHaveLength(3);
    expect(client.requests).toBe(3);
  });

  it("gives up on a service that stays down, saying what it answered and how often it was tried", async () => {
    service.failNext(10, 503);
    const client = createServiceClient({ service: service.base, accessKey: ACCESS_KEY, ...quick });
    const error = await failure(client.list("taxonomies", {}));
    expect(error.message).toMatch(
      /^the web service answered 503 for .*taxonomies.* \(tried 3 times\)/,
    );
    service.failNext(0, 503);
  });

  it("gives up on a service that never answers, each request ending at its timeout", async () => {
    service.setHanging(true);
    const client = createServiceClient({ service: service.base, accessKey: ACCESS_KEY, ...quick });
    const started = performance.now();
    const error = await failure(client.list("taxonomies", {}));
    service.setHanging(false);
    expect(error.message).toMatch(/no answer within 0.3 s .*\(tried 3 times\)/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it.each([
    [undefined, /answered 401 Unauthorized .*: set SITEFINITY_ACCESS_KEY to the access key/],
    [
      "not-the-key",
      /answered 401 Unauthorized .*: the key in SITEFINITY_ACCESS_KEY was not accepted/,
    ],
  ])(
    "stops at once on 401 with key %j, naming the status and the setting but never the key",
    async (key, message) => {
      const client = createServiceClient({ service: service.base, accessKey: key, ...quick });
      const error = await failure(client.list("taxonomies", {}));
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain("not-the-key");
      expect(client.requests).toBe(1);
    },
  );

  it("stops at once on 403, saying the key's user may not read the set", async () => {
    const forbidding = await startSitefinityService(content, { accessKey: ACCESS_KEY });
    forbidding.forbid("newsitems");
    const client = createServiceClient({
      service: forbidding.base,
      accessKey: ACCESS_KEY,
      ...quick,
    });
    const error = await failure(client.list("newsitems", {}));
    expect(error.message).toMatch(
      /answered 403 Forbidden .*newsitems.*: the user whose key is in SITEFINITY_ACCESS_KEY may not read it/,
    );
    expect(error.message).not.toContain(ACCESS_KEY);
    await forbidding.close();
  });

  it("does not follow a redirect, which would carry the key to another address", async () => {
    const seen: (string | undefined)[] = [];
    const other = await serve((request, response) => {
      seen.push(request.headers["x-sf-access-key"] as string | undefined);
      json({ value: [] })(request, response);
    });
    const redirecting = await serve((_request, response) =>
      response.writeHead(302, { location: `${other.origin}/api/firm/taxonomies` }).end(),
    );
    const client = createServiceClient({
      service: `${redirecting.origin}/api/firm`,
      accessKey: ACCESS_KEY,
    });
    const error = await failure(client.list("taxonomies", {}));
    expect(error.message).toMatch(
      /answered 302, a redirect to .*: set "service" to the address it redirects to/,
    );
    expect(seen).toEqual([]);
    await Promise.all([other.close(), redirecting.close()]);
  });
});
