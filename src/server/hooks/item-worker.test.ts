import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseContentFile } from "../../content/content-file.ts";
import { connect } from "../../db/connect.ts";
import { generateContent } from "../../db/demo/generate.ts";
import { migrate } from "../../db/migrate.ts";
import { replaceContent } from "../../db/repositories/content-repository.ts";
import { parseSyncSettings } from "../../sync/settings.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  startSitefinityService,
  syncSettingsFor,
  type SitefinityService,
} from "../../../tools/sitefinity-service.ts";
import { itemWorker } from "./item-worker.ts";

// The item syncs' worker thread: a thread that died (here: it could not open its database) fails
// its job, and the next job starts a new one.

const DEAL_TYPE = "Telerik.Sitefinity.DynamicTypes.Model.PastTransactions.PastTransaction";
const firm = parseContentFile(generateContent({ transactions: 20, articles: 5, seed: 44 }));
if (!firm.ok) throw new Error(firm.problems.join("\n"));
const content = firm.content;

let service: SitefinityService;
let dir: string;
beforeAll(async () => {
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY });
  dir = mkdtempSync(join(tmpdir(), "site-item-worker-"));
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the item syncs' worker thread", { timeout: 60_000 }, () => {
  it("fails the job of a thread that died, and starts a new thread for the next job", async () => {
    const settings = parseSyncSettings(syncSettingsFor(service.base));
    if (!settings.ok) throw new Error(settings.problems.join("\n"));
    const databaseUrl = `file:${join(dir, "site.db")}`;
    const worker = itemWorker(
      { databaseUrl, timeoutMs: 60_000, settings: settings.settings, accessKey: ACCESS_KEY },
      5000,
    );
    const deal = content.transactions[3]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Second Thread Holdings" });
    const notices = [{ itemType: DEAL_TYPE, id: deal.Id }];
    try {
      // No database yet: the thread cannot open it, and ends.
      const first = await worker.run(notices);
      expect(first.ok).toBe(false);
      const db = connect(databaseUrl, { create: true });
      await migrate(db);
      await replaceContent(db, content);
      await db.close();
      const second = await worker.run(notices);
      expect(second).toMatchObject({ ok: true, report: { outcome: "written" } });
    } finally {
      await worker.stop();
    }
  });
});
