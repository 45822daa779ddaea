import type { Db } from "../../db/connect.ts";
import { capturedThrough, knownUrls, owedChanges } from "../../db/repositories/record-index.ts";
import type { Cause } from "../../record/cause.ts";
import { canonicalJson, entry, payloadDigest, type ChainedEntry } from "../../record/chain.ts";
import { discover } from "../../record/discover.ts";
import {
  addressesToCapture,
  isPublication,
  replyTags,
  supersededChanges,
  type OwedChange,
} from "../../record/touched.ts";
import { recordUrl } from "../../record/url-forms.ts";
import { requestAsWidget, WIDGET_IDS } from "../../record/widget-requests.ts";
import { withSnapshot, type AskSite, type CaptureSite, type SiteReply } from "./capture-app.ts";
import type { SyncHold } from "../hooks/sync-hold.ts";
import { CaptureWriter, now } from "./capture-writer.ts";

// One capture: the changes still owed one, rendered from one snapshot of the content by the
// site's own app, and appended to the record. It keeps what the changes touched (by cache tag),
// what those replies lead to that the record does not keep yet (a new deal's page from the
// sitemap, the next page of a list, an asset), and what the widgets on those pages request.
// A reply the site fails to render fails the capture, which is tried again; the last try
// records what it could not keep as a gap.

/** What a capture needs: the database (for the record), a connection for its snapshot, the site. */
export interface CaptureDeps {
  db: Db;
  snapshotDb: Db;
  site: CaptureSite;
  /** The build's id (build-id.ts), and its files' addresses for a full capture. */
  build: { id: string; files: () => string[] };
  /** Who captures (host, process, command), for the capture's entry. */
  by: string;
  /** Held while this instance publishes: the capture pauses between addresses (sync-hold.ts). */
  hold?: SyncHold;
}

/** What one capture did. */
export interface CaptureReport {
  capture: number;
  revision: number;
  changes: number;
  full: boolean;
  responses: number;
  payloads: number;
  storedBytes: number;
  rawBytes: number;
  /** The bytes of every reply kept, whether or not its payloads were new. */
  keptBytes: number;
  gaps: number;
  seconds: number;
  head: { seq: number; hash: string };
}

/** Thrown when replies failed to render: the capture is tried again. */
export class CaptureFailedError extends Error {
  override name = "CaptureFailedError";
  readonly failures: { url: string; reason: string }[];
  constructor(failures: { url: string; reason: string }[]) {
    super(
      `${failures.length} address(es) failed to render: ${failures
        .slice(0, 5)
        .map((f) => `${f.url} (${f.reason})`)
        .join(", ")}`,
    );
    this.failures = failures;
  }
}

/**
 * Captures every change still owed a capture, as one capture at the snapshot's revision; null
 * when none is owed. `isLastTry`: replies that fail are recorded as a gap rather than thrown.
 * `signal` stops it between two addresses (the site is stopping): the change stays owed.
 */
export async function captureOwed(
  deps: CaptureDeps,
  { isLastTry = false, signal }: { isLastTry?: boolean; signal?: AbortSignal } = {},
): Promise<CaptureReport | null> {
  const started = performance.now();
  const through = await capturedThrough(deps.db.kysely);
  if ((await owedChanges(deps.db.kysely, through)).length === 0) return null;
  // The snapshot is taken at once, whatever holds: a change's version is fixed by it, and a
  // capture that waited for the next sync would find that write in it too, and keep this one's
  // pages only as the next change left them. The pauses come between addresses.
  const pause = deps.hold?.pauses({ signal }) ?? (async () => {});
  return withSnapshot(deps.snapshotDb, deps.site, async (revision, ask, snapshot) => {
    // The snapshot's own view: a change committed after it began waits for the next capture.
    const owed = (await owedChanges(snapshot, through)).map(owedChange);
    if (owed.length === 0) return null;
    const known = await knownUrls(deps.db.kysely);
    const { full, urls } = addressesToCapture(owed, known);
    const visible = owed.reduce((at, change) => (change.at > at ? change.at : at), owed[0]!.at);
    const origin = new URL(deps.site.config.SITE_URL).origin;
    const writer = new CaptureWriter(deps.db, {
      revision,
      visible,
      detail: canonicalJson({
        changes: owed.map((change) => change.seq),
        origin,
        build: deps.build.id,
        full,
        by: deps.by,
      }),
    });
    const failures = await crawl({
      ask,
      writer,
      origin,
      start: full ? [...urls, ...deps.build.files()] : urls,
      // An address whose last answer was an error (a removed page) is kept anew once something
      // leads to it again (the deal is published again).
      known: new Set(known.filter((kept) => kept.status < 400).map((kept) => kept.url)),
      full,
      signal,
      pause,
    });
    if (failures.length > 0 && !isLastTry) throw new CaptureFailedError(failures);
    const superseded = supersededChanges(owed);
    const last = owed.at(-1)!.seq;
    const closing = await writer.close((captureSeq) => [
      ...superseded.map(({ change, by }) =>
        entry("gap", now(), {
          Revision: change.revision,
          Ref: change.seq,
          Detail: canonicalJson({
            through: change.seq,
            reason: `superseded: revision ${by.revision} (change ${by.seq}) changed the same pages before this change was captured, so they were kept as revision ${by.revision} left them`,
          }),
        }),
      ),
      ...(failures.length === 0
        ? []
        : [
            entry("gap", now(), {
              Revision: revision,
              Ref: captureSeq,
              Detail: canonicalJson({
                through: last,
                reason: `${failures.length} address(es) could not be rendered after every try`,
                failures,
              }),
            }),
          ]),
      entry("captured", now(), {
        Revision: revision,
        Ref: captureSeq,
        Detail: canonicalJson({
          through: last,
          responses: writer.responses,
          payloads: writer.stored.payloads,
          storedBytes: writer.stored.storedBytes,
          seconds: Math.round(performance.now() - started) / 1000,
        }),
      }),
    ]);
    const end = closing.at(-1) as ChainedEntry;
    return {
      capture: Number(end.Ref),
      revision,
      changes: owed.length,
      full,
      responses: writer.responses,
      payloads: writer.stored.payloads,
      storedBytes: writer.stored.storedBytes,
      rawBytes: writer.stored.rawBytes,
      keptBytes: writer.keptBytes,
      gaps: superseded.length + (failures.length > 0 ? 1 : 0),
      seconds: (performance.now() - started) / 1000,
      head: { seq: end.Seq, hash: end.Hash },
    };
  });
}

interface Crawl {
  ask: AskSite;
  writer: CaptureWriter;
  origin: string;
  start: readonly string[];
  known: ReadonlySet<string>;
  full: boolean;
  signal?: AbortSignal;
  /** Awaited before each address is rendered. */
  pause: () => Promise<void>;
}

/**
 * Renders the addresses to keep, and those their replies lead to that are not kept yet (all of
 * them in a full capture), once each; appends each reply. Returns the addresses that failed.
 * A body already read at the same path (`/transactions?industry=…` is `/transactions`, its query
 * read in the browser) leads to the same addresses and widget requests: it is not read again.
 */
async function crawl({ ask, writer, origin, start, known, full, signal, pause }: Crawl) {
  const queue = [...start];
  const done = new Map<string, SiteReply | null>();
  const read = new Set<string>();
  const failures: { url: string; reason: string }[] = [];
  /** Renders and keeps one address, once; null when it is not kept (a search) or failed. */
  const keep = async (url: string, accept?: string): Promise<SiteReply | null> => {
    if (done.has(url)) return done.get(url)!;
    done.set(url, null);
    await pause();
    let reply: SiteReply;
    try {
      reply = await ask(url, accept);
    } catch (error) {
      failures.push({ url, reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
    if (reply.status >= 500) {
      failures.push({ url, reason: `answered ${reply.status}` });
      return null;
    }
    const tags = replyTags(reply.headers);
    if (!isPublication(tags)) return null;
    done.set(url, reply);
    await writer.add(url, reply, tags);
    return reply;
  };
  const fetcher = widgetFetcher(origin, keep);
  for (let next = 0; next < queue.length; next += 1) {
    signal?.throwIfAborted();
    const url = queue[next]!;
    if (done.has(url)) continue;
    const reply = await keep(url);
    if (reply === null || reply.status >= 300) continue;
    const target = new URL(url, origin);
    const body = `${target.pathname} ${payloadDigest(reply.body)}`;
    if (read.has(body)) continue;
    read.add(body);
    const found = discover(
      target.href,
      reply.headers["content-type"] ?? "",
      reply.body.toString("utf8"),
      WIDGET_IDS,
    );
    for (const address of [...found.pages, ...found.assets])
      if (full || !known.has(address)) queue.push(address);
    for (const widget of found.widgets)
      await requestAsWidget(widget.id, widget.attributes, target.href, fetcher);
  }
  return failures;
}

/** A fetch for the widgets' code that asks the site itself, keeping each reply. */
function widgetFetcher(
  origin: string,
  keep: (url: string, accept?: string) => Promise<SiteReply | null>,
): typeof fetch {
  return async (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, origin);
    const address = recordUrl(url.href);
    // Another service's data (a placeholder pointed elsewhere) is not the site's to keep.
    if (url.origin !== origin || address === null) return new Response(null, { status: 502 });
    const accept = new Headers(init?.headers).get("accept") ?? undefined;
    const reply = await keep(address, accept);
    if (reply === null) return new Response(null, { status: 502 });
    return new Response(new Uint8Array(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  };
}

/** A change entry as a capture reads it. */
function owedChange(row: ChainedEntry): OwedChange {
  const detail = JSON.parse(row.Detail ?? "{}") as { cause: Cause; tags?: string[] };
  return {
    seq: Number(row.Seq),
    revision: Number(row.Revision ?? 0),
    at: row.At,
    cause: detail.cause,
    tags: detail.tags ?? [],
  };
}
