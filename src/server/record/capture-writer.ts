import type { Db } from "../../db/connect.ts";
import { noteKnownUrls } from "../../db/repositories/record-index.ts";
import {
  appendToRecord,
  type NewPayload,
  type Stored,
} from "../../db/repositories/record-repository.ts";
import { entry, payloadDigest, type ChainedEntry, type EntryFields } from "../../record/chain.ts";
import { headBlock } from "../../record/http-block.ts";
import type { SiteReply } from "./capture-app.ts";

// Appends one capture to the record a batch at a time, so that a capture of tens of thousands
// of addresses holds the write lock only for short transactions, and the site's writes and
// other appends go in between. The capture's first entry opens it; its responses follow, each
// naming its header block and its body by digest; its end closes it.

/** Responses appended together, at most. */
const BATCH_RESPONSES = 100;
/** Bytes of new payloads held before a batch is appended. */
const BATCH_BYTES = 8 * 1024 * 1024;

/** What a capture's first entry says. */
export interface CaptureOpening {
  revision: number;
  visible: string;
  detail: string;
}

interface Pending {
  url: string;
  reply: SiteReply;
  tags: readonly string[];
}

/** A capture being appended. */
export class CaptureWriter {
  private pending: Pending[] = [];
  private pendingBytes = 0;
  private captureSeq: number | null = null;
  readonly stored: Stored = { payloads: 0, storedBytes: 0, rawBytes: 0 };
  responses = 0;
  /** The bytes of every reply kept (header blocks and bodies), stored anew or not. */
  keptBytes = 0;

  private readonly db: Db;
  private readonly opening: CaptureOpening;

  constructor(db: Db, opening: CaptureOpening) {
    this.db = db;
    this.opening = opening;
  }

  /** Adds a reply to the capture; appends a batch when enough are waiting. */
  async add(url: string, reply: SiteReply, tags: readonly string[]): Promise<void> {
    this.pending.push({ url, reply, tags });
    this.pendingBytes += reply.body.length;
    if (this.pending.length >= BATCH_RESPONSES || this.pendingBytes >= BATCH_BYTES)
      await this.flush();
  }

  /** Appends what waits, then `closing` (gaps and the capture's end), given the capture's Seq. */
  async close(closing: (captureSeq: number) => EntryFields[]): Promise<ChainedEntry[]> {
    return this.flush(closing);
  }

  private async flush(closing?: (captureSeq: number) => EntryFields[]): Promise<ChainedEntry[]> {
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const payloads: NewPayload[] = [];
    const rows = batch.map(({ url, reply, tags }) => {
      const head = Buffer.from(headBlock(reply.status, reply.headers));
      const headers = { digest: payloadDigest(head), bytes: head };
      const body = { digest: payloadDigest(reply.body), bytes: reply.body };
      payloads.push(headers, body);
      this.keptBytes += head.length + reply.body.length;
      return { url, status: reply.status, tags, headers: headers.digest, body: body.digest };
    });
    const { revision, visible } = this.opening;
    const { entries, stored } = await appendToRecord(this.db, payloads, async (tx, nextSeq) => {
      const opening =
        this.captureSeq === null
          ? [
              entry("capture", now(), {
                Revision: revision,
                Visible: visible,
                Detail: this.opening.detail,
              }),
            ]
          : [];
      const captureSeq = this.captureSeq ?? nextSeq;
      const responses = rows.map((row) =>
        entry("response", now(), {
          Revision: revision,
          Ref: captureSeq,
          Url: row.url,
          Visible: visible,
          Status: row.status,
          HeadersDigest: row.headers,
          PayloadDigest: row.body,
        }),
      );
      const first = nextSeq + opening.length;
      await noteKnownUrls(
        tx,
        rows.map((row, i) => ({
          url: row.url,
          tags: row.tags,
          status: row.status,
          seq: first + i,
        })),
      );
      return [...opening, ...responses, ...(closing?.(captureSeq) ?? [])];
    });
    this.captureSeq ??= entries[0]!.Seq;
    this.responses += rows.length;
    this.stored.payloads += stored.payloads;
    this.stored.storedBytes += stored.storedBytes;
    this.stored.rawBytes += stored.rawBytes;
    return entries;
  }
}

/** The time an entry is made, as the record writes times: ISO 8601, UTC, milliseconds. */
export const now = () => new Date().toISOString();
