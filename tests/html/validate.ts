import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateContent } from "../../src/db/demo/generate.ts";
import {
  ARTICLES_PATH,
  articlePath,
  dealPath,
  personPath,
  topicPath,
} from "../../src/rules/site-paths.ts";
import { waitForHttp } from "../../tools/free-port.ts";
import { ROOT } from "../../tools/run-script.ts";
import { startServer } from "../../tools/server-process.ts";
import { assertJava, checkFiles, describe, isFailure, isWarning, type VnuMessage } from "./vnu.ts";

/** One page of each type: where to find it, and the status it answers with. */
interface PageType {
  name: string;
  /** A path on the running site, or a file of the build (the error page is written at build time). */
  path?: string;
  builtFile?: string;
  status?: number;
}

/** The page types, with their content picked from the demo content the server loads. */
function pageTypes(): PageType[] {
  const { transactions, articles, flatTaxa, people } = generateContent();
  const article = articles.toSorted((a, b) =>
    b.PublicationDate.localeCompare(a.PublicationDate),
  )[0];
  const topic = flatTaxa.find((t) => article?.Tags.includes(t.Id));
  const deal = transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0];
  if (!article || !topic || !deal)
    throw new Error("the demo content has no article, topic or deal");
  return [
    { name: "home", path: "/" },
    { name: "transactions (widget)", path: "/transactions" },
    { name: "topics A – Z (widget)", path: "/topics" },
    { name: "all articles", path: ARTICLES_PATH },
    { name: "an article", path: articlePath(article.UrlName) },
    { name: "a topic page", path: topicPath(topic.UrlName) },
    { name: "a deal page", path: dealPath(deal.UrlName) },
    { name: "search with results", path: "/search?q=keystone" },
    { name: "search, empty", path: "/search" },
    { name: "a content page", path: "/about/contact" },
    { name: "a content page with child pages", path: "/services" },
    { name: "a service page", path: "/services/sell-side-advisory" },
    { name: "leadership", path: "/about/leadership" },
    { name: "a profile", path: personPath(people[0]!.UrlName) },
    { name: "the industries", path: "/industries" },
    { name: "an industry hub", path: "/industries/healthcare" },
    { name: "a service's deals", path: "/services/sell-side-advisory/transactions" },
    { name: "not found", path: "/no-such-page", status: 404 },
    { name: "error page (built)", builtFile: "dist/client/500.html" },
  ];
}

/** Saves each page type as a file in `dir`; returns the file of each, or why there is none. */
async function savePages(pages: PageType[], dir: string) {
  const saved = new Map<PageType, string | Error>();
  const server = await startServer({
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    SEED_DEMO: "true",
  });
  try {
    await waitForHttp(`${server.url}/readyz`, 60_000);
    for (const [index, page] of pages.entries()) {
      const file = join(dir, `${String(index).padStart(2, "0")}.html`);
      if (page.builtFile) {
        copyFileSync(join(ROOT, page.builtFile), file);
        saved.set(page, file);
        continue;
      }
      const response = await fetch(`${server.url}${page.path}`, { redirect: "manual" });
      const body = await response.text();
      if (response.status !== (page.status ?? 200)) {
        saved.set(page, new Error(`answered ${response.status}, not ${page.status ?? 200}`));
        continue;
      }
      writeFileSync(file, body);
      saved.set(page, file);
    }
  } finally {
    await server.stop();
  }
  return saved;
}

/** The file a message is about (the checker writes `file:/tmp/…`), if any. */
const fileOf = (m: VnuMessage) => (m.url ? fileURLToPath(m.url) : undefined);

/** Prints each page type with its errors; returns how many failures there were. */
function report(saved: Map<PageType, string | Error>, messages: VnuMessage[]): number {
  const files = new Set([...saved.values()].filter((f) => typeof f === "string"));
  let failed = 0;
  for (const [page, file] of saved) {
    const where = page.path ?? page.builtFile;
    const own = file instanceof Error ? [] : messages.filter((m) => fileOf(m) === file);
    const failures = file instanceof Error ? [file.message] : own.filter(isFailure).map(describe);
    const warnings = own.filter(isWarning).map(describe);
    if (failures.length > 0) failed += 1;
    console.log(`${failures.length > 0 ? "FAIL" : "ok  "} ${page.name}: ${where}`);
    for (const line of [...failures, ...warnings]) console.log(`    ${line}`);
  }
  // A failure of the checker's own, about no page (an argument it refused, say), fails the run.
  const unplaced = messages.filter((m) => isFailure(m) && !files.has(fileOf(m) ?? ""));
  for (const m of unplaced) console.log(`FAIL the checker: ${describe(m)}`);
  const ownErrors = unplaced.length > 0 ? `, ${unplaced.length} error(s) of the checker's own` : "";
  console.log(`\n${saved.size - failed} passed, ${failed} failed${ownErrors}`);
  return failed + unplaced.length;
}

async function main() {
  assertJava();
  const dir = mkdtempSync(join(tmpdir(), "site-html-"));
  try {
    const saved = await savePages(pageTypes(), dir);
    const files = [...saved.values()].filter((f): f is string => typeof f === "string");
    const failed = report(saved, checkFiles(files));
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`test:html: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
