import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type Db } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { rebuildSearchIndex } from "../src/db/repositories/search-index-repository.ts";
import { readSearchSources } from "../src/db/repositories/search-sources.ts";
import { searchRepository } from "../src/db/repositories/search-repository.ts";
import type { SearchSource } from "../src/search/build-index.ts";
import { typoBudget } from "../src/search/edit-distance.ts";
import { createSearch } from "../src/search/engine.ts";
import { stemOf } from "../src/search/expand.ts";
import { parseQuery } from "../src/search/query.ts";
import { searchWords, STOP_WORDS } from "../src/search/words.ts";
import { startPostgres } from "../tools/postgres.ts";
import {
  describeQuality,
  evaluateSearch,
  type Searcher,
} from "../tools/search-quality/evaluate.ts";
import { LIBRARY_CASES, type LibraryCase } from "./search-library-cases.ts";
import { QUERIES } from "./search.ts";

// The site's own search engine against MiniSearch 7 (and Orama 3), measured the same way: the
// judged query set on the demo content read from SQLite and from PostgreSQL, the search cases of
// tests/e2e/site-search-kinds.spec.ts, and at 10,000 deals + 10,000 articles the median search,
// the 95th-percentile suggestion, the heap an instance holds for the index, and the time to build
// the index (whole, and after one item changed). Every figure is taken in-process, one query at a
// time, so the engine's database round trips are counted and no HTTP is.
//
// The libraries are not dependencies of the site; install them outside the repository and say
// where:
//   mkdir -p /tmp/ms && (cd /tmp/ms && npm init -y && npm install minisearch@7 @orama/orama@3)
//   SEARCH_LIBRARIES=/tmp/ms node --expose-gc bench/search-library.ts

type Hit = { kind: string; ref: string };
interface Candidate extends Searcher {
  suggest(text: string): Promise<Hit[]>;
}
type Build = (sources: readonly SearchSource[]) => Promise<Candidate & { replaceOne(): void }>;

const dir = process.env.SEARCH_LIBRARIES;
if (!dir) {
  console.error(
    "Set SEARCH_LIBRARIES to a folder where minisearch@7 and @orama/orama@3 are installed.",
  );
  process.exit(2);
}
const load = createRequire(join(dir, "package.json"));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- libraries outside the project's types
const MiniSearch = ((await import(load.resolve("minisearch"))) as any).default;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
const orama = (await import(load.resolve("@orama/orama"))) as any;

/** A source as a library's document: our words (folded, joined forms) so tokens are alike. */
const asDocument = (s: SearchSource, id: number, prior: number) => ({
  id,
  kind: s.kind,
  ref: s.ref,
  title: s.title,
  keywords: s.keywords.join(" "),
  body: s.body,
  prior,
});
const priorsOf = (sources: readonly SearchSource[]) => {
  const times = sources.map((s) => (s.date ? Date.parse(s.date) : NaN));
  const ok = times.filter((t) => !Number.isNaN(t));
  const [low, high] = [Math.min(...ok), Math.max(...ok)];
  return times.map((t) => (Number.isNaN(t) ? 0.5 : (t - low) / (high - low || 1)));
};

/**
 * MiniSearch set up as close to the engine as it allows: the same words, BM25 with the same field
 * weights, every word required, the last unfinished word as a prefix, the same typo budget
 * (Levenshtein: a swap costs two), newer documents boosted a little; `stems` also indexes each
 * word's stem and lets a query word match by it.
 */
function miniSearch(stems: boolean): Build {
  return async (sources) => {
    const priors = priorsOf(sources);
    const ms = new MiniSearch({
      fields: ["title", "keywords", "body"],
      storeFields: ["kind", "ref", "prior"],
      tokenize: searchWords,
      processTerm: (t: string) =>
        STOP_WORDS.has(t) ? null : stems && stemOf(t) !== t ? [t, `~${stemOf(t)}`] : t,
      searchOptions: { processTerm: (t: string) => t },
    });
    ms.addAll(sources.map((s, i) => asDocument(s, i, priors[i]!)));
    const run = (text: string, fields: string[], kinds: string[] | null) => {
      const q = parseQuery(text);
      const queries = q.words.map((w, i) => {
        const typed = {
          queries: [w],
          prefix: q.isLastPrefix && i === q.words.length - 1,
          fuzzy: typoBudget(w.length) || false,
        };
        return stems ? { combineWith: "OR", queries: [typed, `~${stemOf(w)}`] } : typed;
      });
      return ms.search(
        { combineWith: "AND", queries },
        {
          fields,
          boost: { title: 5, keywords: 2, body: 1 },
          boostDocument: (_id: number, _t: string, stored: { prior: number }) =>
            1 + 0.1 * stored.prior,
          filter: kinds ? (r: { kind: string }) => kinds.includes(r.kind) : undefined,
        },
      ) as Hit[];
    };
    return {
      search: async (text, { limit }) => ({
        hits: run(text, ["title", "keywords", "body"], null).slice(0, limit),
      }),
      suggest: async (text) =>
        run(text, ["title"], ["deal", "industry", "topic", "article"]).slice(0, 6),
      replaceOne() {
        ms.replace(asDocument(sources[0]!, 0, priors[0]!));
      },
    };
  };
}

/** Orama with its English stemmer, field boosts, one typo forgiven, every word required. */
const oramaSearch: Build = async (sources) => {
  const priors = priorsOf(sources);
  const db = orama.create({
    schema: { kind: "string", ref: "string", title: "string", keywords: "string", body: "string" },
    components: { tokenizer: { stemming: true, language: "english" } },
  });
  await orama.insertMultiple(
    db,
    sources.map((s, i) => ({ ...asDocument(s, i, priors[i]!), id: String(i) })),
  );
  const run = async (text: string, properties: string[], limit: number) => {
    const found = await orama.search(db, {
      term: parseQuery(text).words.join(" "),
      properties,
      boost: { title: 5, keywords: 2, body: 1 },
      tolerance: 1,
      threshold: 0,
      limit,
    });
    return found.hits.map((h: { document: Hit }) => h.document) as Hit[];
  };
  return {
    search: async (text, { limit }) => ({
      hits: await run(text, ["title", "keywords", "body"], limit),
    }),
    suggest: async (text) =>
      (await run(text, ["title"], 12)).filter((h) => h.kind !== "page").slice(0, 6),
    replaceOne() {
      orama.remove(db, "0");
      orama.insert(db, { ...asDocument(sources[0]!, 0, priors[0]!), id: "0" });
    },
  };
};

const CANDIDATES: [string, Build][] = [
  ["MiniSearch 7", miniSearch(false)],
  ["MiniSearch 7 + stems", miniSearch(true)],
  ["Orama 3", oramaSearch],
];

const ms = (t: number) => `${t.toFixed(t < 10 ? 2 : 0)} ms`;
const percentile = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function casesPassed(c: Candidate, cases: readonly LibraryCase[]) {
  const failed: string[] = [];
  for (const test of cases) if (!(await test.holds(c))) failed.push(test.name);
  return `${cases.length - failed.length}/${cases.length} cases${failed.length ? ` (fails: ${failed.join("; ")})` : ""}`;
}

async function loaded(url: string, content: ReturnType<typeof generateContent>) {
  const db = connect(url, { create: true, timeoutMs: 600_000 });
  await migrate(db);
  await replaceContent(db, content);
  return db;
}

/** The engine as a candidate: its repository over `db`. */
function engine(db: Db): Candidate {
  const repo = createSearch(searchRepository(db));
  return {
    search: (text, options) => repo.search(text, options),
    suggest: (text) => repo.suggest(text),
  };
}

async function demo(lines: string[]) {
  const pg = await startPostgres();
  const folder = mkdtempSync(join(tmpdir(), "search-library-"));
  const content = generateContent();
  try {
    for (const [name, url] of [
      ["SQLite", `file:${join(folder, "site.db")}`],
      ["PostgreSQL", pg.url],
    ] as const) {
      const db = await loaded(url, content);
      const sources = await readSearchSources(db.kysely);
      const all: [string, Candidate][] = [["engine", engine(db)]];
      for (const [label, build] of CANDIDATES) all.push([label, await build(sources)]);
      for (const [label, c] of all)
        lines.push(
          `demo, ${name}, ${label}: ${describeQuality(await evaluateSearch(c))}; ${await casesPassed(c, LIBRARY_CASES)}`,
        );
      await db.close();
    }
  } finally {
    await pg.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function large(lines: string[]) {
  const folder = mkdtempSync(join(tmpdir(), "search-library-"));
  const content = generateContent({ transactions: 10_000, articles: 10_000 });
  const titles = [
    ...content.transactions.map((t) => t.Company),
    ...content.articles.map((a) => a.Title),
  ];
  const prefixes = [
    ...new Set(
      titles
        .filter((_, i) => i % 10 === 0)
        .flatMap((t) =>
          Array.from({ length: Math.min(t.length, 24) - 1 }, (_, n) =>
            t.slice(0, n + 2).toLowerCase(),
          ),
        ),
    ),
  ];
  const db = await loaded(`file:${join(folder, "site.db")}`, content);
  try {
    const sources = await readSearchSources(db.kysely);
    const time = async (f: () => unknown) => {
      const start = performance.now();
      await f();
      return performance.now() - start;
    };
    const measure = async (
      label: string,
      make: () => Promise<Candidate>,
      rebuild: () => Promise<unknown>,
      change: () => Promise<unknown>,
    ) => {
      const before = heap();
      const c = await make();
      await c.search("warm", { limit: 10 });
      const held = heap() - before;
      for (const q of QUERIES) await c.search(q, { limit: 10 });
      const searches: number[] = [];
      for (let round = 0; round < 5; round++)
        for (const q of QUERIES) searches.push(await time(() => c.search(q, { limit: 10 })));
      const suggests: number[] = [];
      for (const p of prefixes) suggests.push(await time(() => c.suggest(p)));
      lines.push(
        `10,000 deals + 10,000 articles, SQLite, ${label}: search p50 ${ms(percentile(searches, 0.5))}, ` +
          `suggestion p95 ${ms(percentile(suggests, 0.95))} (${prefixes.length} prefixes), heap held ${(held / 2 ** 20).toFixed(0)} MB, ` +
          `build ${ms(await time(rebuild))}, one item changed ${ms(await time(change))}`,
      );
      return c;
    };
    await measure(
      "engine",
      async () => engine(db),
      () => db.kysely.transaction().execute((tx) => rebuildSearchIndex(tx)),
      () => db.kysely.transaction().execute((tx) => rebuildSearchIndex(tx)),
    );
    for (const [label, build] of CANDIDATES) {
      let built: Awaited<ReturnType<Build>> | null = null;
      await measure(
        label,
        async () => (built = await build(sources)),
        () => build(sources),
        async () => built!.replaceOne(),
      );
    }
  } finally {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const lines: string[] = [];
const log = (from: number) => lines.slice(from).forEach((l) => console.log(l));
await demo(lines);
log(0);
const mark = lines.length;
await large(lines);
log(mark);
