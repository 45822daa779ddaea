import { z } from "zod";
import { plainText, requiredText, urlName } from "./common.ts";

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

/** The alert banner: `id` changes when the firm publishes a new alert, so a dismissed one stays dismissed. */
export const alertSchema = z.strictObject({
  id: requiredText(100),
  message: requiredText(500),
  link: linkSchema.nullable(),
});
export type Alert = z.output<typeof alertSchema>;

/** A plain content page (About, Services…) served at its `path`; Content is HTML. */
export const pageSchema = z.strictObject({
  path: requiredText(200).refine(
    (s) => /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(s),
    "not a page path (lower-case words and hyphens, e.g. /about/leadership)",
  ),
  title: requiredText(200),
  description: plainText(500),
  content: z.string().max(200_000, "longer than 200000 characters"),
});
export type Page = z.output<typeof pageSchema>;

/** A telephone number as people write it: digits, spaces, +, (), dots and hyphens. */
export const phone = requiredText(40).refine(
  (s) => /^\+?[0-9 ().-]{6,}$/.test(s) && /[0-9]{2}/.test(s.replace(/\D/g, "")),
  "not a telephone number",
);

/** One of the firm's offices, as the contact page lists it. */
export const officeSchema = z.strictObject({
  city: requiredText(100),
  /** The street address, one line each. */
  address: z.array(requiredText(200)).min(1, "no address").max(6, "more than 6 lines"),
  phone,
  email: z.email("not an e-mail address").max(254),
});
export type Office = z.output<typeof officeSchema>;

/** A picture's address: a path on this site or an https URL (the CSP allows the synced Sitefinity's). */
export const imageUrl = requiredText(1000).refine(
  (s) => (s.startsWith("/") && !s.startsWith("//")) || /^https:\/\//i.test(s),
  "not a site path or an https URL",
);

/** One of the firm's bankers, as the leadership page and the industry hubs show them. */
export const personSchema = z.strictObject({
  name: requiredText(100),
  title: requiredText(100),
  /** The industry groups the person covers, by their UrlName. */
  groups: z.array(urlName).max(20, "more than 20 groups"),
  email: z.email("not an e-mail address").max(254),
  phone,
  /** A few sentences of plain text. */
  biography: plainText(2000),
  photo: imageUrl.optional(),
});
export type Person = z.output<typeof personSchema>;

/** Site settings: the firm, navigation, utility links, the alert, plain pages, offices and people. */
export const siteSchema = z.strictObject({
  firmName: requiredText(100),
  tagline: plainText(300),
  description: plainText(500),
  navigation: z.array(navSectionSchema).max(12, "more than 12 sections"),
  utilityLinks: z.array(linkSchema).max(12, "more than 12 links"),
  alert: alertSchema.nullable(),
  pages: z.array(pageSchema).max(500, "more than 500 pages"),
  /** The firm's offices, the first its headquarters; optional, so older content files load. */
  offices: z.array(officeSchema).max(50, "more than 50 offices").optional(),
  /** The firm's people, in the order the leadership page lists them; optional, as offices. */
  people: z.array(personSchema).max(500, "more than 500 people").optional(),
});
export type Site = z.output<typeof siteSchema>;
