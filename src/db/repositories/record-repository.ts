import { gunzipSync, gzipSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import { chain, GENESIS, type ChainedEntry, type EntryFields } from "../../record/chain.ts";
import type { Db } from "../connect.ts";
import { writeTransaction } from "../write-transaction.ts";
import type { Database } from "../schema.ts";

// The site's record in the database (docs/records.md): entries appended to one hash chain under
// a lock, so that two writers never fork it; payloads stored once by digest. Nothing here updates
// or deletes an entry or a payload, and the database's triggers refuse it anyway
// (migrations/011-site-record.ts).

/** The PostgreSQL advisory lock held while an entry is appended (transaction-scoped). */
const RECORD_LOCK = 742_051_975;
/** Payloads at least this long are stored gzipped (the digest is of the bytes as sent). */
const GZIP_FROM = 1024;
/** Rows per INSERT statement. */
const BATCH = 200;

/** A query handle: the database, or one connection or transaction of it. */
export type RecordQueries = Kysely<Database>;

/** The last entry of the chain: its Seq (0 when empty) and hash. */
export async function recordHead(k: RecordQueries): Promise<{ seq: number; hash: string }> {
  const row = await k
    .selectFrom("record_entries")
    .select(["Seq", "Hash"])
    .orderBy("Seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { seq: Number(row.Seq), hash: row.Hash } : { seq: 0, hash: GENESIS };
}

/**
 * Appends entries inside a transaction that the caller holds (a content write: its change goes
 * in with it, or not at all). On PostgreSQL it takes the record's lock until the transaction
 * ends; on SQLite the caller's transaction has written already, and so holds the write lock.
 */
export async function appendInTransaction(
  tx: RecordQueries,
  dialect: Db["dialect"],
  entries: readonly EntryFields[] | ((nextSeq: number) => Promise<readonly EntryFields[]>),
): Promise<ChainedEntry[]> {
  if (dialect === "postgres") await sql`SELECT pg_advisory_xact_lock(${RECORD_LOCK})`.execute(tx);
  const head = await recordHead(tx);
  const chained = chain(
    head,
    typeof entries === "function" ? await entries(head.seq + 1) : entries,
  );
  for (let i = 0; i < chained.length; i += BATCH)
    await tx
      .insertInto("record_entries")
      .values(chained.slice(i, i + BATCH))
      .execute();
  return chained;
}

/** A payload to keep: its digest (payloadDigest) and its bytes. */
export interface NewPayload {
  digest: string;
  bytes: Uint8Array;
}

/** What storing payloads cost: how many were new, and the bytes they took (stored, and as sent). */
export interface Stored {
  payloads: number;
  storedBytes: number;
  rawBytes: number;
}

/**
 * Keeps the payloads the record lacks, then, in one locked write transaction, asks `build` (given
 * the same transaction, to read or note what it needs, and the Seq its first entry will have)
 * for the entries to append, and chains them. It waits for another writer rather than failing on
 * a stale read (write-transaction.ts).
 *
 * The payloads go first, each batch in a short transaction of its own, outside the record's lock:
 * a content write appends its change under that lock, and a capture that compressed and stored
 * megabytes inside it held up the site's publishes for as long. A payload is stored once by its
 * digest, so one kept by a capture that then fails is the bytes a later one keeps; no entry
 * names it meanwhile, and `archive verify` reads the record through its entries.
 */
export async function appendToRecord(
  db: Db,
  payloads: readonly NewPayload[],
  build: (tx: RecordQueries, nextSeq: number) => Promise<readonly EntryFields[]>,
): Promise<{ entries: ChainedEntry[]; stored: Stored }> {
  const stored = await storePayloads(db, payloads);
  const entries = await writeTransaction(db, async (tx) => {
    if (db.dialect === "postgres")
      await sql`SELECT pg_advisory_xact_lock(${RECORD_LOCK})`.execute(tx);
    return appendInTransaction(tx, db.dialect, (nextSeq) => build(tx, nextSeq));
  });
  return { entries, stored };
}

/** Stores the payloads the record lacks: compressed first, then each batch in one transaction. */
async function storePayloads(db: Db, payloads: readonly NewPayload[]): Promise<Stored> {
  const stored: Stored = { payloads: 0, storedBytes: 0, rawBytes: 0 };
  const unique = [...new Map(payloads.map((p) => [p.digest, p])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    const batch = unique.slice(i, i + BATCH);
    const held = new Set(
      (
        await db.kysely
          .selectFrom("record_payloads")
          .select("Digest")
          .where(
            "Digest",
            "in",
            batch.map((p) => p.digest),
          )
          .execute()
      ).map((row) => row.Digest),
    );
    const rows = batch
      .filter((p) => !held.has(p.digest))
      .map(({ digest, bytes }) => {
        const isZipped = bytes.length >= GZIP_FROM;
        const kept = isZipped ? gzipSync(bytes) : bytes;
        return {
          Digest: digest,
          Size: bytes.length,
          Coding: isZipped ? "gzip" : "identity",
          Bytes: kept,
        };
      });
    if (rows.length === 0) continue;
    await writeTransaction(db, async (tx) => {
      for (const row of rows) {
        // Another process may have stored the same bytes meanwhile: they are the same bytes.
        const { numInsertedOrUpdatedRows } = await tx
          .insertInto("record_payloads")
          .values(row)
          .onConflict((c) => c.column("Digest").doNothing())
          .executeTakeFirst();
        if (numInsertedOrUpdatedRows === 0n) continue;
        stored.payloads += 1;
        stored.storedBytes += row.Bytes.length;
        stored.rawBytes += row.Size;
      }
    });
  }
  return stored;
}

/** A stored payload as it was sent, or null when the record lacks it. */
export async function readPayload(k: RecordQueries, digest: string): Promise<Buffer | null> {
  const row = await k
    .selectFrom("record_payloads")
    .selectAll()
    .where("Digest", "=", digest)
    .executeTakeFirst();
  return row ? decoded(row) : null;
}

/** A payload row's bytes as they were sent. */
export function decoded(row: { Coding: string; Bytes: Uint8Array }): Buffer {
  const bytes = Buffer.from(row.Bytes);
  return row.Coding === "gzip" ? gunzipSync(bytes) : bytes;
}
