import { sql } from "kysely";
import type { ChainedEntry } from "../../record/chain.ts";
import type { RecordQueries } from "./record-repository.ts";

// The record read back, for the archive command (list, show, export, verify): the versions of
// one address, what it answered at an instant, what every address answered at an instant and
// after it, and the whole chain in order. A version's time is when visitors got it (Visible).

const RESPONSE_COLUMNS = [
  "Seq",
  "At",
  "Revision",
  "Ref",
  "Url",
  "Visible",
  "Status",
  "HeadersDigest",
  "PayloadDigest",
] as const;

/** A kept reply, as the record holds it. */
export interface KeptResponse {
  seq: number;
  revision: number;
  capture: number;
  url: string;
  visible: string;
  status: number;
  headersDigest: string;
  payloadDigest: string;
}

type ResponseRow = Pick<ChainedEntry, (typeof RESPONSE_COLUMNS)[number]>;

const asResponse = (row: ResponseRow): KeptResponse => ({
  seq: Number(row.Seq),
  revision: Number(row.Revision),
  capture: Number(row.Ref),
  url: row.Url ?? "",
  visible: row.Visible ?? "",
  status: Number(row.Status),
  headersDigest: row.HeadersDigest ?? "",
  payloadDigest: row.PayloadDigest ?? "",
});

/** Every kept reply of one address, oldest first. */
export async function versionsOf(k: RecordQueries, url: string): Promise<KeptResponse[]> {
  const rows = await k
    .selectFrom("record_entries")
    .select(RESPONSE_COLUMNS)
    .where("Kind", "=", "response")
    .where("Url", "=", url)
    .orderBy("Visible")
    .orderBy("Seq")
    .execute();
  return rows.map(asResponse);
}

/** What one address answered at `at` (ISO): its latest reply visible by then, or null. */
export async function responseAt(
  k: RecordQueries,
  url: string,
  at: string,
): Promise<KeptResponse | null> {
  const row = await k
    .selectFrom("record_entries")
    .select(RESPONSE_COLUMNS)
    .where("Kind", "=", "response")
    .where("Url", "=", url)
    .where("Visible", "<=", at)
    .orderBy("Visible", "desc")
    .orderBy("Seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? asResponse(row) : null;
}

/** What every kept address answered at `at`: each one's latest reply visible by then. */
export async function stateAt(k: RecordQueries, at: string): Promise<KeptResponse[]> {
  const ranked = k
    .selectFrom("record_entries")
    .select([
      ...RESPONSE_COLUMNS,
      sql<number>`row_number() over (partition by "Url" order by "Visible" desc, "Seq" desc)`.as(
        "Rank",
      ),
    ])
    .where("Kind", "=", "response")
    .where("Visible", "<=", at)
    .as("ranked");
  const rows = await k
    .selectFrom(ranked)
    .select(RESPONSE_COLUMNS)
    .where("Rank", "=", 1)
    .orderBy("Visible")
    .orderBy("Seq")
    .execute();
  return rows.map(asResponse);
}

/** Every kept reply visible after `from` and up to `to` (ISO), in order. */
export async function responsesBetween(
  k: RecordQueries,
  from: string,
  to: string,
): Promise<KeptResponse[]> {
  const rows = await k
    .selectFrom("record_entries")
    .select(RESPONSE_COLUMNS)
    .where("Kind", "=", "response")
    .where("Visible", ">", from)
    .where("Visible", "<=", to)
    .orderBy("Visible")
    .orderBy("Seq")
    .execute();
  return rows.map(asResponse);
}

/** The entries with these Seqs (captures, changes), by Seq. */
export async function entriesBySeq(
  k: RecordQueries,
  seqs: readonly number[],
): Promise<Map<number, ChainedEntry>> {
  const found = new Map<number, ChainedEntry>();
  const unique = [...new Set(seqs)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await k
      .selectFrom("record_entries")
      .selectAll()
      .where("Seq", "in", unique.slice(i, i + 500))
      .execute();
    for (const row of rows)
      found.set(Number(row.Seq), { ...row, Seq: Number(row.Seq) } as ChainedEntry);
  }
  return found;
}

/** Up to `limit` entries after Seq `after`, in order: the chain, a page at a time. */
export async function entriesAfter(
  k: RecordQueries,
  after: number,
  limit: number,
): Promise<ChainedEntry[]> {
  const rows = await k
    .selectFrom("record_entries")
    .selectAll()
    .where("Seq", ">", after)
    .orderBy("Seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    Seq: Number(row.Seq),
    Revision: row.Revision === null ? null : Number(row.Revision),
    Ref: row.Ref === null ? null : Number(row.Ref),
    Status: row.Status === null ? null : Number(row.Status),
  })) as ChainedEntry[];
}

/** Up to `limit` payload rows after digest `after`, in digest order. */
export async function payloadsAfter(k: RecordQueries, after: string, limit: number) {
  return k
    .selectFrom("record_payloads")
    .selectAll()
    .where("Digest", ">", after)
    .orderBy("Digest")
    .limit(limit)
    .execute();
}

/** The first entry that names a payload (as its headers or its body), or null. */
export async function firstUseOf(k: RecordQueries, digest: string): Promise<ChainedEntry | null> {
  const row = await k
    .selectFrom("record_entries")
    .selectAll()
    .where((eb) => eb.or([eb("PayloadDigest", "=", digest), eb("HeadersDigest", "=", digest)]))
    .orderBy("Seq")
    .limit(1)
    .executeTakeFirst();
  return (row as ChainedEntry | undefined) ?? null;
}

/** The content revisions a content write recorded since `since` (content_changes keeps 1,000). */
export async function writtenRevisions(k: RecordQueries, since: number): Promise<number[]> {
  const rows = await k
    .selectFrom("content_changes")
    .select("Revision")
    .where("Revision", ">=", since)
    .orderBy("Revision")
    .execute();
  return rows.map((row) => Number(row.Revision));
}

/** Up to 20 kept addresses with this path, with or without a query. */
export async function urlsUnder(k: RecordQueries, path: string): Promise<string[]> {
  const rows = await k
    .selectFrom("record_urls")
    .select("Url")
    .where((eb) =>
      eb.or([eb("Url", "=", path), eb("Url", "like", `${path.replace(/[%_\\]/g, "")}?%`)]),
    )
    .orderBy("Url")
    .limit(20)
    .execute();
  return rows.map((row) => row.Url);
}
