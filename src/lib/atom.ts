import { element, xmlDocument, type Markup } from "./xml.ts";

// Atom 1.0 (RFC 4287), the part of it the site's feeds use, as plain data and one writer.

/** The media type a feed is served with. */
export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

/** A text construct: plain text, or HTML that a reader shows as markup (escaped in the XML). */
export interface AtomText {
  type: "text" | "html";
  value: string;
}

export interface AtomPerson {
  name: string;
  uri?: string;
}

/** A category: `term` identifies it; `scheme` + `term` is its page; `label` is for people. */
export interface AtomCategory {
  term: string;
  label?: string;
  scheme?: string;
}

export interface AtomEntry {
  /** A permanent, universally unique IRI: it never changes, even when the title or address does. */
  id: string;
  title: string;
  /** The HTML page the entry stands for (its alternate link). */
  link: string;
  /** RFC 3339 date-times. */
  updated: string;
  published?: string;
  summary?: AtomText;
  categories?: readonly AtomCategory[];
  authors?: readonly AtomPerson[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: string;
  /** The feed's own address (rel="self"). */
  self: string;
  /** The HTML page the feed follows (rel="alternate"). */
  alternate: string;
  author: AtomPerson;
  /** Square, small (a favicon); `logo` is larger, about twice as wide as tall. */
  icon?: string;
  logo?: string;
  /** The base that relative links inside HTML summaries resolve against. */
  base?: string;
  entries: readonly AtomEntry[];
}

const NAMESPACE = "http://www.w3.org/2005/Atom";

/** The feed as an Atom document. */
export function atomXml(feed: AtomFeed): string {
  return xmlDocument(
    element(
      "feed",
      { xmlns: NAMESPACE, "xml:base": feed.base },
      element("id", {}, feed.id),
      element("title", { type: "text" }, feed.title),
      feed.subtitle !== undefined && element("subtitle", { type: "text" }, feed.subtitle),
      element("updated", {}, feed.updated),
      element("link", { rel: "self", type: "application/atom+xml", href: feed.self }),
      element("link", { rel: "alternate", type: "text/html", href: feed.alternate }),
      person("author", feed.author),
      feed.icon !== undefined && element("icon", {}, feed.icon),
      feed.logo !== undefined && element("logo", {}, feed.logo),
      ...feed.entries.map(entryXml),
    ),
  );
}

function entryXml(entry: AtomEntry): Markup {
  return element(
    "entry",
    {},
    element("id", {}, entry.id),
    element("title", { type: "text" }, entry.title),
    element("link", { rel: "alternate", type: "text/html", href: entry.link }),
    entry.published !== undefined && element("published", {}, entry.published),
    element("updated", {}, entry.updated),
    ...(entry.authors ?? []).map((a) => person("author", a)),
    ...(entry.categories ?? []).map((c) =>
      element("category", { term: c.term, scheme: c.scheme, label: c.label }),
    ),
    entry.summary && element("summary", { type: entry.summary.type }, entry.summary.value),
  );
}

function person(name: "author", { name: personName, uri }: AtomPerson): Markup {
  return element(
    name,
    {},
    element("name", {}, personName),
    uri !== undefined && element("uri", {}, uri),
  );
}
