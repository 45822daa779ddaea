import { createHash } from "node:crypto";

// The record's hash chain: every entry holds the SHA-256 of the entry before it (Prev) and its
// own (Hash), computed over all its other fields in a fixed form. Changing, removing or
// reordering any entry, or any payload an entry names by digest, breaks the chain from there on
// (verify.ts finds where). The first entry's Prev is GENESIS.

/** The Prev of the first entry. */
export const GENESIS = "0".repeat(64);

/** What an entry is. */
export type EntryKind = "change" | "capture" | "response" | "captured" | "gap";

/** An entry's fields, without its place in the chain. */
export interface EntryFields {
  Kind: EntryKind;
  At: string;
  Revision: number | null;
  Ref: number | null;
  Url: string | null;
  Visible: string | null;
  Status: number | null;
  HeadersDigest: string | null;
  PayloadDigest: string | null;
  /** Canonical JSON (canonicalJson), or null. */
  Detail: string | null;
}

/** An entry as the chain holds it. */
export interface ChainedEntry extends EntryFields {
  Seq: number;
  Prev: string;
  Hash: string;
}

/** An entry with every field unset but its kind and time: what callers fill in. */
export function entry(kind: EntryKind, at: string, fields: Partial<EntryFields> = {}): EntryFields {
  return {
    Kind: kind,
    At: at,
    Revision: null,
    Ref: null,
    Url: null,
    Visible: null,
    Status: null,
    HeadersDigest: null,
    PayloadDigest: null,
    Detail: null,
    ...fields,
  };
}

/**
 * JSON with object keys sorted at every depth and no spaces: one text for one value, so that the
 * hash of an entry does not depend on the order its detail was built in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The hash of an entry at `seq` after `prev`: SHA-256, in hex, over every field in order. */
export function entryHash(seq: number, prev: string, fields: EntryFields): string {
  const text = canonicalJson([
    seq,
    fields.Kind,
    fields.At,
    fields.Revision,
    fields.Ref,
    fields.Url,
    fields.Visible,
    fields.Status,
    fields.HeadersDigest,
    fields.PayloadDigest,
    fields.Detail,
  ]);
  return createHash("sha256").update(prev).update("\n").update(text).digest("hex");
}

/** `entries` chained after the head (`seq`, `hash`; seq 0 and GENESIS for an empty record). */
export function chain(
  head: { seq: number; hash: string },
  entries: readonly EntryFields[],
): ChainedEntry[] {
  let { seq, hash } = head;
  return entries.map((fields) => {
    seq += 1;
    const Hash = entryHash(seq, hash, fields);
    const chained = { ...fields, Seq: seq, Prev: hash, Hash };
    hash = Hash;
    return chained;
  });
}

/** Why `entry` does not follow `before` in a chain, or null when it does. */
export function chainFault(
  before: { Seq: number; Hash: string } | null,
  entry: ChainedEntry,
): string | null {
  const expected = before ?? { Seq: 0, Hash: GENESIS };
  if (entry.Seq !== expected.Seq + 1)
    return `entry ${entry.Seq} follows entry ${expected.Seq}: entries are missing in between`;
  if (entry.Prev !== expected.Hash)
    return `entry ${entry.Seq} does not hold the hash of entry ${expected.Seq}`;
  if (entryHash(entry.Seq, entry.Prev, entry) !== entry.Hash)
    return `entry ${entry.Seq} was changed after it was written: its hash does not match its content`;
  return null;
}

/** A payload's digest, as WARC's WARC-Payload-Digest writes it: `sha256:` and hex. */
export function payloadDigest(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}
