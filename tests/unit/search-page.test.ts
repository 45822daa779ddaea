import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeContent } from "../../scripts/content-file-io.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { until } from "../helpers/poll.ts";

// The search page as the built site serves it: a frame kept until the content changes, filled
// with the query and one query's results (src/server/routes/search-frame.ts). Whatever was typed
// reads back as itself in the title, in every search field and in the header's props, and a
// change to the site's settings shows on the next search.

let dir: string;
let site: ServerProcess;
const database = () => `file:${join(dir, "site.db")}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "site-search-page-"));
  site = await startServer({ DATABASE_URL: database(), SEED_DEMO: "true", CONTENT_POLL_MS: "100" });
});
afterAll(async () => {
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (query: string) => {
  const response = await fetch(`${site.url}/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return new JSDOM(await response.text()).window.document;
};

describe("the search page", { timeout: 60_000 }, () => {
  it.each([
    "private equity",
    `"><script>alert(1)</script> valuation`,
    `' onfocus='alert(1)' \\ "x" &amp; \uE002 \uE003 <!--search-results-->`,
  ])("shows %j as typed wherever the page names the query", async (typed) => {
    const document = await page(typed);
    const firm = generateContent().site.firmName;
    expect(document.title).toBe(`Search: ${typed} | ${firm}`);
    expect(document.querySelector('meta[property="og:title"]')!.getAttribute("content")).toBe(
      `Search: ${typed}`,
    );
    // The page's own field, the header's and the no-script header's: all hold the query.
    const fields = [...document.querySelectorAll<HTMLInputElement>('input[name="q"]')];
    expect(fields.length).toBeGreaterThanOrEqual(3);
    for (const field of fields) expect(field.value).toBe(typed);
    const header = [...document.querySelectorAll("astro-island")]
      .map((island) => JSON.parse(island.getAttribute("props")!) as Record<string, unknown>)
      .find((props) => "searchQuery" in props);
    expect(header?.searchQuery).toEqual([0, typed]);
    expect(document.querySelectorAll("main script, [onfocus]")).toHaveLength(0);
    expect(document.querySelector("main [role=status]")!.textContent).toContain(typed.trim());
  });

  it("lists the results of each query, and a new firm name once an import changed it", async () => {
    expect((await page("private equity")).querySelectorAll(".search-result").length).toBe(10);
    const content = generateContent();
    content.site.firmName = "Renamed Partners";
    writeFileSync(join(dir, "renamed.json"), serializeContent(content));
    const run = await runScriptAsync("content-import.ts", [join(dir, "renamed.json")], {
      DATABASE_URL: database(),
    });
    expect(run.status).toBe(0);
    await until("the search page names the new firm", async () =>
      (await page("valuation")).title.endsWith("| Renamed Partners"),
    );
  });

  it("serves the results alone to no one but the search page", async () => {
    expect((await fetch(`${site.url}/search/results?q=valuation`)).status).toBe(404);
  });
});
