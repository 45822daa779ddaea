import { z } from "zod";
import { guid, isoDateTime, plainText, requiredText } from "./common.ts";

/** A site-relative path (`/x`) or an http(s)/mailto URL; nothing else reaches an href. */
export const href = requiredText(1000).refine(
  (s) => (s.startsWith("/") && !s.startsWith("//")) || /^(https?:\/\/|mailto:)/i.test(s),
  "not a site path or an http(s) or mailto URL",
);

export const linkSchema = z.strictObject({ title: requiredText(100), url: href });
export type Link = z.output<typeof linkSchema>;

export const navSectionSchema = z.strictObject({
  title: requiredText(100),
  url: href,
  children: z.array(linkSchema).max(20, "more than 20 links"),
});
export type NavSection = z.output<typeof navSectionSchema>;

/**
 * The Sitefinity content block a page's body came from (the sync's `contentBlocks`): the block's
 * Id, its Title and when it last changed, so that a sync or a hook knows which page it feeds.
 */
export const contentBlockSchema = z.strictObject({
  Id: guid,
  Title: plainText(300),
  LastModified: isoDateTime,
});

/** A plain content page (About, Services…) served at its `path`; Content is HTML. */
export const pageSchema = z.strictObject({
  path: requiredText(200).refine(
    (s) => /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(s),
    "not a page path (lower-case words and hyphens, e.g. /about/leadership)",
  ),
  title: requiredText(200),
  description: plainText(500),
  content: z.string().max(200_000, "longer than 200000 characters"),
  /** Where `content` came from, when a content block gives it. */
  contentBlock: contentBlockSchema.optional(),
});
export type Page = z.output<typeof pageSchema>;

/** The firm's BrokerCheck summary on FINRA's site: an https address. */
export const brokerCheckUrl = requiredText(1000).refine(
  (s) => /^https:\/\/[^\s]+$/i.test(s),
  "not an https URL",
);

/**
 * Site settings: the firm, navigation, utility links and plain pages. The people, offices and
 * alerts are sections of the content file of their own, as Sitefinity's dynamic types hold them.
 */
export const siteSchema = z.strictObject({
  firmName: requiredText(100),
  tagline: plainText(300),
  description: plainText(500),
  navigation: z.array(navSectionSchema).max(12, "more than 12 sections"),
  utilityLinks: z.array(linkSchema).max(12, "more than 12 links"),
  pages: z.array(pageSchema).max(500, "more than 500 pages"),
  /**
   * The firm's BrokerCheck summary (FINRA Rule 2210(d)(8)): when set, the home page and every
   * profile link to it plainly, beside the content.
   */
  brokerCheckUrl: brokerCheckUrl.optional(),
});
export type Site = z.output<typeof siteSchema>;
