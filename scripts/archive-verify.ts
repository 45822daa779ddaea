import type { Db } from "../src/db/connect.ts";
import {
  entriesAfter,
  firstUseOf,
  payloadsAfter,
  writtenRevisions,
} from "../src/db/repositories/record-reads.ts";
import { describeCause, type Cause } from "../src/record/cause.ts";
import { ChainCheck, describeEntry, payloadFault } from "../src/record/verify.ts";

const PAGE = 2000;

/**
 * `archive verify [--head HASH]`: recomputes the chain and every payload's digest. Fails (exit 1)
 * naming the first entry or payload that does not hold, or when HASH (a head filed elsewhere)
 * is not in the chain; lists the writes that no capture accounts for.
 */
export async function verify(db: Db, head?: string): Promise<void> {
  const started = performance.now();
  const check = new ChainCheck(head);
  let entries = 0;
  for (let after = 0; ;) {
    const page = await entriesAfter(db.kysely, after, PAGE);
    if (page.length === 0) break;
    for (const entry of page) if (check.add(entry)) entries += 1;
    if (check.fault) break;
    after = page.at(-1)!.Seq;
  }
  if (check.fault)
    throw new Error(
      `the record does not hold at ${describeEntry(check.fault.entry)}: ${check.fault.message}`,
    );
  if (head !== undefined && check.headSeq === null)
    throw new Error(
      `head ${head} is not in the record: the entries up to it were changed, or cut off the end`,
    );
  let payloads = 0;
  const kept = new Set<string>();
  for (let after = ""; ;) {
    const page = await payloadsAfter(db.kysely, after, 100);
    if (page.length === 0) break;
    for (const row of page) {
      const fault = payloadFault(row);
      if (fault !== null) {
        const user = await firstUseOf(db.kysely, row.Digest);
        throw new Error(`${fault}${user ? `; it is kept for ${describeEntry(user)}` : ""}`);
      }
      kept.add(row.Digest);
      payloads += 1;
    }
    after = page.at(-1)!.Digest;
  }
  const missing = [...check.digests].find((digest) => !kept.has(digest));
  if (missing !== undefined) {
    const user = await firstUseOf(db.kysely, missing);
    throw new Error(
      `payload ${missing} is missing from the record${user ? `; ${describeEntry(user)} names it` : ""}`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const last = check.last;
  console.log(
    `the record holds: ${entries} entries and ${payloads} payloads verified in ${seconds} s; ` +
      `head ${last?.Seq ?? 0} ${last?.Hash ?? "(empty)"}`,
  );
  if (check.headSeq !== null)
    console.log(`nothing up to entry ${check.headSeq} (head ${head}) has changed`);
  for (const owed of check.owed()) {
    const { cause } = JSON.parse(owed.detail ?? "{}") as { cause?: Cause };
    console.log(
      `a write without a capture: change ${owed.seq}, revision ${owed.revision ?? "-"}, ${owed.at}: ${cause ? describeCause(cause) : "unknown"}`,
    );
  }
  // content_changes keeps the last 1,000 revisions: any of them missing from the record was
  // written by a process that did not keep it (RECORD=false).
  if (check.firstRevision !== null)
    for (const revision of await writtenRevisions(db.kysely, check.firstRevision))
      if (!check.revisions.has(revision))
        console.log(
          `a write not in the record: content revision ${revision} (written with RECORD=false?)`,
        );
}
