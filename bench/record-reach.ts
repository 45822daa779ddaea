import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { isBuildStale } from "../scripts/build-state.ts";
import { build } from "../scripts/build.ts";
import { parseContentFile, type ContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { discover } from "../src/record/discover.ts";
import { isPublication, replyTags, SEEDS } from "../src/record/touched.ts";
import { WIDGET_IDS } from "../src/record/widget-requests.ts";
import { loadAstroHandler } from "../src/server/boot.ts";
import { loadConfig } from "../src/server/config.ts";
import { withSnapshot } from "../src/server/record/capture-app.ts";
import { itemChanges, itemChangeTags } from "../src/sync/change-tags.ts";
import { ROOT } from "./site-server.ts";

// What a one-item change reaches at the record bench's size (10,000 deals, 5,000 articles, its
// seed), without the record's 39-minute baseline: every page the site leads to from its seeds is
// rendered once through the site's own app, as a capture renders it, and its tags kept; then a
// few deals and articles are renamed as a service hook computes the tags, and the pages whose
// tags a rename touches are counted (what a capture re-renders, besides the widget's API
// replies, which carry `deals` or `articles` either way). `node bench/record-reach.ts`.

const ORIGIN = "https://www.firm.example";

if (isBuildStale(ROOT)) build();
process.env.NODE_ENV = "production";
const parsed = parseContentFile(
  JSON.parse(JSON.stringify(generateContent({ transactions: 10_000, articles: 5_000, seed: 29 }))),
);
if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
const firm: ContentFile = parsed.content;
const dir = mkdtempSync(join(tmpdir(), "site-bench-reach-"));
const db = connect(`file:${join(dir, "site.db")}`);
try {
  await migrate(db);
  await replaceContent(db, firm, { cause: { type: "demo" } });
  const site = { config: loadConfig({ SITE_URL: ORIGIN }), astro: await loadAstroHandler() };
  const started = performance.now();
  const pages = await withSnapshot(db, site, async (_revision, ask) => {
    const tagged = new Map<string, string[]>();
    const queue = [...SEEDS];
    for (let next = 0; next < queue.length; next += 1) {
      const url = queue[next]!;
      if (tagged.has(url)) continue;
      const reply = await ask(url);
      const tags = replyTags(reply.headers);
      if (!isPublication(tags)) continue;
      tagged.set(url, tags);
      if (reply.status >= 300) continue;
      const type = reply.headers["content-type"] ?? "";
      const found = discover(`${ORIGIN}${url}`, type, reply.body.toString("utf8"), WIDGET_IDS);
      for (const page of found.pages) if (!tagged.has(page)) queue.push(page);
    }
    return tagged;
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${pages.size} pages rendered in ${seconds.toFixed(0)} s (load ${loadavg()[0]!.toFixed(1)})`,
  );
  const reach = (tags: readonly string[]) => {
    const touched = new Set(tags);
    return [...pages].filter(([, carried]) => carried.some((tag) => touched.has(tag)));
  };
  const none = { transactions: [], articles: [], descriptions: firm.descriptions };
  const renamed = (set: "transactions" | "articles", item: { Id: string }) => {
    const after = {
      ...item,
      ...(set === "transactions" ? { Company: "Renamed" } : { Title: "R" }),
    };
    return itemChangeTags(
      itemChanges({ ...none, [set]: [item] }, { ...none, [set]: [after] }),
      firm.hierarchyTaxa,
    );
  };
  const kinds = (urls: readonly string[]) => {
    const kind = (url: string) =>
      /^\/services\/[^/]+\/transactions/.test(url)
        ? "service lists"
        : url.startsWith("/feeds/")
          ? "feeds"
          : url.startsWith("/transactions/")
            ? "deal pages"
            : /all-articles-and-commentary\/[^-?][^/?]*$/.test(url)
              ? "article pages"
              : url.includes("all-articles-and-commentary")
                ? "article lists"
                : url;
    return Object.entries(Object.groupBy(urls, kind))
      .map(([name, of]) => `${name} ${of!.length}`)
      .join(", ");
  };
  const step = Math.floor(firm.transactions.length / 5);
  for (const deal of [0, 1, 2, 3, 4].map((i) => firm.transactions[i * step + 7]!)) {
    const reached = reach(renamed("transactions", deal)).map(([url]) => url);
    // Before: the same, and every page that named `deals` for a list a page at a time.
    const before = [...pages]
      .filter(
        ([url, tags]) =>
          reached.includes(url) ||
          url.startsWith("/feeds/") ||
          tags.some((tag) => tag === "deals-order" || tag.startsWith("deals-service-")),
      )
      .map(([url]) => url);
    console.log(`deal renamed: ${reached.length} pages (${kinds(reached)})`);
    console.log(`  before: ${before.length} pages (${kinds(before)})`);
  }
  for (const article of [0, 1, 2].map((i) => firm.articles[i * 1_000 + 11]!)) {
    const reached = reach(renamed("articles", article)).map(([url]) => url);
    const topics = new Set(article.Tags.map((id) => `articles-topic-${id.toLowerCase()}`));
    const before = [...pages]
      .filter(
        ([url, tags]) =>
          reached.includes(url) ||
          url.startsWith("/feeds/") ||
          tags.some((tag) => tag === "articles-order" || topics.has(tag)),
      )
      .map(([url]) => url);
    console.log(`article renamed: ${reached.length} pages (${kinds(reached)})`);
    console.log(`  before: ${before.length} pages (${kinds(before)})`);
  }
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
