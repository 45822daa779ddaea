import { Writable } from "node:stream";
import pino from "pino";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseContentFile, type ContentFile } from "../../content/content-file.ts";
import { readContent } from "../../db/repositories/content-repository.ts";
import { generateContent } from "../../db/demo/generate.ts";
import { parseSyncSettings } from "../../sync/settings.ts";
import { tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { until } from "../../../tests/helpers/poll.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  PEOPLE_SET,
  startSitefinityService,
  syncSettingsFor,
  type SitefinityService,
} from "../../../tools/sitefinity-service.ts";
import { syncHold } from "./sync-hold.ts";
import { createItemQueue, type ItemQueue } from "./item-queue.ts";

// The hook queue with its worker thread, on a real database and the Sitefinity stand-in: an item
// the service serves in its old copy (an output cache) is asked for again, holds up none of the
// others, and is left to the scheduled sync with a warning when the time is up (shortened here).

const DEAL_TYPE = "Telerik.Sitefinity.DynamicTypes.Model.PastTransactions.PastTransaction";
const firm = parseContentFile(generateContent({ transactions: 30, articles: 10, seed: 33 }));
if (!firm.ok) throw new Error(firm.problems.join("\n"));
const content: ContentFile = firm.content;

let service: SitefinityService;
let database: Awaited<ReturnType<typeof tempDatabase>>;
let queue: ItemQueue;
const lines: string[] = [];
const registry = new Registry();
/** The site's record's hold, which the queue holds while each sync runs. */
const hold = syncHold({ afterMs: 0 });

beforeAll(async () => {
  database = await tempDatabase(content);
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY, hasFirm: true });
  const settings = parseSyncSettings(syncSettingsFor(service.base));
  if (!settings.ok) throw new Error(settings.problems.join("\n"));
  const log = pino(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  queue = createItemQueue({
    job: {
      databaseUrl: database.url,
      timeoutMs: 60_000,
      settings: settings.settings,
      accessKey: ACCESS_KEY,
    },
    stopGraceMs: 5000,
    log,
    registry,
    askAgainForMs: 1500,
    syncing: hold,
  });
});
afterAll(async () => {
  await queue?.stop();
  await service?.close();
  await database?.cleanup();
});

/** A hook's notice for a deal as the service holds it now (its LastModified the new save's). */
const notice = (id: string) => ({
  itemType: DEAL_TYPE,
  id,
  lastModified: String(service.items(DEALS_SET).find((row) => row.Id === id)!.LastModified),
});
const companyOf = async (id: string) =>
  (await readContent(database.db)).transactions.find((deal) => deal.Id === id)?.Company;

describe("an item the web service serves in its old copy", { timeout: 60_000 }, () => {
  it("holds up none of its batch, is asked for again, and is left to the scheduled sync with a warning", async () => {
    const [late, prompt] = [content.transactions[4]!, content.transactions[5]!];
    service.edit(DEALS_SET, late.Id, { Company: "Served Late Holdings" }, { forMs: 60_000 });
    service.edit(DEALS_SET, prompt.Id, { Company: "Served At Once Holdings" });
    queue.add(notice(late.Id));
    queue.add(notice(prompt.Id));
    await until(
      "the promptly served change is written",
      async () => (await companyOf(prompt.Id)) === "Served At Once Holdings",
    );
    await until("the late item is given up, with a warning", async () =>
      lines.some((line) => line.includes(late.Id) && line.includes("left to the scheduled sync")),
    );
    expect(await companyOf(late.Id)).toBe(late.Company);
    const asked = await registry.getSingleMetricAsString("site_hook_items_asked_again_total");
    expect(Number(asked.trim().split(" ").at(-1))).toBeGreaterThanOrEqual(2);
  });
});

describe("a bad person in a batch of people's hooks", { timeout: 60_000 }, () => {
  it("is refused and named, and the rest of the batch lands", async () => {
    const PERSON = "Telerik.Sitefinity.DynamicTypes.Model.People.Person";
    const [bad, good] = [content.people[0]!, content.people[1]!];
    service.edit(PEOPLE_SET, bad.Id, { Title: null });
    service.edit(PEOPLE_SET, good.Id, { JobTitle: "Landed Beside A Bad One" });
    queue.add({ itemType: PERSON, id: bad.Id });
    queue.add({ itemType: PERSON, id: good.Id });
    await queue.settled();
    const people = (await readContent(database.db)).people;
    expect(people.find((p) => p.Id === good.Id)?.JobTitle).toBe("Landed Beside A Bad One");
    expect(people.find((p) => p.Id === bad.Id)?.Title).toBe(bad.Title);
    expect(lines.some((line) => line.includes(`people ${bad.Id}: Title:`))).toBe(true);
  });
});

describe("background work while a hook's item is synced", { timeout: 60_000 }, () => {
  it("pauses the background work until the sync has written the change", async () => {
    const deal = content.transactions[9]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Written Before The Capture Holdings" });
    queue.add(notice(deal.Id));
    // Background work that reaches its next step now waits until the sync has written.
    await hold.pauses()();
    expect(await companyOf(deal.Id)).toBe("Written Before The Capture Holdings");
    await queue.settled();
  });
});
