import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { ALL } from "../src/rules/cache-tags.ts";
import { openForCli, positionalFile, purgeShared, runCli } from "./cli.ts";
import { readContentFile } from "./content-file-io.ts";

// npm run content:import -- FILE : all or nothing, in one database transaction.
runCli(async () => {
  const file = positionalFile("npm run content:import -- FILE");
  const content = readContentFile(file);
  const db = await openForCli();
  try {
    await replaceContent(db, content);
  } catch (error) {
    // One transaction: a failure anywhere in it (a full disk, a lock) leaves the old content.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`import failed, nothing was changed: ${reason}`, { cause: error });
  } finally {
    await db.close();
  }
  // An import replaced everything: every cached reply goes.
  await purgeShared([ALL]);
  console.log(
    `imported ${file}: ${content.transactions.length} transactions, ${content.articles.length} articles, ` +
      `${content.flatTaxa.length} flat taxa, ${content.hierarchyTaxa.length} hierarchy taxa`,
  );
});
