import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { ALL } from "../src/rules/cache-tags.ts";
import { loadConfig } from "../src/server/config.ts";
import { osUser } from "../src/server/record/changes.ts";
import { openForCli, positionalFile, purgeShared, runCli } from "./cli.ts";
import { readContentFile } from "./content-file-io.ts";
import { captureOwn } from "./record-capture.ts";

// npm run content:import -- FILE : all or nothing, in one database transaction.
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
  try {
    try {
      await replaceContent(db, content, RECORD ? { cause } : {});
    } catch (error) {
      // One transaction: a failure anywhere in it (a full disk, a lock) leaves the old content.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`import failed, nothing was changed: ${reason}`, { cause: error });
    }
    // An import replaced everything: every cached reply goes.
    await purgeShared([ALL]);
    console.log(
      `imported ${file}: ${content.transactions.length} transactions, ${content.articles.length} articles, ` +
        `${content.flatTaxa.length} flat taxa, ${content.hierarchyTaxa.length} hierarchy taxa`,
    );
    // The command captures its own write (every page: an import may have changed any).
    if (RECORD) await captureOwn(db, { kind: "content:import" });
  } finally {
    await db.close();
  }
});
