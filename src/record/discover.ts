import { parse as parseCss, walk as walkCss } from "css-tree";
import { DomUtils, parseDocument } from "htmlparser2";
import { parseSrcset } from "srcset";
import { sameSiteUrl } from "./url-forms.ts";

// What a kept reply leads to, found from the reply itself, so that whatever the site publishes
// is kept without a list of its pages: the pages it links to (a paged list's next page, a
// service's list of deals), the feeds it announces, every address a sitemap or a feed lists,
// the assets a page or a stylesheet uses (CSS, scripts, fonts, images), and the widgets a page
// holds (their data is what they request: widget-requests.ts). Only addresses on the site itself
// are followed. A capture follows a page it already keeps only when it captures everything: a
// change re-captures what it touched and what is new, not the whole site.

/** What one reply leads to: pages, assets, and widget placeholders with their attributes. */
export interface Found {
  pages: string[];
  assets: string[];
  widgets: { id: string; attributes: Record<string, string> }[];
}

const NONE: Found = { pages: [], assets: [], widgets: [] };

const ASSET_RELS = new Set([
  "stylesheet",
  "preload",
  "modulepreload",
  "icon",
  "apple-touch-icon",
  "manifest",
  "mask-icon",
]);
const FEED_TYPES = new Set(["application/atom+xml", "application/rss+xml"]);
const ASSET_ATTRIBUTES: Record<string, readonly string[]> = {
  script: ["src"],
  img: ["src"],
  source: ["src"],
  video: ["poster"],
  "astro-island": ["component-url", "renderer-url", "before-hydration-url"],
};
const IMAGE_META = new Set(["og:image", "twitter:image"]);

type Element = ReturnType<typeof DomUtils.findAll>[number];

/**
 * What a reply (its address, an absolute URL; its content type; its body) leads to, as site
 * addresses (path and query). `widgetIds` are the placeholders' ids the site's widgets mount on.
 */
export function discover(
  url: string,
  contentType: string,
  body: string,
  widgetIds: ReadonlySet<string>,
): Found {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/html") return fromHtml(url, body, widgetIds);
  if (type === "text/css") return { ...NONE, assets: fromCss(url, body) };
  if (type.endsWith("/xml") || type.endsWith("+xml")) return { ...NONE, pages: fromXml(url, body) };
  return NONE;
}

function fromHtml(url: string, html: string, widgetIds: ReadonlySet<string>): Found {
  const found: Found = { pages: [], assets: [], widgets: [] };
  const add = (list: string[], href: string | undefined) => {
    const address = href === undefined ? null : sameSiteUrl(href.trim(), url);
    if (address !== null) list.push(address);
  };
  visit(parseDocument(html).children, (element) => {
    const { name, attribs } = element;
    const rels = new Set((attribs.rel ?? "").toLowerCase().split(/\s+/));
    if ((name === "a" || name === "area") && !rels.has("nofollow")) add(found.pages, attribs.href);
    if (name === "link" && (rels.has("next") || rels.has("prev"))) add(found.pages, attribs.href);
    if (name === "link" && rels.has("alternate") && FEED_TYPES.has(attribs.type ?? ""))
      add(found.pages, attribs.href);
    if (name === "link" && [...rels].some((rel) => ASSET_RELS.has(rel)))
      add(found.assets, attribs.href);
    for (const attribute of ASSET_ATTRIBUTES[name] ?? []) add(found.assets, attribs[attribute]);
    for (const list of [attribs.srcset, attribs.imagesrcset])
      if (list !== undefined) for (const { url: src } of srcset(list)) add(found.assets, src);
    if (name === "meta" && IMAGE_META.has(attribs.property ?? attribs.name ?? ""))
      add(found.assets, attribs.content);
    if (attribs.style !== undefined)
      found.assets.push(...fromCss(url, attribs.style, "declarationList"));
    if (name === "style") found.assets.push(...fromCss(url, text(element)));
    if (attribs.id !== undefined && widgetIds.has(attribs.id))
      found.widgets.push({ id: attribs.id, attributes: { ...attribs } });
  });
  return found;
}

/** The addresses a sitemap (`loc`) or a feed (`link href`) lists. */
function fromXml(url: string, xml: string): string[] {
  const pages: string[] = [];
  visit(parseDocument(xml, { xmlMode: true }).children, (element) => {
    const href =
      element.name === "loc"
        ? text(element)
        : element.name === "link"
          ? element.attribs.href
          : undefined;
    const address = href === undefined ? null : sameSiteUrl(href.trim(), url);
    if (address !== null) pages.push(address);
  });
  return pages;
}

/** The addresses a stylesheet (or a style attribute's declarations) uses: url() and @import. */
function fromCss(
  url: string,
  css: string,
  context: "stylesheet" | "declarationList" = "stylesheet",
): string[] {
  const assets: string[] = [];
  let tree;
  try {
    tree = parseCss(css, { context, parseValue: true, parseAtrulePrelude: true });
  } catch {
    return assets;
  }
  walkCss(tree, (node) => {
    const href =
      node.type === "Url"
        ? node.value
        : node.type === "Atrule" && node.name === "import" && node.prelude?.type === "AtrulePrelude"
          ? firstString(node.prelude)
          : undefined;
    const address = href === undefined ? null : sameSiteUrl(href, url);
    if (address !== null) assets.push(address);
  });
  return assets;
}

function firstString(prelude: { children: { toArray(): { type: string; value?: unknown }[] } }) {
  const node = prelude.children.toArray().find((child) => child.type === "String");
  return typeof node?.value === "string" ? node.value : undefined;
}

function srcset(list: string): { url: string }[] {
  try {
    return parseSrcset(list);
  } catch {
    return [];
  }
}

/** Calls `onElement` for every element under `nodes`, in document order. */
function visit(
  nodes: Parameters<typeof DomUtils.findAll>[1],
  onElement: (element: Element) => void,
) {
  for (const element of DomUtils.findAll(() => true, nodes)) onElement(element);
}

function text(element: Element): string {
  return DomUtils.textContent(element as Parameters<typeof DomUtils.textContent>[0]);
}
