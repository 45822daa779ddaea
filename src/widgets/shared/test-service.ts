// Test-only: a stand-in for a Sitefinity-shaped web service behind `fetch`, the widgets' network
// boundary. It answers as Sitefinity's OData services do where the widgets rely on it:
// classification fields only when `$select` names them, `$filter=TaxonomyId eq <guid>`,
// `$orderby=Date desc`, and optional server paging with `@odata.nextLink`.
import { vi } from "vitest";
import { readConfig, type WidgetConfig } from "./config.ts";

type Row = Readonly<Record<string, unknown>>;

/** One answer of the service, or a failure to reach it. */
export type Reply = Response | Error;

/** Intercepts a set's calls: `answer()` is what the service itself would send. */
export type Intercept = (url: URL, answer: () => Response) => Reply | Promise<Reply>;

/** Entity sets by name. */
export type Sets = Readonly<Record<string, readonly Row[]>>;

export interface ServiceOptions {
  /** The service root; by default /api/default on the test page's origin. */
  base?: string;
  /** Entity sets by name; `taxonomies` is TAXONOMIES unless given. */
  sets: Sets;
  /** Fields sent only when `$select` names them. */
  classificationFields?: readonly string[];
  /** Rows per page; past it a reply carries `@odata.nextLink`. */
  pageSize?: number;
  /** Per set: replaces or holds back its answers. */
  intercept?: Readonly<Record<string, Intercept>>;
}

export const TAGS_TAXONOMY_ID = "cb0f3a19-a211-48a7-88ec-77495c0f5374";
export const INDUSTRIES_TAXONOMY_ID = "d4f9c1e2-7a3b-4c5d-8e6f-0a1b2c3d4e5f";

/** The built-in `taxonomies` set as the firm's site has it: Tags (flat), industries (hierarchy). */
export const TAXONOMIES = [
  {
    Id: TAGS_TAXONOMY_ID,
    Name: "Tags",
    Title: "Tags",
    TaxaUrl: "flat-taxa",
    TaxonName: "Tag",
    Type: 0,
  },
  {
    Id: INDUSTRIES_TAXONOMY_ID,
    Name: "industries",
    Title: "Industries",
    TaxaUrl: "hierarchy-taxa",
    TaxonName: "Industry",
    Type: 1,
  },
];

/** A JSON reply. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

const odataError = (status: number, message: string) =>
  json({ error: { code: status === 404 ? "NotFound" : "BadRequest", message } }, status);

/** The service's own answer for a request. */
function answer(url: URL, base: string, options: ServiceOptions): Response {
  if (!url.href.startsWith(`${base}/`)) return odataError(404, `no service at ${url.pathname}`);
  const set = decodeURIComponent(url.pathname.slice(new URL(base).pathname.length + 1));
  const rows = Object.hasOwn(options.sets, set) ? options.sets[set] : undefined;
  if (rows === undefined) return odataError(404, `no entity set '${set}'`);
  const params = url.searchParams;
  let selected = [...rows];
  const filter = params.get("$filter");
  if (filter !== null) {
    const m = /^TaxonomyId eq ([0-9a-f-]{36})$/i.exec(filter);
    if (!m) return odataError(400, `the test service cannot filter by ${filter}`);
    selected = selected.filter((r) => String(r.TaxonomyId).toLowerCase() === m[1]!.toLowerCase());
  }
  if (params.get("$orderby") === "Date desc") {
    selected.sort((a, b) =>
      String(a.Date) < String(b.Date) ? 1 : String(a.Date) > String(b.Date) ? -1 : 0,
    );
  }
  const skip = Number(params.get("$skip") ?? 0);
  const pageSize = options.pageSize ?? Number.POSITIVE_INFINITY;
  const page = selected.slice(skip, skip + pageSize);
  const classification = options.classificationFields ?? ["industries", "Tags"];
  const fields = (params.get("$select") ?? "*").split(",").map((f) => f.trim());
  const project = (row: Row) =>
    Object.fromEntries(
      Object.entries(row).filter(
        ([name]) =>
          fields.includes(name) || (fields.includes("*") && !classification.includes(name)),
      ),
    );
  const next = new URL(url);
  next.searchParams.set("$skip", String(skip + pageSize));
  return json({
    "@odata.context": `${base}/$metadata#${set}`,
    value: page.map(project),
    ...(skip + pageSize < selected.length ? { "@odata.nextLink": next.href } : {}),
  });
}

/**
 * Replaces `fetch` with the service. Returns the decoded URLs requested and the stub. Honours
 * abort signals as a browser does (StrictMode aborts the first load).
 */
export function stubService(given: ServiceOptions) {
  const options = { ...given, sets: { taxonomies: TAXONOMIES, ...given.sets } };
  const base = (options.base ?? `${window.location.origin}/api/default`).replace(/\/$/, "");
  const requests: string[] = [];
  const stub = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), window.location.href);
    requests.push(decodeURIComponent(url.href));
    const signal = init?.signal;
    const set = decodeURIComponent(url.pathname.split("/").at(-1) ?? "");
    const intercept = options.intercept?.[set];
    const own = () => answer(url, base, options);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      Promise.resolve()
        .then(() => (intercept ? intercept(url, own) : own()))
        .then((reply) => (reply instanceof Error ? reject(reply) : resolve(reply)), reject);
    });
  });
  vi.stubGlobal("fetch", stub);
  return { requests, fetch: stub };
}

/**
 * A widget's stand-in service: `stubService` with the widget's own sets, of which a test may
 * replace any (`sets`), and the other options as they are.
 */
export function serviceWith(defaults: Sets) {
  return ({ sets, ...options }: Partial<ServiceOptions> = {}) =>
    stubService({ ...options, sets: { ...defaults, ...sets } });
}

/** A promise settled from outside, to hold an answer back. */
export function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** The configuration a placeholder without attributes gives on the test page. */
export function testConfig(overrides: Partial<WidgetConfig> = {}): WidgetConfig {
  const result = readConfig(() => null, window.location.href, window.location.href);
  if (!result.ok) throw new Error(result.problems.join("; "));
  return { ...result.config, ...overrides };
}
