import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import zlib from "node:zlib";
import { generateContent } from "../../src/db/demo/generate.ts";
import { articlePath, dealPath, searchPath } from "../../src/rules/site-paths.ts";
import { freePort } from "../../tools/free-port.ts";
import { createDatabase, startPostgres } from "../../tools/postgres.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { DEAL_TYPE, HOOK_ENV, postHook } from "../../tools/sitefinity-hooks.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";
import { findVarnish, startVarnish, type Varnish } from "../../tools/varnish.ts";
import { metricValue, until } from "../helpers/poll.ts";
import { untilRendered } from "../helpers/renditions.ts";

// npm run test:varnish: the project's VCL (deploy/varnish.vcl) in a real varnishd, in front of
// two instances of the built site on one PostgreSQL database, whose content comes from the
// Sitefinity stand-in. A service hook makes a change; Varnish must show it within seconds, keep
// what the change did not touch, refuse purges from outside its ACL, and serve its copies while
// both instances are down. Needs `npm run build` first, and Varnish 7 with varnish-modules.

const found = findVarnish();
if ("missing" in found) {
  console.error("test:varnish cannot run; it needs (tests/varnish/debian-packages.txt):");
  for (const line of found.missing) console.error(`  - ${line}`);
  process.exit(1);
}

/** How long a published change may take to show through Varnish. */
const VISIBLE_WITHIN_MS = 2000;

const firm = generateContent({ transactions: 60, articles: 12, seed: 29 });
const service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
const dir = mkdtempSync(join(tmpdir(), "site-varnish-test-"));
const settings = join(dir, "sync.json");
writeFileSync(settings, JSON.stringify(syncSettingsFor(service.base)));
const postgres = await startPostgres();
const database = await createDatabase(postgres.url, "site_varnish");
const varnishPort = await freePort();
const env = {
  DATABASE_URL: database.url,
  SEED_DEMO: "true",
  SITE_URL: `http://127.0.0.1:${varnishPort}`,
  SYNC_SETTINGS: settings,
  ...HOOK_ENV,
  SITEFINITY_ACCESS_KEY: ACCESS_KEY,
  VARNISH_URLS: `http://127.0.0.1:${varnishPort}`,
};
/** Each instance's metrics, on a port of its own. */
const metrics: string[] = [];
async function startInstance() {
  const port = await freePort();
  metrics.push(`http://127.0.0.1:${port}/metrics`);
  return startServer({ ...env, METRICS_PORT: String(port) });
}
const instances: ServerProcess[] = [await startInstance()];
const sync = await runScriptAsync("content-sync.ts", [settings], {
  DATABASE_URL: database.url,
  SITEFINITY_ACCESS_KEY: ACCESS_KEY,
});
assert.equal(sync.stderr, "", "the first sync from the stand-in failed");
instances.push(await startInstance());
const varnish: Varnish = await startVarnish(
  instances.map((i) => new URL(i.url)),
  { port: varnishPort },
);
after(async () => {
  await varnish.stop();
  for (const instance of instances) await instance.stop();
  await service.close();
  await database.remove();
  await postgres.remove();
  rmSync(dir, { recursive: true, force: true });
});

// The sync's pictures get their renditions in the background, and each image's pages are purged
// twice (src/server/publish.ts), a second apart. The tests begin once those purges are over, so
// that the only purges they see are their own changes'.
await untilRendered(database.url);
const purges = async () =>
  (await Promise.all(metrics.map((url) => metricValue(url, "site_purge_attempts_total")))).reduce(
    (sum, n) => sum + n,
  );
let purgesSoFar = await purges();
await until("the instances stopped purging", async () => {
  await new Promise((r) => setTimeout(r, 2000));
  const now = await purges();
  const isQuiet = now === purgesSoFar;
  purgesSoFar = now;
  return isQuiet;
});

/** A GET through Varnish; the body decoded. */
async function get(path: string) {
  const reply = await fetch(`${varnish.url}${path}`);
  return { status: reply.status, headers: reply.headers, text: await reply.text() };
}

/** Asks until `isSeen` holds, for at most `withinMs`; the time it took, or a failure. */
async function seenWithin(path: string, isSeen: (r: Awaited<ReturnType<typeof get>>) => boolean) {
  const started = Date.now();
  for (;;) {
    const reply = await get(path);
    if (isSeen(reply)) return Date.now() - started;
    if (Date.now() - started > VISIBLE_WITHIN_MS)
      assert.fail(`${path} did not show the change within ${VISIBLE_WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Requests an address until Varnish answers it from its cache (the second time, normally). */
async function cached(path: string) {
  let reply = await get(path);
  for (let i = 0; i < 3 && reply.headers.get("x-cache") !== "HIT"; i++) reply = await get(path);
  assert.equal(reply.status, 200, path);
  assert.equal(reply.headers.get("x-cache"), "HIT", `${path} is not kept by Varnish`);
  return reply;
}

/** Sitefinity's service hook for a deal: a change published, or the item unpublished. */
async function hook(deal: { Id: string; UrlName?: string }, action: "Updated" | "Deleted") {
  const payload = {
    Name:
      action === "Deleted" ? "Past transaction is unpublished" : "Past transaction is published",
    // The save the hook tells of: the item's own LastModified, or the unpublish's time.
    Item: {
      Id: deal.Id,
      UrlName: deal.UrlName ?? "",
      LastModified:
        service.items(DEALS_SET).find((row) => row.Id === deal.Id)?.LastModified ??
        new Date().toISOString(),
    },
    OriginalEvent: {
      Action: action,
      ItemType: DEAL_TYPE,
      ItemId: deal.Id,
      Status: action === "Deleted" ? "Unpublished" : "Live",
      OriginalContentId: deal.Id,
    },
    OriginalEventType: `Telerik.Sitefinity.DynamicModules.Events.DynamicContent${action}Event`,
  };
  const started = Date.now();
  // Sitefinity calls the public address: through Varnish, which passes it on.
  const reply = await postHook(varnish.url, payload);
  assert.equal(reply.status, 202, `the hook was answered ${reply.status}: ${await reply.text()}`);
  assert.ok(Date.now() - started < 1000, "the hook did not answer at once");
}

/** A PURGE from a given local address, as node:http sends it. */
function purgeFrom(localAddress: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: varnish.port, method: "PURGE", path: "/", localAddress, headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const dealApi = (id: string) =>
  `/api/default/transactions?$filter=${encodeURIComponent(`Id eq ${id}`)}`;
const LISTING = "/api/default/transactions?$orderby=Date%20desc";

describe("a change published in Sitefinity, through Varnish", () => {
  const changed = firm.transactions[5]!;
  const other = firm.transactions[6]!;
  const article = firm.articles[0]!;
  const renamed = "Renamed Holdings Twenty-Nine";
  const unrelated = [articlePath(article.UrlName), dealPath(other.UrlName!), dealApi(other.Id)];

  before(async () => {
    // Everything the tests look at is in Varnish's cache before the change.
    for (const path of [dealPath(changed.UrlName!), LISTING, dealApi(changed.Id), ...unrelated])
      await cached(path);
  });

  it("shows a published change on the deal's page, in the listing and in the API", async () => {
    service.edit(DEALS_SET, changed.Id, { Company: renamed });
    await hook(changed, "Updated");
    for (const path of [dealPath(changed.UrlName!), LISTING, dealApi(changed.Id)]) {
      const ms = await seenWithin(path, (r) => r.status === 200 && r.text.includes(renamed));
      console.log(`  ${path}: the change showed after ${ms} ms`);
    }
  });

  it("still answers the pages the change did not touch from its cache", async () => {
    for (const path of unrelated) {
      const reply = await get(path);
      assert.equal(reply.headers.get("x-cache"), "HIT", `${path} was dropped by the change`);
      assert.ok(Number(reply.headers.get("age")) >= 0, `${path}: no Age`);
    }
  });

  it("drops an unpublished deal: its page answers 404 and the search no longer finds it", async () => {
    const gone = firm.transactions[7]!;
    const search = searchPath(gone.Company);
    await cached(dealPath(gone.UrlName!));
    assert.ok((await cached(search)).text.includes(dealPath(gone.UrlName!)), "not found before");
    service.remove(DEALS_SET, gone.Id);
    await hook(gone, "Deleted");
    await seenWithin(dealPath(gone.UrlName!), (r) => r.status === 404);
    await seenWithin(search, (r) => r.status === 200 && !r.text.includes(dealPath(gone.UrlName!)));
  });
});

describe("what Varnish keeps and who may purge it", () => {
  it("refuses a PURGE from an address outside its ACL, and takes it from the site's", async () => {
    const page = articlePath(firm.articles[1]!.UrlName);
    await cached(page);
    // All of 127.0.0.0/8 is this machine; the ACL lists only 127.0.0.1 of it.
    assert.equal(await purgeFrom("127.0.0.2", { "xkey-purge": "all" }), 403);
    assert.equal((await get(page)).headers.get("x-cache"), "HIT", "a refused purge dropped it");
    assert.equal(await purgeFrom("127.0.0.1", { "xkey-purge": "no-such-tag" }), 200);
  });

  it("never keeps the health probes", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      await get(path);
      assert.equal((await get(path)).headers.get("x-cache"), "MISS", path);
    }
  });

  it("keeps one copy per coding, and sends each visitor the one it accepts", async () => {
    const path = articlePath(firm.articles[2]!.UrlName);
    const raw = (encoding: string | null) =>
      new Promise<{ coding: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest(
          `${varnish.url}${path}`,
          { headers: encoding ? { "accept-encoding": encoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              const body = Buffer.concat(chunks);
              const coding = res.headers["content-encoding"];
              const plain =
                coding === "br"
                  ? zlib.brotliDecompressSync(body)
                  : coding === "gzip"
                    ? zlib.gunzipSync(body)
                    : body;
              resolve({ coding, body: plain.toString() });
            });
          },
        );
        req.on("error", reject);
        req.end();
      });
    const answers: Awaited<ReturnType<typeof raw>>[] = [];
    for (const encoding of ["gzip, deflate, br", "gzip", null]) {
      await raw(encoding);
      answers.push(await raw(encoding));
    }
    assert.deepEqual(
      answers.map((a) => a.coding),
      ["br", "gzip", undefined],
    );
    assert.ok(answers.every((a) => a.body === answers[2]!.body && a.body.includes("</html>")));
  });
});

describe("while the site is down", () => {
  it("serves its copies, past their lifetime, while both instances are down", async () => {
    const page = articlePath(firm.articles[3]!.UrlName);
    const before = await cached(page);
    // A soft purge ends the copies' lifetime but keeps them for grace, as time would.
    assert.equal(await purgeFrom("127.0.0.1", { "xkey-softpurge": "all" }), 200);
    for (const instance of instances) await instance.stop();
    const deadline = Date.now() + 10_000;
    let reply = await get(page);
    while (reply.headers.get("x-cache") !== "STALE" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      reply = await get(page);
    }
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get("x-cache"), "STALE");
    assert.equal(reply.text, before.text);
  });
});
