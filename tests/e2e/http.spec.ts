import { connect } from "node:net";
import { expect, test } from "./fixtures.ts";

// The host's HTTP behaviour for pages, against the built site: headers, caching, bad requests.

test("pages carry a CSP with Astro's script hashes and no unsafe-inline or unsafe-eval", async ({
  request,
  site,
}) => {
  for (const path of ["/", "/topics", "/transactions", "/search?q=earnouts"]) {
    const response = await request.get(`${site}${path}`);
    expect(response.status()).toBe(200);
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'sha256-[\w+/=]+'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  }
});

test("a page has a strong ETag and answers 304 when it has not changed", async ({
  request,
  site,
}) => {
  const first = await request.get(`${site}/topics`);
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request.get(`${site}/topics`, { headers: { "if-none-match": etag! } });
  expect(again.status()).toBe(304);
  const other = await request.get(`${site}/topics`, { headers: { "if-none-match": '"stale"' } });
  expect(other.status()).toBe(200);
});

test("a page sent again from the site's store carries the headers of its first reply, and its own request id", async ({
  request,
  site,
}) => {
  // The first request renders /about/contact; the next ones are answered from the store.
  const [first, second] = [
    await request.get(`${site}/about/contact`),
    await request.get(`${site}/about/contact`),
  ];
  const head = await request.head(`${site}/about/contact`);
  const perReply = new Set(["date", "x-request-id"]);
  const lasting = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !perReply.has(name)));
  expect(lasting(second.headers())).toEqual(lasting(first.headers()));
  expect(lasting(head.headers())).toEqual(lasting(first.headers()));
  expect(await second.text()).toBe(await first.text());
  expect(await head.text()).toBe("");
  const ids = [first, second, head].map((response) => response.headers()["x-request-id"]);
  expect(new Set(ids).size).toBe(3);
});

test("pages are compressed with brotli or gzip as the client asks", async ({ request, site }) => {
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get(`${site}/`, { headers: { "accept-encoding": encoding } });
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(await response.text()).toContain("</html>");
  }
});

test("methods other than GET and HEAD get 405 with Allow", async ({ request, site }) => {
  const response = await request.post(`${site}/about`, { data: "x" });
  expect(response.status()).toBe(405);
  expect(response.headers()["allow"]).toBe("GET, HEAD");
  expect((await request.head(`${site}/about`)).status()).toBe(200);
});

test("path traversal never reaches a file outside the build", async ({ site }) => {
  for (const path of [
    "/..%2f..%2fpackage.json",
    "/_astro/..%2f..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..\\..\\package.json",
  ]) {
    const { status, body } = await rawGet(site, path);
    expect(status, path).toBeGreaterThanOrEqual(400);
    expect(status, path).toBeLessThan(500);
    expect(body).not.toContain('"devDependencies"');
    expect(body).not.toContain("root:x:0:0");
  }
});

test("malformed percent-encoding gets a clear 400 with the security headers; a literal % in a search is searched", async ({
  site,
}) => {
  for (const [path, expected] of [
    ["/%E0%A4%A", 400],
    ["/%", 400],
    [
      "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/%C0%AF",
      400,
    ],
    ["/search?q=%ZZ", 200],
  ] as const) {
    const { status, headers, body } = await rawGet(site, path);
    expect(status, path).toBe(expected);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    if (expected === 400) expect(JSON.parse(body).error.code, path).toBe("BadRequest");
    else expect(body, path).toContain("%ZZ");
  }
});

test("oversized addresses and headers are refused with 414 and 431", async ({ site }) => {
  expect((await rawGet(site, `/search?q=${"a".repeat(9_000)}`)).status).toBe(414);
  expect((await rawGet(site, "/", { "x-big": "b".repeat(70_000) })).status).toBe(431);
});

test("an unknown method gets a 4xx", async ({ site }) => {
  for (const method of ["PROPFIND", "TRACE", "BREW"]) {
    const { status } = await rawGet(site, "/", {}, method);
    expect(status, method).toBeGreaterThanOrEqual(400);
    expect(status, method).toBeLessThan(500);
  }
});

/** A request written on a socket as given: no client normalises the path or the method. */
function rawGet(site: string, path: string, headers: Record<string, string> = {}, method = "GET") {
  const { hostname, port } = new URL(site);
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
    (resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        const lines = [
          `${method} ${path} HTTP/1.1`,
          `Host: ${hostname}:${port}`,
          "Connection: close",
        ];
        for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
        socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      });
      let data = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => (data += chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const [head = "", ...rest] = data.split("\r\n\r\n");
        const headers = Object.fromEntries(
          head
            .split("\r\n")
            .slice(1)
            .map((line) => [
              line.slice(0, line.indexOf(":")).toLowerCase(),
              line.slice(line.indexOf(":") + 1).trim(),
            ]),
        );
        resolve({ status: Number(data.slice(9, 12)), headers, body: rest.join("\r\n\r\n") });
      });
    },
  );
}
