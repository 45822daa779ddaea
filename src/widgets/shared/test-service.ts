// Test-only: a stand-in for a Sitefinity-shaped web service behind `fetch`, the widgets' network
// boundary. It answers as test-odata.ts says Sitefinity's OData services do.
import { vi } from "vitest";
import { readConfig, type WidgetConfig } from "./config.ts";
import { answerList, type Row } from "./test-odata.ts";

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

/**
 * What a failing web service may answer, and what a widget then tells the visitor: one table for
 * the API client's tests and both widgets', as the message comes from the one client.
 */
export const SERVICE_FAILURES: readonly (readonly [
  what: string,
  reply: () => Reply,
  message: string,
])[] = [
  [
    "the network is down",
    () => new TypeError("Failed to fetch"),
    "The server could not be reached.",
  ],
  [
    "the API answers an OData error",
    () => json({ error: { code: "BadRequest", message: "Unknown property" } }, 400),
    "The server reported an error: Unknown property",
  ],
  [
    "the API answers a Sitefinity error",
    () => json({ Message: "An error has occurred." }, 500),
    "The server reported an error: An error has occurred.",
  ],
  [
    "the body is not JSON",
    () => new Response("<html>Bad gateway</html>", { status: 502 }),
    "The server sent an unreadable answer (HTTP 502).",
  ],
  [
    "the web service refuses anonymous callers (401)",
    () => json({ error: { code: "Unauthorized", message: "Authorization has been denied." } }, 401),
    "The web service refused anonymous access.",
  ],
  [
    "the web service forbids the call (403)",
    () => new Response("", { status: 403 }),
    "The web service refused anonymous access.",
  ],
  [
    "there is no such service or set (404)",
    () => new Response("<h1>Not Found</h1>", { status: 404 }),
    "The list was not found on the web service.",
  ],
];

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
    const own = () => {
      const { status, body } = answerList(url, {
        base,
        sets: options.sets,
        classificationFields: options.classificationFields ?? ["industries", "Tags"],
        pageSize: options.pageSize,
      });
      return json(body, status);
    };
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

/**
 * A set's calls failing with `failure` until `recover()`, after which the service answers them:
 * for the tests of Try again.
 */
export function outage(failure: () => Reply) {
  let isDown = true;
  const intercept: Intercept = (_url, answer) => (isDown ? failure() : answer());
  return {
    intercept,
    recover() {
      isDown = false;
    },
  };
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
