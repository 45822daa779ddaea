import { sanitizeContentHtml } from "../content/sanitize.ts";
import { storedDateTime } from "../rules/date-time.ts";
import { htmlToText } from "../rules/html-text.ts";
import {
  articlePath,
  ARTICLES_PATH,
  dealPath,
  topicPath,
  TRANSACTIONS_PATH,
} from "../rules/site-paths.ts";
import type { AtomEntry, AtomFeed, AtomPerson } from "./atom.ts";
import {
  INSIGHTS_FEED_LINK,
  topicFeedLink,
  TRANSACTIONS_FEED_LINK,
  type FeedLink,
} from "./feed-links.ts";
import { formatLongDate } from "./dates.ts";
import { formatDealSize } from "./deal-size.ts";
import { escapeHtml } from "./highlight.ts";

// The site's three kinds of Atom feed: the latest insights, one topic's, the latest deals.

/** How many entries a feed holds: the latest, newest first. */
export const FEED_SIZE = 50;

/** What every feed of the site states about itself. */
export interface FeedSite {
  /** The site's configured address (SITE_URL): every link in a feed is absolute under it. */
  siteUrl: string;
  firmName: string;
  /** When the content last changed, read for a feed with no entries (as new as that); else "". */
  contentUpdated: string;
}

export interface FeedArticle {
  Id: string;
  Title: string;
  UrlName: string;
  PublicationDate: string;
  LastModified: string;
  /** HTML (sanitised on import; sanitised again here). */
  Summary: string;
  tags: readonly { Title: string; UrlName: string }[];
}

export interface FeedDeal {
  Id: string;
  UrlName: string;
  Company: string;
  Date: string;
  Size: number | null;
  LastModified: string;
  DescriptionHtml: string | null;
}

/** The latest articles. */
export function insightsFeed(site: FeedSite, articles: readonly FeedArticle[]): AtomFeed {
  return feed(site, INSIGHTS_FEED_LINK, ARTICLES_PATH, {
    subtitle: `The latest articles and commentary from ${site.firmName}.`,
    entries: articles.map((a) => articleEntry(site, a)),
  });
}

/** The latest articles with one tag. */
export function topicFeed(
  site: FeedSite,
  topic: { Title: string; UrlName: string },
  articles: readonly FeedArticle[],
): AtomFeed {
  return feed(site, topicFeedLink(topic), topicPath(topic.UrlName), {
    subtitle: `Articles and commentary on ${topic.Title} from ${site.firmName}.`,
    entries: articles.map((a) => articleEntry(site, a)),
  });
}

/** The latest deals, by close date. */
export function transactionsFeed(site: FeedSite, deals: readonly FeedDeal[]): AtomFeed {
  return feed(site, TRANSACTIONS_FEED_LINK, TRANSACTIONS_PATH, {
    subtitle: `Transactions ${site.firmName} advised on, the most recently closed first.`,
    entries: deals.map((d) => dealEntry(site, d)),
  });
}

/**
 * What a deal's entry states before its announcement, in order. A new fact of deals (the
 * counterparty, the service) is one more line here.
 */
export function dealFacts(
  deal: Pick<FeedDeal, "Date" | "Size">,
): { label: string; value: string }[] {
  return [
    { label: "Closed", value: formatLongDate(deal.Date) },
    { label: "Size", value: formatDealSize(deal.Size) },
  ];
}

function feed(
  site: FeedSite,
  link: FeedLink,
  pagePath: string,
  { subtitle, entries }: { subtitle: string; entries: AtomEntry[] },
): AtomFeed {
  const url = absolute(site, link.path);
  return {
    // The feed's own address: permanent as long as the site's is.
    id: url,
    title: `${link.title} | ${site.firmName}`,
    subtitle,
    // The newest entry's; a feed with none has changed no later than the content.
    updated: entries.map((e) => e.updated).reduce(later, "") || site.contentUpdated,
    self: url,
    alternate: absolute(site, pagePath),
    author: firm(site),
    icon: absolute(site, "/apple-touch-icon.png"),
    logo: absolute(site, "/share.png"),
    base: absolute(site, "/"),
    entries,
  };
}

function articleEntry(site: FeedSite, article: FeedArticle): AtomEntry {
  const summary = sanitizeContentHtml(article.Summary);
  return {
    // The content's GUID: an entry stays the same entry when its title or UrlName changes.
    id: `urn:uuid:${article.Id}`,
    title: article.Title,
    link: absolute(site, articlePath(article.UrlName)),
    published: article.PublicationDate,
    // An article edited after it was published was updated then; one published after its last
    // edit (scheduled) is new when it appears.
    updated: later(article.PublicationDate, article.LastModified),
    summary: htmlToText(summary) === "" ? undefined : { type: "html", value: summary },
    categories: article.tags.map((t) => ({
      term: t.UrlName,
      label: t.Title,
      scheme: absolute(site, topicPath("")),
    })),
    authors: [firm(site)],
  };
}

function dealEntry(site: FeedSite, deal: FeedDeal): AtomEntry {
  const facts = dealFacts(deal)
    .map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`)
    .join("");
  const announcement =
    deal.DescriptionHtml === null ? "" : sanitizeContentHtml(deal.DescriptionHtml);
  return {
    id: `urn:uuid:${deal.Id}`,
    title: deal.Company,
    link: absolute(site, dealPath(deal.UrlName)),
    updated: deal.LastModified,
    summary: { type: "html", value: `<dl>${facts}</dl>${announcement}` },
    authors: [firm(site)],
  };
}

const firm = (site: FeedSite): AtomPerson => ({
  name: site.firmName,
  uri: absolute(site, "/"),
});

const absolute = (site: FeedSite, path: string) => new URL(path, site.siteUrl).toString();

/** The later of two date-times, compared as instants (a text that is not a date loses). */
function later(a: string, b: string): string {
  const [sa, sb] = [storedDateTime(a), storedDateTime(b)];
  if (sa === null) return b;
  if (sb === null) return a;
  return sb > sa ? b : a;
}
