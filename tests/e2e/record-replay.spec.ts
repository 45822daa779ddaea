import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateContent } from "../../src/db/demo/generate.ts";
import { ROOT, runScriptAsync } from "../../tools/run-script.ts";
import type { Frame, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// An examiner's replay of the site's record: the firm's content imported (each import captures
// its own write), a deal unpublished by the next import, the record exported as WARC 1.1 from
// before that, and the export opened in ReplayWeb.page, served offline from a local static
// server with its service worker under /replay/. /transactions replays as it was then: the
// widget's table drawn from the API replies kept with the page, the unpublished deal in it.

const SITE = "https://www.firm.example";
const firm = generateContent({ transactions: 18, articles: 4, seed: 52 });
// The oldest deal: not among the few the page lists without script, only in the widget's table.
const gone = firm.transactions.toSorted((a, b) => a.Date.localeCompare(b.Date))[0]!;
const REPLAY = join(ROOT, "node_modules/replaywebpage");

let dir = "";
let server: Server;
let replayUrl = "";
const versions: string[] = [];

/** ReplayWeb.page's 14-digit timestamp for an ISO time. */
const timestamp = (iso: string) => iso.replace(/[-:T]/g, "").slice(0, 14);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), "site-replay-"));
  const env = { DATABASE_URL: `file:${join(dir, "site.db")}`, RECORD: "true", SITE_URL: SITE };
  const importFile = async (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    const imported = await runScriptAsync("content-import.ts", [file], env);
    expect(imported.status, imported.stderr).toBe(0);
  };
  await importFile("firm.json", firm);
  const from = new Date().toISOString();
  await importFile("firm-without.json", {
    ...firm,
    transactions: firm.transactions.filter((deal) => deal.Id !== gone.Id),
  });
  const listed = await runScriptAsync("archive.ts", ["list", "/transactions"], env);
  versions.push(...(listed.stdout.match(/^\S+Z(?=\s)/gm) ?? []));
  const archive = join(dir, "record.warc.gz");
  const exported = await runScriptAsync(
    "archive.ts",
    ["export", "--from", from, "--to", new Date().toISOString(), "--out", archive],
    env,
  );
  expect(exported.status, exported.stderr).toBe(0);
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (path === "/") {
      const at = new URL(request.url ?? "/", "http://x").searchParams.get("ts") ?? "";
      response.writeHead(200, { "content-type": "text/html" });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Replay</title>` +
          `<script src="/replay/ui.js"></script></head><body>` +
          `<replay-web-page style="display:block;height:900px" source="/record.warc.gz" ` +
          `url="${SITE}/transactions" ts="${at}" embed="replayonly" replaybase="/replay/">` +
          `</replay-web-page></body></html>`,
      );
      return;
    }
    const file =
      path === "/record.warc.gz"
        ? archive
        : path === "/replay/ui.js" || path === "/replay/sw.js"
          ? join(REPLAY, path.slice("/replay/".length))
          : null;
    if (file === null) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": file.endsWith(".js") ? "text/javascript" : "application/octet-stream",
      "content-length": statSync(file).size,
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  replayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The replayed page's frame, once ReplayWeb.page has drawn it. */
async function replayed(page: Page, at: string) {
  await page.goto(`${replayUrl}?ts=${timestamp(at)}`);
  let frame: Frame | undefined;
  await expect
    .poll(
      () => {
        frame = page.frames().find((f) => f.url().includes(`mp_/${SITE}/transactions`));
        return frame !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return frame!;
}

test("ReplayWeb.page shows /transactions as it was, with a deal since unpublished", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(versions, "the record holds the page before and after the unpublish").toHaveLength(2);
  // ReplayWeb.page's UI needs a plain language tag (a C locale gives it "en-US@posix").
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  const before = await replayed(page, versions[0]!);
  await expect(before.getByText(`${firm.transactions.length} results`)).toBeVisible({
    timeout: 60_000,
  });
  await before.getByLabel("Search by description").fill(gone.Company);
  await before.getByRole("button", { name: "Search Historical Transactions" }).click();
  await expect(before.getByRole("row").filter({ hasText: gone.Company })).toHaveCount(1);

  const after = await replayed(page, versions[1]!);
  await expect(after.getByText(`${firm.transactions.length - 1} results`)).toBeVisible({
    timeout: 60_000,
  });
  await context.close();
});
