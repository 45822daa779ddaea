import { closeSync, openSync, writeSync } from "node:fs";
import { basename } from "node:path";
import type { Db } from "../src/db/connect.ts";
import {
  entriesBySeq,
  responsesBetween,
  stateAt,
  type KeptResponse,
} from "../src/db/repositories/record-reads.ts";
import { readPayload, recordHead } from "../src/db/repositories/record-repository.ts";
import { parseHeadBlock } from "../src/record/http-block.ts";
import { targetUri } from "../src/record/url-forms.ts";
import { responseRecord, revisitRecord, warcinfo } from "../src/record/warc.ts";

/**
 * `archive export --from --to --out FILE.warc.gz`: WARC 1.1 that replays on its own: what every
 * kept address answered at `from` (pages, API replies, assets), then every version kept up to
 * `to`, each at its capture's time (WARC-Date). A body seen before in the file is a revisit of
 * that record.
 */
export async function exportWarc(db: Db, from: string, to: string, out: string): Promise<void> {
  if (to < from) throw new Error(`--to ${to} is before --from ${from}`);
  const started = performance.now();
  const replies = [
    ...(await stateAt(db.kysely, from)),
    ...(await responsesBetween(db.kysely, from, to)),
  ];
  const origins = await originsOf(db, replies);
  const head = await recordHead(db.kysely);
  const file = openSync(out, "w");
  const counts = { responses: 0, revisits: 0 };
  try {
    writeSync(
      file,
      await warcinfo(basename(out), {
        software: "halvorsen-ridge-site npm run archive -- export",
        format: "WARC File Format 1.1",
        conformsTo:
          "http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
        description: `what the site published, as it was at ${from} and as it changed up to ${to}`,
        "record-head": `${head.seq} ${head.hash}`,
      }),
    );
    const written = new Map<string, { target: string; date: string }>();
    for (const reply of replies) {
      const target = targetUri(origins.get(reply.capture) ?? "http://localhost", reply.url);
      const headBytes = await readPayload(db.kysely, reply.headersDigest);
      if (headBytes === null) throw new Error(`the record lacks payload ${reply.headersDigest}`);
      const httpHead = parseHeadBlock(headBytes.toString("utf8"));
      const first = written.get(reply.payloadDigest);
      if (first !== undefined) {
        writeSync(
          file,
          await revisitRecord(target, reply.visible, httpHead, reply.payloadDigest, first),
        );
        counts.revisits += 1;
        continue;
      }
      const body = await readPayload(db.kysely, reply.payloadDigest);
      if (body === null) throw new Error(`the record lacks payload ${reply.payloadDigest}`);
      writeSync(file, await responseRecord(target, reply.visible, httpHead, body));
      written.set(reply.payloadDigest, { target, date: reply.visible });
      counts.responses += 1;
    }
  } finally {
    closeSync(file);
  }
  console.log(
    `wrote ${out}: ${counts.responses} responses and ${counts.revisits} revisits in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The site's origin each capture kept its replies under, by the capture's Seq. */
async function originsOf(db: Db, replies: readonly KeptResponse[]): Promise<Map<number, string>> {
  const captures = await entriesBySeq(
    db.kysely,
    replies.map((reply) => reply.capture),
  );
  return new Map(
    [...captures].map(([seq, capture]) => [
      seq,
      (JSON.parse(capture.Detail ?? "{}") as { origin?: string }).origin ?? "http://localhost",
    ]),
  );
}
