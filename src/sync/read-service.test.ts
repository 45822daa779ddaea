import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../../tests/helpers/poll.ts";
import {
  ACCESS_KEY,
  startSitefinityService,
  syncSettingsFor,
  type SitefinityService,
} from "../../tools/sitefinity-service.ts";
import { parseContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import { listTaxa } from "./read-service.ts";
import { createServiceClient } from "./service-client.ts";
import { parseSyncSettings } from "./settings.ts";

// The taxonomies and their taxa from the Sitefinity stand-in: asked for by the Ids this site
// holds at once with the taxonomies (an item sync knows them), and asked for again when a
// taxonomy's Id is no longer the one held.

const firm = parseContentFile(generateContent({ transactions: 20, articles: 5, seed: 12 }));
if (!firm.ok) throw new Error(firm.problems.join("\n"));
const content = firm.content;

let service: SitefinityService;
beforeEach(async () => {
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY });
});
afterEach(async () => {
  await service.close();
});

const setup = (signal?: AbortSignal) => {
  const settings = parseSyncSettings(syncSettingsFor(service.base));
  if (!settings.ok) throw new Error(settings.problems.join("\n"));
  const client = createServiceClient({
    service: service.base,
    accessKey: ACCESS_KEY,
    retries: 0,
    signal,
  });
  return { client, settings: settings.settings };
};
const asked = (set: string) => service.requests.filter((r) => r.includes(`/${set}?`)).length;

describe("the taxonomies and their taxa", () => {
  it("are asked for at once when this site holds the taxonomies' Ids", async () => {
    const stop = new AbortController();
    const { client, settings } = setup(stop.signal);
    // The service answers nothing: every request it sees was sent before any answer came.
    service.setHanging(true);
    const listing = listTaxa(client, settings, content.taxonomies);
    await until(
      "the three requests are sent",
      async () => asked("taxonomies") + asked("hierarchy-taxa") + asked("flat-taxa") === 3,
    );
    stop.abort();
    await expect(listing).rejects.toThrow();
  });

  it("are the same with the held Ids, without them, and with an Id that is no longer held", async () => {
    const { client, settings } = setup();
    const plain = await listTaxa(client, settings);
    expect(await listTaxa(client, settings, content.taxonomies)).toEqual(plain);
    const before = asked("hierarchy-taxa");
    const renewed = content.taxonomies.map((t) =>
      t.TaxaUrl === "hierarchy-taxa" ? { ...t, Id: "0f0f0f0f-0000-4000-8000-000000000000" } : t,
    );
    expect(await listTaxa(client, settings, renewed)).toEqual(plain);
    // The taxa asked for by the old Id, then by the service's.
    expect(asked("hierarchy-taxa") - before).toBe(2);
    expect(plain.hierarchyTaxa.length).toBeGreaterThan(0);
  });
});
