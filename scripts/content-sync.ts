import { parseArgs } from "node:util";
import { formatReport } from "../src/sync/report.ts";
import { runSync } from "../src/sync/run-sync.ts";
import { loadConfig } from "../src/server/config.ts";
import { readSyncSettings } from "../src/sync/settings.ts";
import { osUser } from "../src/server/record/changes.ts";
import { openForCli, purgeShared, renderImages, runCli } from "./cli.ts";
import { captureOwn } from "./record-capture.ts";

const USAGE = "npm run content:sync -- SETTINGS.json [--dry-run] [--full] [--allow-empty]";

// npm run content:sync -- SETTINGS.json [--dry-run] [--full] [--allow-empty] : brings this site's
// content to match the firm's Sitefinity (src/sync/). The access key comes from
// SITEFINITY_ACCESS_KEY only, read with the site's other settings. The database must exist: a
// sync goes into a site's content.
runCli(async () => {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      "dry-run": { type: "boolean" },
      full: { type: "boolean" },
      "allow-empty": { type: "boolean" },
    },
  });
  if (positionals.length !== 1) throw new Error(`usage: ${USAGE}`);
  const settings = readSyncSettings(positionals[0] as string);
  const { SITEFINITY_ACCESS_KEY, RECORD } = loadConfig();
  const db = await openForCli({ create: false });
  try {
    const report = await runSync(db, {
      settings,
      accessKey: SITEFINITY_ACCESS_KEY,
      isDryRun: values["dry-run"] === true,
      isFull: values.full === true,
      isEmptyAllowed: values["allow-empty"] === true,
      cause: RECORD ? { type: "sync", by: "command", user: osUser() } : undefined,
    });
    for (const line of formatReport(report)) console.log(line);
    const rendered = await renderImages(db);
    if (report.outcome === "written" || rendered.length > 0)
      await purgeShared([...(report.tags ?? []), ...rendered]);
    // The command captures its own write into the site's record.
    if (report.outcome === "written" && RECORD) await captureOwn(db, { kind: "content:sync" });
  } finally {
    await db.close();
  }
});
