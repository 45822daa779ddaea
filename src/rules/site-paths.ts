// The site's own addresses that the pages, the content and the widgets link to (DESIGN §3).

/** The all-articles listing; article and topic pages live under it. */
export const ARTICLES_PATH =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";

/** An article. */
export const articlePath = (urlName: string) => `${ARTICLES_PATH}/${encodeURIComponent(urlName)}`;

/** A topic page: the articles with that tag (Sitefinity's classification URL). */
export const topicPath = (urlName: string) =>
  `${ARTICLES_PATH}/-in-tags/tags/${encodeURIComponent(urlName)}`;
