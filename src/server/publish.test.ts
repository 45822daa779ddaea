import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import { readContent, replaceContent } from "../db/repositories/content-repository.ts";
import { dealTag } from "../rules/cache-tags.ts";
import { loadConfig } from "./config.ts";
import { watchContent } from "./content-state.ts";
import { publisher } from "./publish.ts";
import { createPurger } from "./purge/index.ts";

// What the instance that wrote does after its write: its own copies first, then the shared
// caches, twice; a stopping site sends the second purge at once instead of after the poll.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const t = await tempDatabase();
  const content = await watchContent(t.db, 3_600_000);
  const seen: { tags: string; revision: number }[] = [];
  const cache = createServer((request, response) => {
    seen.push({ tags: String(request.headers["xkey-purge"]), revision: content.revision });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => cache.listen(0, "127.0.0.1", resolve));
  const config = loadConfig({
    VARNISH_URLS: `http://127.0.0.1:${(cache.address() as AddressInfo).port}`,
  });
  const purger = createPurger(config, {
    log: pino({ level: "silent" }),
    registry: new Registry(),
  })!;
  cleanups.push(
    () => t.cleanup(),
    () => content.stop(),
    () => void cache.close(),
  );
  return { db: t.db, content, purger, seen };
}

describe("publisher", () => {
  it("drops this instance's copies before the first purge, and purges again at once when the site stops", async () => {
    const { db, content, purger, seen } = await setUp();
    const before = content.revision;
    const changed = await readContent(db);
    changed.transactions[0]!.Company = "Published Co";
    const tags = [dealTag(changed.transactions[0]!.Id)];
    await replaceContent(db, changed, { tags });
    // An hour's poll: only the publisher can tell this instance of its own write.
    const publishing = publisher(content, purger, 3_600_000);
    const started = performance.now();
    publishing.onWritten(tags);
    await publishing.settled();
    await purger.settled();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(seen).toEqual([
      { tags: tags[0], revision: before + 1 },
      { tags: tags[0], revision: before + 1 },
    ]);
  });
});
