// Pure: how a widget reaches a web service, read from its placeholder's data attributes
// (docs/sitefinity.md). Defaults reproduce the site's own setup, so its pages need none.
import { CONTENT_TIME_ZONE, isTimeZone } from "../../rules/time-zones.ts";
import { INDUSTRIES_TAXONOMY_NAME, TAGS_TAXONOMY_NAME } from "../../rules/taxonomies.ts";

/** Everything a widget needs to know about the web service it reads. */
export interface WidgetConfig {
  /** The service root, absolute, without a trailing slash: `https://firm.example/api/firm`. */
  readonly apiBase: string;
  /** Where topic pages live: "" when the service shares the page's origin, else its origin. */
  readonly siteBase: string;
  /** The entity set of the transactions (a Sitefinity dynamic type's set). */
  readonly transactionsSet: string;
  /** Taxonomy names, matched without regard to case. */
  readonly industriesTaxonomy: string;
  readonly tagsTaxonomy: string;
  /** The classification field that holds a deal's industries. */
  readonly industriesField: string;
  /** The IANA zone in which a close date is a calendar day. */
  readonly timeZone: string;
  /** Where a deal's page lives, `{UrlName}` in place of its UrlName; null: no links. */
  readonly dealUrl: string | null;
  /** Where an industry group's page lives, `{UrlName}` in place of its UrlName; null: no links. */
  readonly industryUrl: string | null;
}

/** The configuration, or every problem found, each naming its attribute. */
export type ConfigResult =
  | { readonly ok: true; readonly config: WidgetConfig }
  | { readonly ok: false; readonly problems: readonly string[] };

// An OData identifier: what Sitefinity allows for set and field names (letters, digits, _ and -).
const SET_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

type Reader = (value: string, problem: (message: string) => void) => string;

interface Attribute {
  readonly key: Exclude<keyof WidgetConfig, "siteBase" | "dealUrl" | "industryUrl">;
  readonly name: string;
  readonly fallback: string;
  readonly read: Reader;
}

const name =
  (pattern: RegExp, what: string): Reader =>
  (value, problem) => {
    if (!pattern.test(value)) problem(`is not ${what} (letters, digits and _)`);
    return value;
  };

const taxonomyName: Reader = (value, problem) => {
  // eslint-disable-next-line no-control-regex
  if (value.length > 100 || /[\u0000-\u001f]/.test(value)) problem("is not a taxonomy name");
  return value;
};

const timeZone: Reader = (value, problem) => {
  if (!isTimeZone(value)) problem("is not a time zone (an IANA name such as Europe/London)");
  return value;
};

/** The placeholder attributes, their defaults and how each is read. */
export const ATTRIBUTES: readonly Attribute[] = [
  { key: "apiBase", name: "data-api-base", fallback: "/api/default", read: (v) => v },
  {
    key: "transactionsSet",
    name: "data-transactions-set",
    fallback: "transactions",
    read: name(SET_NAME, "an entity set name"),
  },
  {
    key: "industriesTaxonomy",
    name: "data-industries-taxonomy",
    fallback: INDUSTRIES_TAXONOMY_NAME,
    read: taxonomyName,
  },
  {
    key: "tagsTaxonomy",
    name: "data-tags-taxonomy",
    fallback: TAGS_TAXONOMY_NAME,
    read: taxonomyName,
  },
  {
    key: "industriesField",
    name: "data-industries-field",
    fallback: "industries",
    read: name(FIELD_NAME, "a field name"),
  },
  { key: "timeZone", name: "data-time-zone", fallback: CONTENT_TIME_ZONE, read: timeZone },
];

/**
 * The web service root for `data-api-base`: an absolute http(s) URL, or a path resolved against
 * the page's address. Without the attribute, `/api/default` on the origin that served the script.
 */
function serviceRoot(
  value: string | null,
  scriptUrl: string,
  pageUrl: string,
  problem: (m: string) => void,
) {
  let url: URL;
  try {
    url = value === null ? new URL("/api/default", scriptUrl) : new URL(value, pageUrl);
  } catch {
    problem("is not a URL or a path");
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") problem("is not an http(s) URL");
  else if (url.search !== "" || url.hash !== "") problem("must not have a query or a fragment");
  else if (url.username !== "" || url.password !== "") problem("must not hold a user name");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * A page's URL template (`data-deal-url`, `data-industry-url`), resolved against the page;
 * absent: null (no links).
 */
function urlTemplate(value: string | null, pageUrl: string, problem: (m: string) => void) {
  if (value === null) return null;
  if (!value.includes("{UrlName}")) {
    problem("has no {UrlName} in it");
    return null;
  }
  try {
    const url = new URL(value.replaceAll("{UrlName}", "x"), pageUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") problem("is not an http(s) URL");
  } catch {
    problem("is not a URL or a path");
  }
  return value;
}

/**
 * Reads the configuration from a placeholder's attributes (`attribute(name)` gives a value or
 * null). An empty or blank value counts as absent. Every bad value is reported, by attribute.
 */
export function readConfig(
  attribute: (name: string) => string | null,
  scriptUrl: string,
  pageUrl: string,
): ConfigResult {
  const problems: string[] = [];
  const values: Record<string, string> = {};
  for (const { key, name: attributeName, fallback, read } of ATTRIBUTES) {
    const raw = attribute(attributeName)?.trim() ?? "";
    const given = raw === "" ? null : raw;
    const problem = (message: string) => problems.push(`${attributeName}="${raw}" ${message}`);
    values[key] =
      key === "apiBase"
        ? serviceRoot(given, scriptUrl, pageUrl, problem)
        : read(given ?? fallback, problem);
  }
  const template = (name: string) => {
    const raw = attribute(name)?.trim() ?? "";
    return urlTemplate(raw === "" ? null : raw, pageUrl, (message) =>
      problems.push(`${name}="${raw}" ${message}`),
    );
  };
  const dealUrl = template("data-deal-url");
  const industryUrl = template("data-industry-url");
  if (problems.length > 0) return { ok: false, problems };
  const apiOrigin = new URL(values.apiBase as string).origin;
  const config = {
    ...(values as Omit<WidgetConfig, "siteBase" | "dealUrl" | "industryUrl">),
    dealUrl,
    industryUrl,
    siteBase: apiOrigin === new URL(pageUrl).origin ? "" : apiOrigin,
  };
  return { ok: true, config };
}
