import type { BreadcrumbItem } from "./crumbs.ts";
import { topicPath } from "../rules/site-paths.ts";

export interface TopicLink {
  Title: string;
  UrlName: string;
}

/**
 * Topic pages: among the topics a page lists, the one whose link equals the current
 * address names the page — it becomes the banner heading and the last breadcrumb. `pathOf` gives
 * another address of a topic's (its feed's) to match in the same way.
 */
export function currentTopic<T extends TopicLink>(
  topics: readonly T[],
  pathname: string,
  pathOf: (urlName: string) => string = topicPath,
): T | null {
  const current = normalise(pathname);
  return topics.find((t) => normalise(pathOf(t.UrlName)) === current) ?? null;
}

/** The page's heading and breadcrumbs, with the current topic's name added when there is one. */
export function topicPageHeading(
  base: { heading: string; crumbs: BreadcrumbItem[] },
  topic: TopicLink | null,
): { heading: string; crumbs: BreadcrumbItem[] } {
  if (!topic) return base;
  return { heading: topic.Title, crumbs: [...base.crumbs, { title: topic.Title }] };
}

// Compare decoded, case-folded paths without a trailing slash: /Tags/Due-Diligence/ equals /tags/due-diligence.
function normalise(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as written; it then matches no topic.
  }
  return path.replace(/\/+$/, "").toLowerCase();
}
