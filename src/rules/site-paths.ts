// The site's own addresses that the pages, the content and the widgets link to (DESIGN §3).

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

/** A deal's page (issue 20). */
export const dealPath = (urlName: string) => `${TRANSACTIONS_PATH}/${encodeURIComponent(urlName)}`;

/** The site search for a query, optionally of one kind of result. */
export const searchPath = (query: string, kind?: string) =>
  `/search?${new URLSearchParams(kind ? { q: query, kind } : { q: query }).toString()}`;

/** The contact page: the firm's offices, and where "Talk to a banker" leads. */
export const CONTACT_PATH = "/about/contact";

/** The Atom feed of the latest articles. */
export const INSIGHTS_FEED_PATH = "/feeds/insights.xml";

/** The Atom feed of one topic's latest articles. */
export const topicFeedPath = (urlName: string) =>
  `/feeds/topics/${encodeURIComponent(urlName)}.xml`;

/** The Atom feed of the latest deals. */
export const TRANSACTIONS_FEED_PATH = "/feeds/transactions.xml";
