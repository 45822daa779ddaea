import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { capturedThrough } from "../../src/db/repositories/record-index.ts";
import { recordHead } from "../../src/db/repositories/record-repository.ts";
import { dealPath } from "../../src/rules/site-paths.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import type { ServerProcess } from "../../tools/server-process.ts";
import { DEAL_TYPE, postHook } from "../../tools/sitefinity-hooks.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  type SitefinityService,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { startHookedSite } from "../helpers/hooked-site.ts";
import { metricValue, until } from "../helpers/poll.ts";

// The site's record against the built site and Sitefinity's service hooks: a deal published,
// renamed and unpublished, each change captured by the instance that wrote it, and read back
// with `archive show` at instants between the changes (its page, and the widget's reply that
// lists it); the record's figures on /readyz and the metrics.

const firm = generateContent({ transactions: 24, articles: 6, seed: 35 });
const EDITOR = "5b2d9c1e-0f3a-4e6b-9c8d-7a6b5c4d3e2f";

let dir: string;
let service: SitefinityService;
let site: ServerProcess;
let db: Db;
let metricsUrl: string;
let databaseUrl: string;

const hook = (id: string, action: string) =>
  postHook(site.url, {
    Item: { Id: id, ApprovalWorkflowState: "Published" },
    OriginalEvent: { Action: action, ItemType: DEAL_TYPE, OriginalContentId: id, UserId: EDITOR },
  });

const archive = (...args: string[]) =>
  runScriptAsync("archive.ts", args, { DATABASE_URL: databaseUrl });

/** Resolves once the content moved past `revision` and the record captured every change. */
async function captured(revision: number): Promise<string> {
  await until("the change is written", async () => (await revisionNow()) > revision, 60_000);
  await until(
    "the change is captured",
    async () => {
      const owedAfter = await capturedThrough(db.kysely);
      const changes = await db.kysely
        .selectFrom("record_entries")
        .select((eb) => eb.fn.max("Seq").as("n"))
        .where("Kind", "=", "change")
        .executeTakeFirst();
      return owedAfter >= Number(changes?.n ?? 0);
    },
    90_000,
  );
  // An instant after the capture and before the next change.
  await new Promise((r) => setTimeout(r, 20));
  return new Date().toISOString();
}

const revisionNow = () => metricValue(metricsUrl, "site_content_revision");

describe("the site's record, through service hooks", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-record-"));
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
    ({ site, metricsUrl, databaseUrl } = await startHookedSite(dir, service, {
      env: { RECORD: "true", LOG_LEVEL: "info" },
    }));
    db = connect(databaseUrl, { create: false });
    // The demo content, then the first sync from the stand-in, both captured.
    await captured(1);
  }, 200_000);
  afterAll(async () => {
    await site?.stop();
    await db?.close();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps each version of a deal published, renamed and unpublished, and of the widget's reply", async () => {
    const deal = firm.transactions[4]!;
    const page = dealPath(deal.UrlName);
    const row = service.items(DEALS_SET).find((item) => item.Id === deal.Id)!;
    // Published: the deal arrives.
    service.remove(DEALS_SET, deal.Id);
    await hook(deal.Id, "Deleted");
    const gone = await captured(await revisionNow());
    service.add(DEALS_SET, { ...row, Company: "Recorded Original Co" });
    await hook(deal.Id, "New");
    const published = await captured(await revisionNow());
    service.edit(DEALS_SET, deal.Id, { Company: "Recorded Renamed Co" });
    await hook(deal.Id, "Updated");
    const renamed = await captured(await revisionNow());
    service.remove(DEALS_SET, deal.Id);
    await hook(deal.Id, "Deleted");
    const unpublished = await captured(await revisionNow());

    const show = async (url: string, at: string) => {
      const result = await archive("show", url, "--at", at);
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    expect(await show(page, published)).toContain("Recorded Original Co");
    expect(await show(page, renamed)).toContain("Recorded Renamed Co");
    const after = await archive("show", page, "--at", unpublished, "--head");
    expect(after.stdout).toMatch(/^HTTP\/1\.1 404 /);
    expect(await show(page, unpublished)).not.toContain("Recorded Renamed Co");
    // The widget's list of deals, under the address it asks for.
    const listed = await archive("list", "--from", gone, "--to", unpublished);
    const api = /\s(\/api\/default\/transactions\?\S+)\s/.exec(listed.stdout)?.[1];
    expect(api, listed.stdout).toBeDefined();
    expect(await show(api!, gone)).not.toContain("Recorded Original Co");
    expect(await show(api!, published)).toContain("Recorded Original Co");
    expect(await show(api!, renamed)).toContain("Recorded Renamed Co");
    expect(await show(api!, unpublished)).not.toMatch(/Recorded (Original|Renamed) Co/);

    // Each version says why it exists: the hook's item (its full Id), action, user and approval.
    const versions = await archive("list", page);
    expect(versions.stdout).toMatch(
      new RegExp(
        `hook: New ${DEAL_TYPE.replaceAll(".", "\\.")} ${deal.Id.toLowerCase()}, by user ${EDITOR}, approval Published`,
      ),
    );
    expect(versions.stdout).toMatch(/hook: Updated .* by user/);
    // As synced at the start, gone, published, renamed, gone again.
    const statuses = versions.stdout
      .split("\n")
      .filter((line) => /^\d{4}-/.test(line))
      .map((line) => line.split(/\s+/)[1]);
    expect(statuses).toEqual(["200", "404", "200", "200", "404"]);
  });

  it("writes each capture's head to the log, and the head the command prints is the chain's", async () => {
    const head = await recordHead(db.kysely);
    const printed = await archive("head");
    expect(printed.stdout.trim()).toBe(`head ${head.seq} ${head.hash}`);
    expect(site.output()).toContain(`head ${head.seq} ${head.hash}`);
    const verified = await archive("verify", "--head", head.hash);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`nothing up to entry ${head.seq}`);
  });

  it("counts the record's size and gaps in the metrics, and /readyz tells a gap but stays ready", async () => {
    const head = await recordHead(db.kysely);
    expect(await metricValue(metricsUrl, "site_record_entries")).toBe(head.seq);
    expect(await metricValue(metricsUrl, "site_record_payload_bytes")).toBeGreaterThan(0);
    // The demo content loaded at the first start was replaced by the first sync at once: when
    // that came before its capture, the record says so with a gap.
    const gaps = await db.kysely
      .selectFrom("record_entries")
      .select("Detail")
      .where("Kind", "=", "gap")
      .execute();
    expect(await metricValue(metricsUrl, "site_record_gaps")).toBe(gaps.length);
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { details?: { record?: string } };
    if (gaps.length > 0) expect(body.details?.record).toMatch(/gap\(s\).*superseded/);
    else expect(body.details?.record).toBeUndefined();
  });
});
