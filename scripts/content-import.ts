import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { imageAddresses } from "../src/db/repositories/image-collect.ts";
import { imageStore } from "../src/db/repositories/image-store.ts";
import { holdImages, refusals } from "../src/images/hold.ts";
import { describeRefusal } from "../src/images/refusal.ts";
import { imageLoader } from "../src/images/load.ts";
import { ALL } from "../src/rules/cache-tags.ts";
import { loadConfig } from "../src/server/config.ts";
import { osUser } from "../src/server/record/changes.ts";
import { openForCli, positionalFile, purgeShared, renderImages, runCli } from "./cli.ts";
import { readContentFile } from "./content-file-io.ts";
import { captureOwn } from "./record-capture.ts";

// npm run content:import -- FILE : all or nothing, in one database transaction. The images the
// content shows are held first (URLs fetched, paths read from beside the file), as the sync
// holds them; one that cannot be is named, and left out of the pages that would show it.
runCli(async () => {
  const file = positionalFile("npm run content:import -- FILE");
  const content = readContentFile(file);
  const { RECORD } = loadConfig();
  // For the site's record: which file (by its bytes' digest) and who ran the import.
  const cause = {
    type: "import",
    file: resolve(file),
    digest: `sha256:${createHash("sha256").update(readFileSync(file)).digest("hex")}`,
    user: osUser(),
  } as const;
  const db = await openForCli();
  let held: number;
  try {
    const outcomes = await holdImages(
      imageStore(db),
      imageAddresses(content),
      imageLoader({ folder: dirname(resolve(file)), origins: "any" }),
    );
    for (const refused of refusals(outcomes)) console.warn(describeRefusal(refused));
    held = outcomes.filter((o) => o.isHeld).length;
    try {
      await replaceContent(db, content, RECORD ? { cause } : {});
    } catch (error) {
      // One transaction: a failure anywhere in it (a full disk, a lock) leaves the old content.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`import failed, nothing was changed: ${reason}`, { cause: error });
    }
    await renderImages(db);
    // An import replaced everything: every cached reply goes.
    await purgeShared([ALL]);
    console.log(
      `imported ${file}: ${content.transactions.length} transactions, ${content.articles.length} articles, ` +
        `${content.flatTaxa.length} flat taxa, ${content.hierarchyTaxa.length} hierarchy taxa, ${held} image(s)`,
    );
    // The command captures its own write (every page: an import may have changed any).
    if (RECORD) await captureOwn(db, { kind: "content:import" });
  } finally {
    await db.close();
  }
});
