import { parseArgs } from "node:util";
import { openForCli, runCli } from "./cli.ts";
import { exportWarc } from "./archive-export.ts";
import { listRange, listUrl, printHead, show } from "./archive-read.ts";
import { verify } from "./archive-verify.ts";
import { recordBaseline } from "../src/server/record/changes.ts";
import { captureOwn } from "./record-capture.ts";

const USAGE = `usage: npm run archive -- COMMAND
  list URL                                 the versions of one page or API reply
  list --from ISO --to ISO                 every version kept in a window, site-wide
  show URL --at ISO [--out FILE] [--head]  what a visitor got at that instant
  export --from ISO --to ISO --out FILE.warc.gz
  verify [--head HASH]                     recompute the chain and every digest
  head                                     the record's head: its count and hash
  capture --all                            capture every page now (a baseline)`;

// npm run archive -- …: the site's record (docs/records.md), read back and checked on the
// command line. URL is a path on the site (`/transactions/x`, an API reply with its query as the
// widget asks for it) or the same as an absolute URL; times are ISO 8601.
runCli(async () => {
  const args = process.argv.slice(2);
  // `show --head` is a switch; `verify --head HASH` takes the hash.
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      at: { type: "string" },
      out: { type: "string" },
      head: args[0] === "show" ? { type: "boolean" } : { type: "string" },
      all: { type: "boolean" },
    },
  });
  const [command, ...rest] = positionals;
  const db = await openForCli({ create: false });
  try {
    if (command === "list" && rest.length === 1) return await listUrl(db, rest[0]!);
    if (command === "list" && rest.length === 0 && values.from && values.to)
      return await listRange(db, time(values.from, "--from"), time(values.to, "--to"));
    if (command === "show" && rest.length === 1 && values.at)
      return await show(db, rest[0]!, time(values.at, "--at"), {
        out: values.out,
        isHead: values.head === true,
      });
    if (command === "export" && values.from && values.to && values.out)
      return await exportWarc(db, time(values.from, "--from"), time(values.to, "--to"), values.out);
    if (command === "verify" && rest.length === 0)
      return await verify(db, typeof values.head === "string" ? values.head : undefined);
    if (command === "head" && rest.length === 0) return await printHead(db);
    if (command === "capture" && values.all) {
      await recordBaseline(db);
      return await captureOwn(db, { kind: "archive capture --all" });
    }
    throw new Error(USAGE);
  } finally {
    await db.close();
  }
});

/** An ISO 8601 time as the record writes times (UTC, milliseconds); throws on anything else. */
function time(value: string, option: string): string {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms))
    throw new Error(`${option} ${value}: not an ISO 8601 time (2026-11-28T13:30:00Z)`);
  return new Date(ms).toISOString();
}
