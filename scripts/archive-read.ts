import { writeFileSync } from "node:fs";
import type { Db } from "../src/db/connect.ts";
import {
  entriesBySeq,
  urlsUnder,
  responseAt,
  responsesBetween,
  versionsOf,
  type KeptResponse,
} from "../src/db/repositories/record-reads.ts";
import { readPayload, recordHead } from "../src/db/repositories/record-repository.ts";
import { describeCause, type Cause } from "../src/record/cause.ts";
import { recordUrl } from "../src/record/url-forms.ts";

// archive list, show and head: the record read back for a person.

/** An address typed on the command line, as the record keeps it; throws when it is not one. */
function address(input: string): string {
  const url = recordUrl(input);
  if (url === null) throw new Error(`${input}: not a path or an http(s) URL on the site`);
  return url;
}

/** Each capture's causes in one line, by the capture's Seq. */
async function causesOf(db: Db, responses: readonly KeptResponse[]): Promise<Map<number, string>> {
  const captures = await entriesBySeq(
    db.kysely,
    responses.map((r) => r.capture),
  );
  const changeSeqs = new Map<number, number[]>();
  for (const [seq, capture] of captures)
    changeSeqs.set(
      seq,
      (JSON.parse(capture.Detail ?? "{}") as { changes?: number[] }).changes ?? [],
    );
  const changes = await entriesBySeq(db.kysely, [...changeSeqs.values()].flat());
  const causes = new Map<number, string>();
  for (const [seq, seqs] of changeSeqs)
    causes.set(
      seq,
      seqs
        .map((change) => {
          const detail = changes.get(change)?.Detail;
          return detail ? describeCause((JSON.parse(detail) as { cause: Cause }).cause) : "unknown";
        })
        .join("; "),
    );
  return causes;
}

/** `archive list URL`: each version of one address, with its time, status, digest and cause. */
export async function listUrl(db: Db, input: string): Promise<void> {
  const url = address(input);
  const all = await versionsOf(db.kysely, url);
  if (all.length === 0) throw await notKept(db, url);
  // A capture that found the same reply again confirms the version; it is not a new one.
  const versions: { first: KeptResponse; again: KeptResponse[] }[] = [];
  for (const response of all) {
    const last = versions.at(-1);
    if (
      last &&
      last.first.payloadDigest === response.payloadDigest &&
      last.first.status === response.status
    )
      last.again.push(response);
    else versions.push({ first: response, again: [] });
  }
  const causes = await causesOf(
    db,
    versions.map((v) => v.first),
  );
  console.log(`${url}: ${versions.length} version(s) in ${all.length} capture(s)`);
  for (const { first, again } of versions) {
    console.log(
      `${first.visible}  ${first.status}  ${first.payloadDigest}  revision ${first.revision}  ${causes.get(first.capture) ?? ""}`,
    );
    if (again.length > 0)
      console.log(
        `    kept again unchanged ${again.length} time(s), the last at ${again.at(-1)!.visible}`,
      );
  }
}

/** `archive list --from --to`: every reply kept in the window, site-wide. */
export async function listRange(db: Db, from: string, to: string): Promise<void> {
  const responses = await responsesBetween(db.kysely, from, to);
  const causes = await causesOf(db, responses);
  console.log(`${responses.length} kept repl(ies) from ${from} to ${to}`);
  for (const r of responses)
    console.log(
      `${r.visible}  ${r.status}  ${r.url}  ${r.payloadDigest}  revision ${r.revision}  ${causes.get(r.capture) ?? ""}`,
    );
}

/**
 * `archive show URL --at TIME`: the body a visitor got at that instant (to standard output, or
 * to `out`), or with `isHead` its status line and headers. Before the address's first version:
 * an error saying when that was.
 */
export async function show(
  db: Db,
  input: string,
  at: string,
  { out, isHead }: { out?: string; isHead: boolean },
): Promise<void> {
  const url = address(input);
  const response = await responseAt(db.kysely, url, at);
  if (response === null) {
    const first = (await versionsOf(db.kysely, url))[0];
    if (first === undefined) throw await notKept(db, url);
    throw new Error(`${url} has no version at ${at}: its first is from ${first.visible}`);
  }
  const digest = isHead ? response.headersDigest : response.payloadDigest;
  const bytes = await readPayload(db.kysely, digest);
  if (bytes === null)
    throw new Error(`the record lacks payload ${digest}: run npm run archive -- verify`);
  if (out !== undefined) writeFileSync(out, bytes);
  else process.stdout.write(bytes);
}

/**
 * The error for an address the record does not keep, naming the ones it keeps under the same
 * path (an API reply is kept under its query exactly as the widget asks, percent-encoding
 * included, and `,` is not `%2C`).
 */
async function notKept(db: Db, url: string): Promise<Error> {
  const path = url.split("?")[0]!;
  const near = await urlsUnder(db.kysely, path);
  return new Error(
    `the record holds no version of ${url}` +
      (near.length === 0 || (near.length === 1 && near[0] === url)
        ? ""
        : `; under ${path} it keeps:\n${near.join("\n")}`),
  );
}

/** `archive head`: the record's head, to file elsewhere (verify --head checks it later). */
export async function printHead(db: Db): Promise<void> {
  const head = await recordHead(db.kysely);
  console.log(`head ${head.seq} ${head.hash}`);
}
