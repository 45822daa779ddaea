import { writeFileSync } from "node:fs";
import { readContent } from "../src/db/repositories/content-repository.ts";
import { openForCli, positionalFile, runCli } from "./cli.ts";
import { serializeContent } from "./content-file-io.ts";

// npm run content:export -- FILE : every entity as one JSON document.
runCli(async () => {
  const file = positionalFile("npm run content:export -- FILE");
  const db = await openForCli();
  try {
    writeFileSync(file, serializeContent(await readContent(db)));
  } finally {
    await db.close();
  }
  console.log(`exported to ${file}`);
});
