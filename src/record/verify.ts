import { gunzipSync } from "node:zlib";
import { chainFault, payloadDigest, type ChainedEntry } from "./chain.ts";

// What `archive verify` checks, given the chain in order and every payload: that each entry
// holds the hash of the one before it and its own hash still matches its content, that each
// payload's bytes still have their digest and each digest an entry names is kept, that a head
// filed elsewhere is still in the chain, and which changes no capture or gap accounts for.

/** A change no capture or gap accounts for. */
export interface OwedWrite {
  seq: number;
  revision: number | null;
  at: string;
  detail: string | null;
}

/** Follows the chain, an entry at a time, in Seq order. */
export class ChainCheck {
  /** The first fault found, with the entry it is in; null while the chain holds. */
  fault: { message: string; entry: ChainedEntry } | null = null;
  /** Every payload digest an entry names. */
  readonly digests = new Set<string>();
  /** The Seq of the entry whose hash is `head`, once met. */
  headSeq: number | null = null;
  /** The last entry checked. */
  last: ChainedEntry | null = null;
  /** The first content revision the record holds a change for. */
  firstRevision: number | null = null;
  readonly revisions = new Set<number>();
  private readonly head: string | undefined;
  private readonly changes = new Map<number, OwedWrite>();
  private readonly captures = new Map<number, readonly number[]>();

  constructor(head?: string) {
    this.head = head?.toLowerCase();
  }

  /** Checks the next entry; false once a fault is found (the rest cannot be trusted). */
  add(entry: ChainedEntry): boolean {
    if (this.fault) return false;
    const fault = chainFault(this.last, entry);
    if (fault !== null) {
      this.fault = { message: fault, entry };
      return false;
    }
    this.last = entry;
    if (entry.Hash === this.head) this.headSeq = entry.Seq;
    for (const digest of [entry.HeadersDigest, entry.PayloadDigest])
      if (digest !== null) this.digests.add(digest);
    const detail = (entry.Detail === null ? {} : JSON.parse(entry.Detail)) as {
      changes?: number[];
    };
    if (entry.Kind === "change") {
      this.changes.set(entry.Seq, {
        seq: entry.Seq,
        revision: entry.Revision,
        at: entry.At,
        detail: entry.Detail,
      });
      if (entry.Revision !== null) {
        this.revisions.add(entry.Revision);
        this.firstRevision ??= entry.Revision;
      }
    }
    if (entry.Kind === "capture") this.captures.set(entry.Seq, detail.changes ?? []);
    if (entry.Kind === "captured" && entry.Ref !== null)
      for (const change of this.captures.get(entry.Ref) ?? []) this.changes.delete(change);
    if (entry.Kind === "gap" && entry.Ref !== null) this.changes.delete(entry.Ref);
    return true;
  }

  /** The changes that no finished capture and no gap accounts for, oldest first. */
  owed(): OwedWrite[] {
    return [...this.changes.values()];
  }
}

/** Why a stored payload no longer holds: its bytes do not have its digest. Null when it holds. */
export function payloadFault(row: {
  Digest: string;
  Coding: string;
  Bytes: Uint8Array;
}): string | null {
  let bytes: Uint8Array;
  try {
    bytes = row.Coding === "gzip" ? gunzipSync(row.Bytes) : row.Bytes;
  } catch {
    return `payload ${row.Digest} cannot be read: its stored bytes are not the gzip they were written as`;
  }
  const actual = payloadDigest(bytes);
  return actual === row.Digest
    ? null
    : `payload ${row.Digest} was changed: its bytes now have the digest ${actual}`;
}

/** An entry named for a person: its Seq, kind, address and time. */
export function describeEntry(entry: ChainedEntry): string {
  const what = entry.Url === null ? entry.Kind : `${entry.Kind} of ${entry.Url}`;
  return `entry ${entry.Seq} (${what}, ${entry.Visible ?? entry.At})`;
}
