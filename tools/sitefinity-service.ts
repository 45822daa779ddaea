import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { PNG } from "pngjs";
import type { ContentFile } from "../src/content/content-file.ts";
import { answerList, type ODataAnswer } from "../src/widgets/shared/test-odata.ts";
import {
  INDUSTRIES_FIELD,
  PHOTO_FIELD,
  DEAL_TEAM_FIELD,
  sitefinityInstant,
  sitefinitySets,
  type SetUp,
} from "./sitefinity-content.ts";

export * from "./sitefinity-content.ts";

// A stand-in for the firm's real Sitefinity web services, built from Sitefinity's documented
// behaviour, for the widgets' end-to-end tests, the sync's tests and its
// benchmark: a service at its own route (`/api/firm`) on its own origin, the content of
// sitefinity-content.ts, classification fields only when `$select` names them, server paging with
// an absolute `@odata.nextLink` every 50 rows, CORS for the allowed origins, the images its HTML
// points at (one picture for every address, unless a test says what an address answers: a real
// photograph, a replaced one, a 404, an SVG, a page, a body without end, a bomb), and a second service (`/api/members`) that refuses anonymous callers with 401. With
// an access key it is that kind of service itself: 401 without `X-SF-Access-Key`, 403 for a set
// the key's user may not read; shared content blocks (`contentitems`, by key or by Title) when
// asked. A test edits, adds and removes items between syncs, holds or
// fails requests, and counts the whole items it served. An edit or a removal may be served late,
// as Sitefinity's output cache serves an item's old copy for a while after it is published. Only what the widgets and the sync send
// is understood; anything else is a 501, so a client that asks differently fails loudly.

export const SERVICE_ROUTE = "/api/firm";
export const PRIVATE_ROUTE = "/api/members";
export const PAGE_SIZE = 50;

type Row = Record<string, unknown>;

/** How long a change goes unseen: the old copy is served for `forMs` after it. */
export interface Late {
  forMs: number;
}

export interface ServiceOptions extends SetUp {
  /** Origins that get CORS headers, as the service's allow-list in Sitefinity. */
  allowedOrigins?: () => readonly string[];
  /** When set, the service is open only to this key's user (`X-SF-Access-Key`). */
  accessKey?: string;
  /** Waited before each answer: a round trip to a real server. */
  latencyMs?: number;
  /** Rows per reply before `@odata.nextLink`. */
  pageSize?: number;
}

/** How the service answers one image address (its path, `/images/…`, the query aside). */
export type ImageAnswer =
  | { bytes: Uint8Array; type: string }
  | { status: number }
  /** A body of this many bytes, sent in 64 KiB chunks without a Content-Length. */
  | { streamedBytes: number };

export interface SitefinityService {
  /** `http://localhost:PORT`: another origin than the site's `127.0.0.1` and the host page's. */
  origin: string;
  /** The firm's service root: `origin` + SERVICE_ROUTE. */
  base: string;
  /** Every request it was sent, as `METHOD path?query` (decoded). */
  requests: string[];
  /** Whole items served from a set: rows of replies that asked for more than Id and LastModified. */
  wholeItems(set: string): number;
  /** A set's items as the service holds them now. */
  items(set: string): readonly Row[];
  /**
   * Saves an item as an editor does: the changed fields and a new LastModified. With `late`, the
   * service goes on answering with the old copy for that long, as an output cache does.
   */
  edit(set: string, id: string, changes: Row, late?: Late): void;
  add(set: string, item: Row): void;
  /** Removes an item (unpublished or deleted); with `late`, its old copy is served for a while. */
  remove(set: string, id: string, late?: Late): void;
  /** While on, requests get no answer at all: a service that hangs. */
  setHanging(isHanging: boolean): void;
  /** The next `count` requests answer `status`, as a server failing for a moment. */
  failNext(count: number, status: number): void;
  /** Requests for this set answer 403: the key's user may not read it. */
  forbid(set: string): void;
  /** What requests for an image path (`/images/…`) answer from now on. */
  serveImage(path: string, answer: ImageAnswer): void;
  /** Body bytes written for an image path so far (a download stopped early wrote fewer). */
  imageBytesSent(path: string): number;
  close(): Promise<void>;
}

const UNAUTHORIZED: ODataAnswer = {
  status: 401,
  body: {
    error: { code: "Unauthorized", message: "Authorization has been denied for this request." },
  },
};

function send(response: ServerResponse, status: number, body: unknown, origin: string | null) {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "odata-version": "4.0",
    ...(origin ? { "access-control-allow-origin": origin, vary: "Origin" } : {}),
  });
  response.end(JSON.stringify(body));
}

/** One item by its key (`contentitems(<id>)`), with the fields `$select` names: OData's entity reply. */
function answerItem(rows: readonly Row[] | undefined, key: string, url: URL): ODataAnswer {
  const notFound = (message: string) => ({
    status: 404,
    body: { error: { code: "NotFound", message } },
  });
  if (rows === undefined) return notFound("No such entity set.");
  const row = rows.find((r) => String(r.Id).toLowerCase() === key.toLowerCase());
  if (row === undefined) return notFound(`No item with the key ${key}.`);
  const fields = (url.searchParams.get("$select") ?? "*").split(",").map((f) => f.trim());
  const set = url.pathname.split("/").at(-1)!.replace(/\(.*$/, "");
  return {
    status: 200,
    body: {
      "@odata.context": `${url.origin}${SERVICE_ROUTE}/$metadata#${set}/$entity`,
      ...Object.fromEntries(
        Object.entries(row).filter(([name]) => fields.includes("*") || fields.includes(name)),
      ),
    },
  };
}

/** The picture every image address of the service answers with: 320 × 180, one colour. */
const picture = (() => {
  const png = new PNG({ width: 320, height: 180 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([31, 78, 121, 255], i);
  return PNG.sync.write(png);
})();

/** Starts the service over `content`, shaped as sitefinity-content.ts says. */
export async function startSitefinityService(
  content: ContentFile,
  options: ServiceOptions = {},
): Promise<SitefinityService> {
  const sets = sitefinitySets(content, options);
  const requests: string[] = [];
  const served = new Map<string, number>();
  const forbidden = new Set<string>();
  const images = new Map<string, ImageAnswer>();
  const imageBytes = new Map<string, number>();
  const held: ServerResponse[] = [];
  let isHanging = false;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let lastSave = 0;
  let origin = "";
  // Old copies an output cache still serves, by set and Id, until a time.
  const late = new Map<string, { set: string; id: string; row: Row; until: number }>();
  /** The sets as the service answers now: its rows, with the old copies still served in place. */
  const servedSets = (): Record<string, Row[]> => {
    const now = Date.now();
    for (const [key, copy] of late) if (copy.until <= now) late.delete(key);
    if (late.size === 0) return sets;
    const view = { ...sets };
    for (const { set, id, row } of late.values()) {
      const rows = view[set] === sets[set] ? [...(sets[set] ?? [])] : view[set]!;
      const index = rows.findIndex((r) => r.Id === id);
      if (index >= 0) rows[index] = row;
      else rows.push(row);
      view[set] = rows;
    }
    return view;
  };
  const keepOld = (set: string, id: string, row: Row, delay?: Late) => {
    if (delay) late.set(`${set}\n${id}`, { set, id, row, until: Date.now() + delay.forMs });
  };

  const answer = (request: IncomingMessage): ODataAnswer => {
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname.startsWith(`${PRIVATE_ROUTE}/`)) return UNAUTHORIZED;
    if (options.accessKey !== undefined && request.headers["x-sf-access-key"] !== options.accessKey)
      return UNAUTHORIZED;
    const set = decodeURIComponent(url.pathname.split("/").at(-1) ?? "");
    if (forbidden.has(set))
      return { status: 403, body: { error: { code: "Forbidden", message: "Access denied." } } };
    const keyed = /^([A-Za-z_]\w*)\(([^)]*)\)$/.exec(set);
    const reply = keyed
      ? answerItem(servedSets()[keyed[1]!], keyed[2]!, url)
      : answerList(url, {
          base: `${origin}${SERVICE_ROUTE}`,
          sets: servedSets(),
          classificationFields: [INDUSTRIES_FIELD, "Tags", "Industries"],
          relatedFields: [PHOTO_FIELD, DEAL_TEAM_FIELD],
          pageSize: options.pageSize ?? PAGE_SIZE,
        });
    const fields = (url.searchParams.get("$select") ?? "*").split(",").map((f) => f.trim());
    const isWhole = fields.some((f) => f !== "Id" && f !== "LastModified");
    const rows = keyed ? [reply.body] : (reply.body as { value?: unknown[] }).value;
    const name = keyed ? keyed[1]! : set;
    if (isWhole && reply.status === 200 && rows)
      served.set(name, (served.get(name) ?? 0) + rows.length);
    return reply;
  };

  const answerImage = (path: string, response: ServerResponse) => {
    const answer = images.get(path) ?? { bytes: picture, type: "image/png" };
    const count = (n: number) => imageBytes.set(path, (imageBytes.get(path) ?? 0) + n);
    if ("status" in answer) {
      response.writeHead(answer.status, { "content-type": "text/html" }).end("Not found");
    } else if ("bytes" in answer) {
      count(answer.bytes.length);
      response.writeHead(200, { "content-type": answer.type }).end(answer.bytes);
    } else {
      response.writeHead(200, { "content-type": "image/jpeg" });
      const block = Buffer.alloc(64 * 1024, 0xff);
      let left = answer.streamedBytes;
      const write = () => {
        while (left > 0 && !response.destroyed) {
          const part = block.subarray(0, Math.min(block.length, left));
          left -= part.length;
          count(part.length);
          if (!response.write(part)) return void response.once("drain", write);
        }
        if (!response.destroyed) response.end();
      };
      write();
    }
  };

  const server = createServer((request, response) => {
    requests.push(`${request.method} ${decodeURIComponent(request.url ?? "")}`);
    if (isHanging) {
      held.push(response);
      return;
    }
    const from = request.headers.origin ?? null;
    const allowed = from !== null && options.allowedOrigins?.().includes(from) ? from : null;
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...(allowed
          ? { "access-control-allow-origin": allowed, "access-control-allow-headers": "Accept" }
          : {}),
      });
      response.end();
      return;
    }
    const reply = () => {
      if (request.url?.startsWith("/images/")) {
        answerImage(new URL(request.url, origin).pathname, response);
        return;
      }
      if (failures.count > 0) {
        failures.count--;
        send(response, failures.status, { error: { code: "Failed", message: "Try again." } }, null);
        return;
      }
      const { status, body } = answer(request);
      send(response, status, body, allowed);
    };
    if (options.latencyMs) setTimeout(reply, options.latencyMs);
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;

  const setOf = (set: string) => {
    const rows = sets[set];
    if (!rows) throw new Error(`the service has no set ${set}`);
    return rows;
  };
  const indexOf = (set: string, id: string) => {
    const index = setOf(set).findIndex((row) => row.Id === id);
    if (index < 0) throw new Error(`${set} has no item ${id}`);
    return index;
  };
  /** A save's time as Sitefinity writes it, always later than the previous one. */
  const saved = () => {
    lastSave = Math.max(Date.now(), lastSave + 1);
    return sitefinityInstant(new Date(lastSave).toISOString(), 1);
  };
  return {
    origin,
    base: `${origin}${SERVICE_ROUTE}`,
    requests,
    wholeItems: (set) => served.get(set) ?? 0,
    items: (set) => setOf(set),
    edit(set, id, changes, delay) {
      const rows = setOf(set);
      const index = indexOf(set, id);
      keepOld(set, id, rows[index]!, delay);
      rows[index] = { ...rows[index], ...changes, LastModified: saved() };
    },
    add: (set, item) => void setOf(set).push({ ...item, LastModified: saved() }),
    remove(set, id, delay) {
      const [row] = setOf(set).splice(indexOf(set, id), 1);
      keepOld(set, id, row!, delay);
    },
    setHanging(on) {
      isHanging = on;
    },
    failNext(count, status) {
      failures = { count, status };
    },
    forbid: (set) => void forbidden.add(set),
    serveImage: (path, answer) => void images.set(path, answer),
    imageBytesSent: (path) => imageBytes.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
