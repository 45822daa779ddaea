// The site's own addresses that the pages, the content and the widgets link to.

/** The all-articles listing; article and topic pages live under it. */
export const ARTICLES_PATH =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";

/** An article. */
export const articlePath = (urlName: string) => `${ARTICLES_PATH}/${encodeURIComponent(urlName)}`;

/** A topic page: the articles with that tag (Sitefinity's classification URL). */
export const topicPath = (urlName: string) =>
  `${ARTICLES_PATH}/-in-tags/tags/${encodeURIComponent(urlName)}`;

/** The Historical Transactions page; deal pages live under it. */
export const TRANSACTIONS_PATH = "/transactions";

/** A deal's page: its UrlName as one path segment under the transactions page. */
export const dealPath = (urlName: string) => `${TRANSACTIONS_PATH}/${encodeURIComponent(urlName)}`;

/** What the site search is asked besides its words: one kind of result, and no typo forgiven. */
export interface SearchRequest {
  kind?: string | null;
  /** No typo forgiven: `exact=1`. */
  isExact?: boolean;
}

/** The site search's parameters, in the order its links write them. */
export const searchParams = (
  query: string,
  { kind, isExact = false }: SearchRequest = {},
): Record<string, string> => ({
  q: query,
  ...(kind ? { kind } : {}),
  ...(isExact ? { exact: "1" } : {}),
});

/** The site search for a query, optionally of one kind of result, optionally as typed. */
export const searchPath = (query: string, request: SearchRequest = {}) =>
  `/search?${new URLSearchParams(searchParams(query, request)).toString()}`;

/** The contact page: the firm's offices, and where "Talk to a banker" leads. */
export const CONTACT_PATH = "/about/contact";

/** The leadership page: the firm's people. */
export const LEADERSHIP_PATH = "/about/leadership";

/** The industry groups' hubs. */
export const INDUSTRIES_PATH = "/industries";

/**
 * Whether a site page's path is a plain page, shown whole at its own address: the industries'
 * pages are the hubs' introductions, shown by the hubs among their figures.
 */
export const isPlainPagePath = (path: string) =>
  path !== INDUSTRIES_PATH && !path.startsWith(`${INDUSTRIES_PATH}/`);

/** One industry group's hub. */
export const industryPath = (urlName: string) =>
  `${INDUSTRIES_PATH}/${encodeURIComponent(urlName)}`;

/** Historical Transactions with one industry group ticked (the widget reads `industry`). */
export const groupTransactionsPath = (urlName: string) =>
  `${TRANSACTIONS_PATH}?${new URLSearchParams({ industry: urlName }).toString()}`;

/** The Atom feed of the latest articles. */
export const INSIGHTS_FEED_PATH = "/feeds/insights.xml";

/** The Atom feed of one topic's latest articles. */
export const topicFeedPath = (urlName: string) =>
  `/feeds/topics/${encodeURIComponent(urlName)}.xml`;

/** The Atom feed of the latest deals. */
export const TRANSACTIONS_FEED_PATH = "/feeds/transactions.xml";

/** A person's profile. */
export const personPath = (urlName: string) => `/people/${encodeURIComponent(urlName)}`;

/** A person's vCard, to save the contact. */
export const personCardPath = (urlName: string) => `${personPath(urlName)}.vcf`;
