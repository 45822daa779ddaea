import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../../src/db/demo/generate.ts";
import { articlePath, dealPath } from "../../src/rules/site-paths.ts";
import { metricValue, until } from "../helpers/poll.ts";
import { untilRendered } from "../helpers/renditions.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import {
  basicAuth,
  DEAL_TYPE,
  HOOK_PASSWORD,
  HOOK_USER,
  postHook,
} from "../../tools/sitefinity-hooks.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  INDUSTRIES_FIELD,
  type SitefinityService,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { startHookedSite } from "../helpers/hooked-site.ts";

// Sitefinity's service hooks against the built site: the endpoint's refusals (each changes
// nothing and asks the service nothing), a publish and an unpublish that show on the pages, the
// API and the search at once, a deletion (no item in its payload), gzip-encoded bodies, an item
// the service serves late (its output cache), a burst of hooks coalesced into a few writes, and a
// change that leaves the kept pages that do not show it in place. The site first syncs the stand-in whole
// (at its start), as a site does before hooks are set up.

const firm = generateContent({ transactions: 120, articles: 40, seed: 21 });

/**
 * Sitefinity's payload for an item of `type` (see docs/sitefinity.md), with the item's
 * LastModified as the stand-in holds it now (none for an item it no longer holds).
 */
const payload = (
  id: string,
  type = DEAL_TYPE,
  action = "Updated",
  lastModified = service.items(DEALS_SET).find((row) => row.Id === id)?.LastModified,
) => ({
  Name: "Item is published",
  Item: { Id: id, UrlName: "item", ...(lastModified ? { LastModified: lastModified } : {}) },
  OriginalEvent: {
    Action: action,
    ItemType: type,
    ItemId: "0f454ddf-e19e-4321-af06-494d50d5f496",
    Status: "Live",
    OriginalContentId: id,
  },
  OriginalEventType: "Telerik.Sitefinity.DynamicModules.Events.DynamicContentUpdatedEvent",
});

let dir: string;
let service: SitefinityService;
let site: ServerProcess;
let metricsUrl: string;

const hook = (body: unknown, headers: Record<string, string> = {}) =>
  postHook(site.url, body, headers);

const metric = (name: string, labels = "") => metricValue(metricsUrl, name, labels);

const revision = () => metric("site_content_revision");
const apiDeal = async (id: string) =>
  (
    (await (await fetch(`${site.url}/api/default/transactions?$filter=Id eq ${id}`)).json()) as {
      value: { Company: string }[];
    }
  ).value[0];

describe("Sitefinity's service hooks (SQLite)", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-hooks-"));
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
    ({ site, metricsUrl } = await startHookedSite(dir, service, { env: { LOG_LEVEL: "info" } }));
    await until("the first sync wrote", async () => (await revision()) >= 2, 60_000);
    // The renditions of the images it held are content changes of their own: the tests below
    // count revisions.
    await untilRendered(`file:${join(dir, "site.db")}`);
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a wrong password, a body over 64 KiB and a body that is not a hook's, changing nothing", async () => {
    const before = { revision: await revision(), requests: service.requests.length };
    const deal = firm.transactions[0]!;
    const wrong = await hook(payload(deal.Id), {
      authorization: basicAuth(HOOK_USER, "not-the-password"),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect((await hook(payload(deal.Id), { authorization: "" })).status).toBe(401);
    const huge = await hook({ ...payload(deal.Id), padding: "x".repeat(65 * 1024) });
    expect(huge.status).toBe(413);
    const notJson = await hook("Item=1&OriginalEvent=2");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: { code: "BadRequest", message: "The body is not JSON." },
    });
    const notAHook = await hook({ Item: { Id: "not-a-guid" } });
    expect(notAHook.status).toBe(400);
    expect(((await notAHook.json()) as { error: { message: string } }).error.message).toMatch(
      /not a Sitefinity service hook's payload/,
    );
    const put = await fetch(`${site.url}/hooks/sitefinity`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    for (const reply of [wrong, huge, notJson, notAHook, put])
      expect(reply.headers.get("cache-control")).toBe("no-store");
    await new Promise((r) => setTimeout(r, 500));
    expect(await revision()).toBe(before.revision);
    expect(service.requests.length).toBe(before.requests);
    // Neither the credentials, as sent or decoded, nor a body is ever in the log.
    const encoded = (user: string, password: string) =>
      basicAuth(user, password).replace(/^Basic /, "");
    for (const secret of [
      HOOK_PASSWORD,
      "not-the-password",
      encoded(HOOK_USER, HOOK_PASSWORD),
      encoded(HOOK_USER, "not-the-password"),
      "Item=1&OriginalEvent=2",
      "not-a-guid",
    ])
      expect(site.output()).not.toContain(secret);
  });

  it("answers 202 to an item type the site does not sync, logs it, and asks the service nothing", async () => {
    const before = { revision: await revision(), requests: service.requests.length };
    const formEntry = payload(
      "6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      "Telerik.Sitefinity.DynamicTypes.Model.sf_contactform",
    );
    const reply = await hook(formEntry);
    expect(reply.status).toBe(202);
    expect(await reply.json()).toEqual({ status: "ignored" });
    await expect.poll(() => site.output()).toMatch(/item type the site does not sync: ignored/);
    expect(await revision()).toBe(before.revision);
    expect(service.requests.length).toBe(before.requests);
  });

  it("shows a published change on the deal's page, the API and the search, and names it in the cache tags", async () => {
    const deal = firm.transactions[3]!;
    const page = `${site.url}${dealPath(deal.UrlName)}`;
    const first = await fetch(page);
    expect(first.headers.get("surrogate-key")?.split(" ")).toContain(`deal-${deal.Id}`);
    expect(first.headers.get("cache-tag")?.split(",")).toContain(`deal-${deal.Id}`);
    service.edit(DEALS_SET, deal.Id, { Company: "Hookfield Instruments" });
    const started = Date.now();
    const reply = await hook(payload(deal.Id));
    expect(reply.status).toBe(202);
    // Answered at once: the sync runs after the reply.
    expect(Date.now() - started).toBeLessThan(1000);
    await until("the page shows the change", async () =>
      (await (await fetch(page)).text()).includes("Hookfield Instruments"),
    );
    expect((await apiDeal(deal.Id))?.Company).toBe("Hookfield Instruments");
    const search = await (await fetch(`${site.url}/search?q=Hookfield`)).text();
    expect(search).toContain(dealPath(deal.UrlName));
  });

  it("takes an unpublished deal off its page, the API and the search", async () => {
    const deal = firm.transactions[5]!;
    const page = `${site.url}${dealPath(deal.UrlName)}`;
    expect((await fetch(page)).status).toBe(200);
    service.remove(DEALS_SET, deal.Id);
    expect((await hook(payload(deal.Id, DEAL_TYPE, "Deleted"))).status).toBe(202);
    await until("the page is gone", async () => (await fetch(page)).status === 404);
    expect(await apiDeal(deal.Id)).toBeUndefined();
    const search = await (
      await fetch(`${site.url}/search?q=${encodeURIComponent(deal.Company)}`)
    ).text();
    expect(search).not.toContain(dealPath(deal.UrlName));
  });

  it("takes a deletion, whose payload has no item, off the site by OriginalContentId", async () => {
    const deal = firm.transactions[8]!;
    expect(await apiDeal(deal.Id)).toBeDefined();
    service.remove(DEALS_SET, deal.Id);
    // As Sitefinity's documentation shows a module type's "deleted" payload.
    const reply = await hook({
      Name: "My custom module type is deleted",
      Item: null,
      OriginalEvent: {
        ApprovalWorkflowState: "Published",
        ItemType: DEAL_TYPE,
        Status: "Live",
        Action: "Deleted",
        DeletionDate: "2026-11-26T10:05:19.213Z",
        ItemId: "0f454ddf-e19e-4321-af06-494d50d5f496",
        Visible: false,
        OriginalContentId: deal.Id,
        RecycleBinAction: 2,
      },
      OriginalEventType: "Telerik.Sitefinity.DynamicModules.Events.DynamicContentDeletedEvent",
    });
    expect(reply.status).toBe(202);
    await until("the deal is gone", async () => (await apiDeal(deal.Id)) === undefined);
    expect((await fetch(`${site.url}${dealPath(deal.UrlName)}`)).status).toBe(404);
  });

  it("reads a gzip-encoded body, and refuses another coding (415, counted) and a small gzip bomb (413)", async () => {
    const deal = firm.transactions[12]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Gzipped Hook Holdings" });
    const body = JSON.stringify(payload(deal.Id));
    const gzipped = await hook(gzipSync(body), { "content-encoding": "gzip" });
    expect(gzipped.status).toBe(202);
    await until(
      "the gzipped hook's change shows",
      async () => (await apiDeal(deal.Id))?.Company === "Gzipped Hook Holdings",
    );
    const refused = await metric("site_hook_refused_encodings_total", 'encoding="br"');
    const brotli = await hook(brotliCompressSync(body), { "content-encoding": "br" });
    expect(brotli.status).toBe(415);
    expect(brotli.headers.get("accept-encoding")).toBe("gzip");
    expect(((await brotli.json()) as { error: { code: string } }).error.code).toBe(
      "UnsupportedMediaType",
    );
    expect(await metric("site_hook_refused_encodings_total", 'encoding="br"')).toBe(refused + 1);
    // 10 MiB of JSON in about 10 kB of gzip: under the limit as sent, far over it decoded.
    const bomb = gzipSync(JSON.stringify({ ...payload(deal.Id), padding: "x".repeat(10 << 20) }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const bombed = await hook(bomb, { "content-encoding": "gzip" });
    expect(bombed.status).toBe(413);
    expect(bombed.headers.get("cache-control")).toBe("no-store");
  });

  it("asks again for an item the service still serves in its old copy, and shows the new one once served", async () => {
    const deal = firm.transactions[9]!;
    const asked = await metric("site_hook_items_asked_again_total");
    // Sitefinity's output cache serves the deal's old copy for two seconds after its publish.
    service.edit(DEALS_SET, deal.Id, { Company: "Served Late Holdings" }, { forMs: 2000 });
    expect((await hook(payload(deal.Id))).status).toBe(202);
    await until(
      "the new copy shows",
      async () => (await apiDeal(deal.Id))?.Company === "Served Late Holdings",
    );
    expect(await metric("site_hook_items_asked_again_total")).toBeGreaterThan(asked);
  });

  it("keeps the kept pages that do not show a changed deal", async () => {
    const article = firm.articles[0]!;
    const articlePage = `${site.url}${articlePath(article.UrlName)}`;
    await fetch(articlePage);
    const hits = await metric("site_cache_lookups_total", 'cache="page",result="hit"');
    const deal = firm.transactions[7]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Quietly Renamed Co" });
    const before = await revision();
    await hook(payload(deal.Id));
    await until("the change is written", async () => (await revision()) > before);
    await fetch(articlePage);
    expect(await metric("site_cache_lookups_total", 'cache="page",result="hit"')).toBe(hits + 1);
  });

  it("refreshes the taxonomies on a taxon's hook: the topic's new name shows on its articles", async () => {
    const article = firm.articles[2]!;
    const topic = firm.flatTaxa.find((t) => t.Id === article.Tags[0])!;
    service.edit("flat-taxa", topic.Id, { Title: "Renamed Topic Of Hooks" });
    const reply = await hook(payload(topic.Id, "Telerik.Sitefinity.Taxonomies.Model.FlatTaxon"));
    expect(reply.status).toBe(202);
    await until("the topic's new name shows", async () =>
      (await (await fetch(`${site.url}${articlePath(article.UrlName)}`)).text()).includes(
        "Renamed Topic Of Hooks",
      ),
    );
  });

  it("refuses a bad item as the sync does: nothing is written, the failure is counted and logged", async () => {
    const deal = firm.transactions[11]!;
    const before = {
      revision: await revision(),
      failed: await metric("site_hook_syncs_total", 'outcome="failed"'),
    };
    service.edit(DEALS_SET, deal.Id, {
      Company: "Half Written Co",
      [INDUSTRIES_FIELD]: ["9d0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b"],
    });
    expect((await hook(payload(deal.Id))).status).toBe(202);
    await until(
      "the failure is counted",
      async () => (await metric("site_hook_syncs_total", 'outcome="failed"')) > before.failed,
    );
    expect(await revision()).toBe(before.revision);
    expect((await apiDeal(deal.Id))?.Company).toBe(deal.Company);
    await expect.poll(() => site.output()).toMatch(/hook sync refused, nothing was changed/);
    expect(site.output()).toMatch(/no such industry/);
    // Put right in Sitefinity, the next hook goes through.
    service.edit(DEALS_SET, deal.Id, { [INDUSTRIES_FIELD]: deal.industries });
    await hook(payload(deal.Id));
    await until(
      "the change shows",
      async () => (await apiDeal(deal.Id))?.Company === "Half Written Co",
    );
  });

  it("lands the rest of a burst when one of its items is refused", async () => {
    const bad = firm.transactions[15]!;
    const gone = firm.transactions[16]!;
    const renamed = firm.transactions[17]!;
    service.edit(DEALS_SET, bad.Id, {
      [INDUSTRIES_FIELD]: ["5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c"],
    });
    service.remove(DEALS_SET, gone.Id);
    service.edit(DEALS_SET, renamed.Id, { Company: "Landed Beside A Bad One" });
    const replies = await Promise.all([bad, gone, renamed].map((deal) => hook(payload(deal.Id))));
    expect(replies.map((reply) => reply.status)).toEqual([202, 202, 202]);
    await until(
      "the good changes land",
      async () =>
        (await apiDeal(renamed.Id))?.Company === "Landed Beside A Bad One" &&
        (await apiDeal(gone.Id)) === undefined,
    );
    expect((await apiDeal(bad.Id))?.Company).toBe(bad.Company);
    service.edit(DEALS_SET, bad.Id, { [INDUSTRIES_FIELD]: bad.industries });
  });

  it("coalesces a burst of hooks into a few writes", async () => {
    const before = {
      revision: await revision(),
      written: await metric("site_hook_syncs_total", 'outcome="written"'),
    };
    const deals = firm.transactions.slice(20, 70);
    for (const [i, deal] of deals.entries())
      service.edit(DEALS_SET, deal.Id, { Company: `Burst Company ${i}` });
    const replies = await Promise.all([...deals, ...deals].map((deal) => hook(payload(deal.Id))));
    expect(replies.every((reply) => reply.status === 202)).toBe(true);
    await until(
      "every change shows",
      async () =>
        (await apiDeal(deals.at(-1)!.Id))?.Company === `Burst Company ${deals.length - 1}`,
    );
    await until(
      "the writes are counted",
      async () => (await metric("site_hook_syncs_total", 'outcome="written"')) > before.written,
    );
    const writes = (await revision()) - before.revision;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(5);
    for (const [i, deal] of deals.entries())
      expect((await apiDeal(deal.Id))?.Company).toBe(`Burst Company ${i}`);
  });
});

describe("service hooks turned off", { timeout: 60_000 }, () => {
  it("answers 404 when the hook's credentials are not set", async () => {
    const off = await startServer({
      SEED_DEMO: "true",
      DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "site-hooks-off-")), "site.db")}`,
    });
    try {
      const reply = await postHook(off.url, payload(firm.transactions[0]!.Id));
      expect(reply.status).toBe(404);
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe("NotFound");
    } finally {
      await off.stop();
    }
  });
});

describe("a hook's sync under way when the site stops", { timeout: 120_000 }, () => {
  it("is stopped within the shutdown grace: the site exits 0", async () => {
    const local = mkdtempSync(join(tmpdir(), "site-hooks-stop-"));
    const stand = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
    const { site: server, metricsUrl: metrics } = await startHookedSite(local, stand, {
      env: { SHUTDOWN_GRACE_MS: "6000" },
    });
    try {
      await until(
        "the first sync wrote",
        async () => (await metricValue(metrics, "site_content_revision")) >= 2,
        60_000,
      );
      // The service stops answering: the hook's sync waits on it in the worker thread.
      stand.setHanging(true);
      const requests = stand.requests.length;
      const deal = firm.transactions[1]!;
      const reply = await postHook(server.url, payload(deal.Id, DEAL_TYPE, "Updated", undefined));
      expect(reply.status).toBe(202);
      await until(
        "the hook's sync asked the service",
        async () => stand.requests.length > requests,
      );
      const started = Date.now();
      expect(await server.stop("SIGTERM")).toBe(0);
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await server.stop();
      await stand.close();
      rmSync(local, { recursive: true, force: true });
    }
  });
});

describe("the purge after a hook", { timeout: 90_000 }, () => {
  it("comes after the instance dropped its own copy: a shared cache refilled at once gets the change", async () => {
    const local = mkdtempSync(join(tmpdir(), "site-hooks-purge-"));
    const stand = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
    const deal = firm.transactions[13]!;
    // A shared cache that refills a purged page at once, from the instance, as Varnish does
    // when a visitor asks for it the moment after.
    const refills: string[] = [];
    let instanceUrl = "";
    const cache = createServer((request, response) => {
      const refill = async () => {
        if (
          request.method === "PURGE" &&
          request.headers["xkey-purge"]?.includes(`deal-${deal.Id}`)
        )
          refills.push(await (await fetch(`${instanceUrl}${dealPath(deal.UrlName)}`)).text());
      };
      // Answered whatever the refill met (the instance may be stopping).
      void refill()
        .catch(() => {})
        .finally(() => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => cache.listen(0, "127.0.0.1", resolve));
    const { port } = cache.address() as AddressInfo;
    const { site: instance } = await startHookedSite(local, stand, {
      env: {
        VARNISH_URLS: `http://127.0.0.1:${port}`,
        // The instance reads the revision only when told: its own write must tell it.
        CONTENT_POLL_MS: "3600000",
      },
    });
    instanceUrl = instance.url;
    try {
      const page = `${instance.url}${dealPath(deal.UrlName)}`;
      await until("the first sync wrote", async () => (await fetch(page)).status === 200, 60_000);
      // The instance keeps the page as it is now.
      await (await fetch(page)).text();
      stand.edit(DEALS_SET, deal.Id, { Company: "Refilled After The Purge" });
      const reply = await postHook(
        instance.url,
        payload(
          deal.Id,
          DEAL_TYPE,
          "Updated",
          stand.items(DEALS_SET).find((row) => row.Id === deal.Id)?.LastModified,
        ),
      );
      expect(reply.status).toBe(202);
      await until("the shared cache was purged", async () => refills.length > 0);
      expect(
        refills[0]?.includes("Refilled After The Purge"),
        "the refilled page shows the change",
      ).toBe(true);
    } finally {
      await instance.stop();
      cache.close();
      await stand.close();
      rmSync(local, { recursive: true, force: true });
    }
  });
});
