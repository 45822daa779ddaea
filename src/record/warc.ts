import { WARC_1_1, WARCRecord, WARCSerializer } from "warcio";
import type { HttpHead } from "./http-block.ts";

// WARC 1.1 records (ISO 28500:2017), written with webrecorder's warcio: one gzip member per
// record, as replay tools read them record by record. A reply seen for the first time in a file
// is a `response` (its HTTP head and body, with WARC-Payload-Digest and WARC-Block-Digest
// computed by warcio as SHA-256); one whose body the file already holds is a `revisit` of the
// identical-payload-digest profile, naming the record it repeats (WARC-Refers-To-Target-URI and
// WARC-Refers-To-Date), which must be in the same file.

/** WARC-Date: ISO 8601 in UTC; WARC 1.1 allows the fraction of a second the record keeps. */
export type WarcDate = string;

/** The file's first record: what made it and what it holds. */
export function warcinfo(filename: string, fields: Record<string, string>): Promise<Uint8Array> {
  const record = WARCRecord.createWARCInfo({ filename, warcVersion: WARC_1_1 }, fields);
  return WARCSerializer.serialize(record, { gzip: true });
}

/** A reply as a `response` record. */
export function responseRecord(
  target: string,
  date: WarcDate,
  head: HttpHead,
  body: Uint8Array,
): Promise<Uint8Array> {
  const record = WARCRecord.create(
    {
      url: target,
      date,
      type: "response",
      warcVersion: WARC_1_1,
      statusline: `HTTP/1.1 ${head.status} ${head.reason}`,
      httpHeaders: head.headers,
    },
    [body],
  );
  return WARCSerializer.serialize(record, { gzip: true });
}

/** A reply whose body the file already holds, as a `revisit` of that record. */
export function revisitRecord(
  target: string,
  date: WarcDate,
  head: HttpHead,
  digest: string,
  refersTo: { target: string; date: WarcDate },
): Promise<Uint8Array> {
  const record = WARCRecord.create(
    {
      url: target,
      date,
      type: "revisit",
      warcVersion: WARC_1_1,
      statusline: `HTTP/1.1 ${head.status} ${head.reason}`,
      httpHeaders: head.headers,
      refersToUrl: refersTo.target,
      refersToDate: refersTo.date,
      warcHeaders: { "WARC-Payload-Digest": digest },
    },
    [],
  );
  return WARCSerializer.serialize(record, { gzip: true });
}
