import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isBuildStale } from "../scripts/build-state.ts";
import { build } from "../scripts/build.ts";
import { parseContentFile, type ContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { contentRevision, replaceContent } from "../src/db/repositories/content-repository.ts";
import { nextAwaitingRenditions } from "../src/db/repositories/image-store.ts";
import { imageDigest } from "../src/images/inspect.ts";
import { articlePath, dealPath, personPath } from "../src/rules/site-paths.ts";
import { FIRM_TYPES } from "../src/sync/hook-notice.ts";
import { freePort } from "../tools/free-port.ts";
import { createDatabase, startPostgres } from "../tools/postgres.ts";
import { startServer, type ServerProcess } from "../tools/server-process.ts";
import { DEAL_TYPE, HOOK_ENV, postHook } from "../tools/sitefinity-hooks.ts";
import {
  ALERTS_SET,
  DEALS_SET,
  PEOPLE_SET,
  startSitefinityService,
  syncSettingsFor,
  type SitefinityService,
} from "../tools/sitefinity-service.ts";
import { portraitJpeg } from "../tools/test-images.ts";
import { findVarnish, startVarnish, type Varnish } from "../tools/varnish.ts";
import { BUDGETS } from "./budgets.ts";
import { ROOT } from "./site-server.ts";

// Publish to visible (its budget in bench/budgets.ts and docs/benchmarks.md): at 10,000 deals and
// 5,000 articles, on SQLite and on PostgreSQL, the time from a service hook's POST to the first
// reply through Varnish (the project's VCL) that shows the change, CHANGES times for each kind of
// change in KINDS (a deal published, a deal unpublished, a banker's position and photograph, the
// alert's text; a kind is one function); the service
// answers after LATENCY_MS, as a CMS on a near network. The site first takes one taxon's hook,
// untimed, so that it holds the content as its sync from the service left it (the content loaded
// from the file differs from the service's in the form of its dates, and the first hook would
// write it all again). Then the cost of a change: of the pages the site keeps, how many one
// changed deal makes it render again, and which.

const DEALS = 10_000;
const ARTICLES = 5_000;
const CHANGES = 20;
const LATENCY_MS = Number(process.env.BENCH_SYNC_LATENCY_MS ?? 20);
const TAXON_TYPE = "Telerik.Sitefinity.Taxonomies.Model.FlatTaxon";
const PERSON_TYPE = FIRM_TYPES.people;
const ALERT_TYPE = FIRM_TYPES.alerts;
const ACCESS_KEY = "bench";

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

interface Site {
  instance: ServerProcess;
  varnish: Varnish;
  metrics: string;
  databaseUrl: string;
}

/**
 * The firm's content as the site holds it after a sync (the stand-in serves it back as is). Its
 * people start without photographs: the demo's are files beside the content, which the stand-in
 * does not serve, and each person's first hook would otherwise take one off.
 */
function firmContent(): ContentFile {
  const demo = generateContent({ transactions: DEALS, articles: ARTICLES, seed: 29 });
  const parsed = parseContentFile(
    JSON.parse(
      JSON.stringify({ ...demo, people: demo.people.map((p) => ({ ...p, Photo: null })) }),
    ),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  return parsed.content;
}

/**
 * Sitefinity's payload for an item (docs/sitefinity.md): the item's Id and LastModified when it
 * was published or unpublished; no item when it was deleted.
 */
function payload(type: string, id: string, lastModified: unknown) {
  return {
    Item: lastModified === null ? null : { Id: id, LastModified: lastModified },
    OriginalEvent: { ItemType: type, Status: "Live", OriginalContentId: id },
  };
}

/** POSTs a hook through Varnish, as Sitefinity would reach the site. */
async function hook(site: Site, body: unknown) {
  const reply = await postHook(site.varnish.url, body);
  if (reply.status !== 202) throw new Error(`the hook was answered ${reply.status}`);
}

/** One timed change: the page that shows it, the edit in the stand-in, its hook, and the proof. */
interface Change {
  path: string;
  make(): void | Promise<void>;
  payload(): unknown;
  shows(status: number, text: string): boolean;
}

/** What the bench times, one function per kind of change; the `i`th change of a run. */
type Kind = (firm: ContentFile, service: SitefinityService, i: number, dialect: string) => Change;

const lastModifiedOf = (service: SitefinityService, set: string, id: string) =>
  service.items(set).find((row) => row.Id === id)?.LastModified;

/** A deal's new client name published. */
const dealPublished: Kind = (firm, service, i, dialect) => {
  const deal = firm.transactions[100 + i]!;
  const name = `Published Holdings ${dialect} ${i}`;
  return {
    path: dealPath(deal.UrlName),
    make: () => service.edit(DEALS_SET, deal.Id, { Company: name }),
    payload: () => payload(DEAL_TYPE, deal.Id, lastModifiedOf(service, DEALS_SET, deal.Id)),
    shows: (status, text) => status === 200 && text.includes(name),
  };
};

/** A deal unpublished (its hook tells of the unpublish's save): its page goes. */
const dealUnpublished: Kind = (firm, service, i) => {
  const deal = firm.transactions[200 + i]!;
  return {
    path: dealPath(deal.UrlName),
    make: () => service.remove(DEALS_SET, deal.Id),
    payload: () => payload(DEAL_TYPE, deal.Id, new Date().toISOString()),
    shows: (status) => status === 404,
  };
};

/** A banker's new position published: their profile shows it. */
const personPublished: Kind = (firm, service, i, dialect) => {
  const person = firm.people[i % firm.people.length]!;
  const title = `Senior Advisor ${dialect} ${i}`;
  return {
    path: personPath(person.UrlName),
    make: () => service.edit(PEOPLE_SET, person.Id, { JobTitle: title }),
    payload: () => payload(PERSON_TYPE, person.Id, lastModifiedOf(service, PEOPLE_SET, person.Id)),
    shows: (status, text) => status === 200 && text.includes(title),
  };
};

/**
 * A banker's new photograph (an editor picks another image for the person's Photo): the site
 * holds it at the hook, and the profile shows it (the held original, until its renditions).
 */
const photoPublished: Kind = (firm, service, i, dialect) => {
  // Three people in turn: from each one's second change on, the photograph replaces one, and the
  // old one is dropped (the write reads what else could show it).
  const person = firm.people[7 + (i % 3)]!;
  const path = `/images/default-source/people/${person.UrlName}-${dialect}-${i}.jpg`;
  let digest = "";
  return {
    path: personPath(person.UrlName),
    make: async () => {
      const bytes = await portraitJpeg(600, 750, { hue: (i * 53) % 360 });
      digest = imageDigest(bytes);
      service.serveImage(path, { bytes, type: "image/jpeg" });
      service.edit(PEOPLE_SET, person.Id, {
        Photo: [
          {
            Title: person.Title,
            Url: `${service.origin}${path}?sfvrsn=1`,
            Width: 600,
            Height: 750,
          },
        ],
      });
    },
    payload: () => payload(PERSON_TYPE, person.Id, lastModifiedOf(service, PEOPLE_SET, person.Id)),
    shows: (status, text) => status === 200 && text.includes(`/images/${digest}/`),
  };
};

/** The alert the banner shows, its text changed: every page shows it, the home page is timed. */
const alertPublished: Kind = (firm, service, i, dialect) => {
  const shown = firm.alerts.toSorted(
    (a, b) => Date.parse(b.PublicationDate) - Date.parse(a.PublicationDate),
  )[0]!;
  const text = `Our offices close at noon on Friday ${dialect} ${i}.`;
  return {
    path: "/",
    make: () => service.edit(ALERTS_SET, shown.Id, { Title: text }),
    payload: () => payload(ALERT_TYPE, shown.Id, lastModifiedOf(service, ALERTS_SET, shown.Id)),
    shows: (status, body) => status === 200 && body.includes(text),
  };
};

/** The kinds of change timed, by the label their figures get. */
const KINDS: readonly [label: string, kind: Kind][] = [
  ["Publish (a deal)", dealPublished],
  ["Unpublish (a deal)", dealUnpublished],
  ["Publish (a banker's position)", personPublished],
  ["Publish (a banker's new photograph)", photoPublished],
  ["Publish (the alert)", alertPublished],
];

/** Milliseconds from the hook to the first reply through Varnish that `shows` the change. */
async function visibleAfter(
  site: Site,
  path: string,
  send: () => Promise<void>,
  shows: (status: number, text: string) => boolean,
): Promise<number> {
  const started = performance.now();
  await send();
  for (;;) {
    const reply = await fetch(`${site.varnish.url}${path}`);
    if (shows(reply.status, await reply.text())) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`${path}: not visible after 30 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function metric(site: Site, name: string, labels: string): Promise<number> {
  const text = await (await fetch(site.metrics)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/**
 * One untimed hook for a topic, which makes the site write the service's taxonomies (and so the
 * whole content) as its sync would have; resolves once that write is done.
 */
async function settle(site: Site, firm: ContentFile) {
  const topic = firm.flatTaxa[0]!;
  await hook(site, payload(TAXON_TYPE, topic.Id, topic.LastModified));
  const started = performance.now();
  while ((await metric(site, "site_hook_syncs_total", "outcome=")) < 1) {
    if (performance.now() - started > 300_000) throw new Error("the first hook did not end");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Publishes and unpublishes through hooks on one database; returns the lines to print. */
async function run(
  dialect: string,
  databaseUrl: string,
  firm: ContentFile,
  service: SitefinityService,
  settingsFile: string,
): Promise<string[]> {
  const db = connect(databaseUrl, { create: true });
  await migrate(db);
  await replaceContent(db, firm);
  await db.close();
  const varnishPort = await freePort();
  const metricsPort = await freePort();
  const instance = await startServer(
    {
      DATABASE_URL: databaseUrl,
      SYNC_SETTINGS: settingsFile,
      ...HOOK_ENV,
      SITEFINITY_ACCESS_KEY: ACCESS_KEY,
      VARNISH_URLS: `http://127.0.0.1:${varnishPort}`,
      METRICS_PORT: String(metricsPort),
      // As shipped: the site's record captures every publish (and the first start's baseline
      // runs meanwhile, at its low priority), and publishing must not wait for it.
      RECORD: "true",
    },
    { asShipped: { logFile: join(tmpdir(), `site-bench-publish-${dialect}.log`) } },
  );
  const varnish = await startVarnish([new URL(instance.url)], { port: varnishPort });
  const site: Site = {
    instance,
    varnish,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    databaseUrl,
  };
  try {
    await settle(site, firm);
    const figures = (label: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = quantile(sorted, 0.95);
      return (
        `${label} to visible through Varnish, ${dialect}, ${DEALS.toLocaleString("en")} deals + ${ARTICLES.toLocaleString("en")} articles, ${CHANGES} changes: ` +
        `p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal ≤ ${BUDGETS.publishP95Ms} ms) ${p95 <= BUDGETS.publishP95Ms ? "PASS" : "FAIL"}`
      );
    };
    const lines: string[] = [];
    for (const [label, kind] of KINDS) {
      const times: number[] = [];
      for (let i = 0; i < CHANGES; i++) {
        const change = kind(firm, service, i, dialect);
        // Varnish holds the page as it is before the change.
        await fetch(`${varnish.url}${change.path}`);
        await change.make();
        times.push(
          await visibleAfter(site, change.path, () => hook(site, change.payload()), change.shows),
        );
      }
      lines.push(figures(label, times));
    }
    return [
      ...lines,
      await costOfAChange(site, firm, service, dialect),
      await refillAfterTheAlert(site, firm, service, dialect),
    ];
  } finally {
    await varnish.stop();
    await instance.stop();
  }
}

/** The spread of pages the cost of a change is measured on: the lists, 100 deals, 100 articles. */
const spread = (firm: ContentFile) => [
  "/",
  "/transactions",
  "/topics",
  "/industries",
  ...firm.transactions.slice(300, 400).map((deal) => dealPath(deal.UrlName)),
  ...firm.articles.slice(0, 100).map((article) => articlePath(article.UrlName)),
];

/** Milliseconds to ask Varnish for every one of `pages`, one after another. */
async function pass(site: Site, pages: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const path of pages) await (await fetch(`${site.varnish.url}${path}`)).arrayBuffer();
  return performance.now() - started;
}

/**
 * What the alert's change costs Varnish: its tag is on every page, so every page it holds is
 * purged and fetched again from the site. The spread of pages asked for through Varnish once
 * warm (all hits), then again after the alert changed: the time of each pass, and how many the
 * site rendered for the refill.
 */
async function refillAfterTheAlert(
  site: Site,
  firm: ContentFile,
  service: SitefinityService,
  dialect: string,
): Promise<string> {
  const pages = spread(firm);
  await pass(site, pages);
  const warm = await pass(site, pages);
  const change = alertPublished(firm, service, CHANGES, dialect);
  await change.make();
  await visibleAfter(site, change.path, () => hook(site, change.payload()), change.shows);
  const misses = () => metric(site, "site_cache_lookups_total", 'cache="page",result="miss"');
  const before = await misses();
  const refill = await pass(
    site,
    pages.filter((path) => path !== change.path),
  );
  const rendered = (await misses()) - before;
  return (
    `Varnish refilling after the alert changed, ${dialect}: ${pages.length - 1} pages asked for one after another took ` +
    `${refill.toFixed(0)} ms (${(refill / (pages.length - 1)).toFixed(1)} ms a page; warm, all from Varnish: ${warm.toFixed(0)} ms), ` +
    `${rendered} of them rendered again by the site`
  );
}

/**
 * Waits until the site has made the renditions of every photograph the changes before held (the
 * site makes them in the background, pausing while hooks sync) and has read their revision: each
 * drops the pages that show its image, which are not the next change's cost.
 */
async function untilQuiet(site: Site): Promise<void> {
  const db = connect(site.databaseUrl);
  try {
    const started = performance.now();
    while (
      (await nextAwaitingRenditions(db)) !== null ||
      (await metric(site, "site_content_revision", "")) !== (await contentRevision(db))
    ) {
      if (performance.now() - started > 300_000) throw new Error("renditions not made in 5 min");
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await db.close();
  }
}

/**
 * Keeps a spread of pages in the instance (straight, not through Varnish), changes one deal, and
 * counts the pages rendered again when all are asked for once more.
 */
async function costOfAChange(
  site: Site,
  firm: ContentFile,
  service: SitefinityService,
  dialect: string,
): Promise<string> {
  const { url } = site.instance;
  const pages = spread(firm);
  await untilQuiet(site);
  for (const path of pages) await (await fetch(`${url}${path}`)).arrayBuffer();
  const deal = firm.transactions[300]!;
  const name = `Cost Of A Change ${dialect}`;
  service.edit(DEALS_SET, deal.Id, { Company: name });
  const misses = () => metric(site, "site_cache_lookups_total", 'cache="page",result="miss"');
  await visibleAfter(
    site,
    dealPath(deal.UrlName),
    () => hook(site, payload(DEAL_TYPE, deal.Id, lastModifiedOf(service, DEALS_SET, deal.Id))),
    (s, t) => s === 200 && t.includes(name),
  );
  const before = await misses();
  const rendered: { path: string; showsIt: boolean }[] = [];
  for (const path of pages) {
    const start = await misses();
    const html = await (await fetch(`${url}${path}`)).text();
    if ((await misses()) > start) rendered.push({ path, showsIt: html.includes(name) });
  }
  const total = (await misses()) - before;
  const lists = new Set(["/", "/transactions", "/topics", "/industries"]);
  const kinds = rendered.map(({ path, showsIt }) =>
    path === dealPath(deal.UrlName)
      ? "the deal's page"
      : lists.has(path)
        ? path
        : path.startsWith("/transactions/")
          ? showsIt
            ? "a deal page that shows it"
            : "a deal page that does not show it"
          : "an article",
  );
  const counts = [...new Set(kinds)].map(
    (kind) =>
      `${kind}${kinds.filter((k) => k === kind).length > 1 ? ` ×${kinds.filter((k) => k === kind).length}` : ""}`,
  );
  // Only its page, the pages that show it and the lists may be rendered again.
  const isPrecise = rendered.every(({ path, showsIt }) => showsIt || lists.has(path));
  return (
    `Cost of a change, ${dialect}: one deal renamed; of ${pages.length} kept pages (home, lists, 100 deal pages, 100 articles) ` +
    `${total} rendered again: ${counts.join(", ")} (budget: only the pages that show it and the lists) ` +
    (isPrecise ? "PASS" : "FAIL")
  );
}

export async function benchPublish(): Promise<string[]> {
  const found = findVarnish();
  if ("missing" in found)
    return [`Publish to visible: skipped, it needs ${found.missing.join("; ")}`];
  if (isBuildStale(ROOT)) build();
  const firm = firmContent();
  const dir = mkdtempSync(join(tmpdir(), "site-bench-publish-"));
  const lines: string[] = [];
  const postgres = await startPostgres();
  try {
    for (const dialect of ["SQLite", "PostgreSQL"] as const) {
      // A fresh stand-in per database: the first run's edits and removals stay in the service.
      const service = await startSitefinityService(firm, {
        accessKey: ACCESS_KEY,
        latencyMs: LATENCY_MS,
        hasFirm: true,
      });
      const settingsFile = join(dir, `sync-${dialect}.json`);
      writeFileSync(settingsFile, JSON.stringify(syncSettingsFor(service.base)));
      try {
        const databaseUrl =
          dialect === "SQLite"
            ? `file:${join(dir, "site.db")}`
            : (await createDatabase(postgres.url, "site_bench_publish")).url;
        lines.push(...(await run(dialect, databaseUrl, firm, service, settingsFile)));
      } finally {
        await service.close();
      }
    }
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
