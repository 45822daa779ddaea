import { createHash } from "node:crypto";
import { parseContentFile, type ContentFile } from "../src/content/content-file.ts";
import type { Photo } from "../src/content/person.ts";
import { isPlainPagePath } from "../src/rules/site-paths.ts";
import { parseSyncSettings, type SyncSettings } from "../src/sync/settings.ts";

// The firm's content as its Sitefinity holds it, built from one of our content files, for the
// Sitefinity-shaped stand-in service (sitefinity-service.ts). Shaped from Sitefinity's documented
// behaviour: the deals in a dynamic type's set under its own name, with the industries in a
// classification field of another name and the description's HTML in a field of its own; news
// items; taxonomies named "Industries" and "Tags" among others; dates an editor picks as the UTC
// instant of a London midnight, with 3 or 7 fractional digits; LastModified as Sitefinity writes
// it; HTML with site-relative images and links carrying `sfref` attributes.

export const DEALS_SET = "pasttransactions";
export const NEWS_SET = "newsitems";
export const INDUSTRIES_FIELD = "Industries";
export const DESCRIPTION_FIELD = "DealDescription";
export const COUNTERPARTY_FIELD = "DealCounterparty";
export const SERVICE_FIELD = "DealService";
export const TIME_ZONE = "Europe/London";
/** The access key the tests and the bench give the stand-in and the sync. */
export const ACCESS_KEY = "sf-access-key-7d41c0e2";

/** The sync's settings (a settings file's JSON) for this content on a service at `base`. */
export function syncSettingsFor(base: string) {
  return {
    service: base,
    transactionsSet: DEALS_SET,
    industriesTaxonomy: "Industries",
    industriesField: INDUSTRIES_FIELD,
    descriptionField: DESCRIPTION_FIELD,
    counterpartyField: COUNTERPARTY_FIELD,
    serviceField: SERVICE_FIELD,
    timeZone: TIME_ZONE,
  };
}

/** The sync's settings, parsed as the site parses its file: syncSettingsFor's, `extra` on top. */
export function standInSettings(base: string, extra: Record<string, unknown> = {}): SyncSettings {
  const result = parseSyncSettings({ ...syncSettingsFor(base), ...extra });
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.settings;
}

/** A content file's JSON read as the site reads one (its dates normalised); throws on a problem. */
export function parsedContent(doc: unknown): ContentFile {
  const result = parseContentFile(JSON.parse(JSON.stringify(doc)));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
}

type Row = Record<string, unknown>;

/** Another taxonomy of the site, with taxa of its own, that a client must leave alone. */
const CATEGORIES_ID = "e5cd6d69-1543-427b-ad62-688a99f5e7d5";
const CATEGORIES = {
  Id: CATEGORIES_ID,
  Name: "Categories",
  Title: "Categories",
  TaxaUrl: "hierarchy-taxa",
  TaxonName: "Category",
  Type: 1,
  LastModified: "2025-01-10T08:00:00.0000000Z",
};
const CATEGORY_TAXA = ["Press releases", "Events"].map((Title, i) => ({
  Id: `0a1b2c3d-0000-4000-8000-00000000000${i}`,
  LastModified: "2025-01-10T08:00:00.123Z",
  Title,
  Name: Title,
  UrlName: Title.toLowerCase().replace(/ /g, "-"),
  Description: "",
  Synonyms: "",
  Ordinal: i,
  TaxonomyId: CATEGORIES_ID,
  ParentId: "00000000-0000-0000-0000-000000000000",
}));

/** The `sfref` of a link to a page of the Sitefinity site, as its editor writes them. */
const PAGE_SFREF = "[f669d9a7-009d-4d83-ddaa-000000000002]5d1ac1a5-6e0b-4a4d-9a0c-3c9b2f0e7a11";

/**
 * London's offset from UTC in hours at the midnight that starts a day (`YYYY-MM-DD`), from the EU
 * rule written out on its own: summer time from 01:00 UTC on the last Sunday of March to 01:00
 * UTC on the last Sunday of October, so that Sunday's midnight is still in summer time.
 */
export function londonOffsetHours(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastSunday = (m: number) => {
    const last = new Date(Date.UTC(year, m, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  if (month < 3 || month > 10) return 0;
  if (month > 3 && month < 10) return 1;
  return month === 3 ? (date > lastSunday(3) ? 1 : 0) : date <= lastSunday(10) ? 1 : 0;
}

/**
 * The close date an editor in London picked (`YYYY-MM-DD`) as Sitefinity stores it: the UTC
 * instant of that midnight, in one of the forms Sitefinity writes (3 or 7 fractional digits, or
 * none), and now and then with a time of day that keeps the London day.
 */
export function londonMidnight(day: string, variant: number): string {
  const instant = new Date(`${day}T00:00:00Z`).getTime() - londonOffsetHours(day) * 3_600_000;
  const iso = new Date(instant).toISOString(); // always .sssZ
  switch (variant % 4) {
    case 0:
      return iso;
    case 1:
      return iso.replace(".000Z", ".0000000Z");
    case 2:
      return iso.replace(".000Z", "Z");
    default:
      return new Date(instant + 9 * 3_600_000).toISOString().replace(".000Z", ".1234567Z");
  }
}

/** An instant (our content's form) as Sitefinity writes LastModified: 3 or 7 fractional digits. */
export function sitefinityInstant(iso: string, variant: number): string {
  const ms = new Date(iso).toISOString();
  return variant % 2 === 0 ? ms : ms.replace(/\.(\d{3})Z$/, ".$10000Z");
}

/** A news item's picture and a link to a page, site-relative as Sitefinity's editor leaves them. */
export function newsFigure(urlName: string, title: string): string {
  return (
    `<p><img src="/images/default-source/news/${encodeURIComponent(urlName)}.png?sfvrsn=2" ` +
    `sfref="[images|OpenAccessDataProvider]9b2f3c4d-1e5a-4b6c-8d7e-0f1a2b3c4d5e" alt="${title.replace(/"/g, "&quot;")}" /></p>` +
    `<p>More in <a href="/latest-articles-commentary" sfref="${PAGE_SFREF}">our articles</a>.</p>`
  );
}

/** A description's closing link to a page, site-relative. */
export const DEAL_LINK = `<p>See <a href="/our-work" sfref="${PAGE_SFREF}">our work</a>.</p>`;

/** How the firm's deals' type is set up, where Sitefinities differ. */
export interface SetUp {
  /**
   * Whether the type has the counterparty and service fields (short text, null where an editor
   * left them empty); a Sitefinity set up before them has neither.
   */
  hasDealFacts?: boolean;
  /**
   * Whether the firm's People, Offices and Alerts types exist (sets `people`, `offices`,
   * `alerts`), with their default field names; a Sitefinity set up before them has none.
   */
  hasFirm?: boolean;
  /**
   * Whether the service has shared content blocks (`contentitems`): one for each plain page, titled
   * as the page is, its Content the page's body and a picture.
   */
  hasContentBlocks?: boolean;
}

export const CONTENT_BLOCKS_SET = "contentitems";

/** The Id of the content block made for the page at `path`: the same on every run. */
export function contentBlockId(path: string): string {
  const hex = createHash("sha256").update(`content block ${path}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A content block's picture, site-relative as Sitefinity's editor leaves it. */
export const blockFigure = (path: string) =>
  `<p><img src="/images/default-source/blocks${path}.png?sfvrsn=1" alt="" /></p>`;

/** The shared content blocks: one per plain page, as Sitefinity's `contentitems` holds them. */
function contentBlocks(content: ContentFile): Row[] {
  return content.site.pages
    .filter((page) => isPlainPagePath(page.path))
    .map((page, i) => ({
      Id: contentBlockId(page.path),
      Title: page.title,
      Content: page.content + blockFigure(page.path),
      LastModified: sitefinityInstant("2026-01-05T09:30:00.000Z", i),
      DateCreated: "2026-01-05T09:30:00.000Z",
    }));
}

export const PEOPLE_SET = "people";
export const OFFICES_SET = "offices";
export const ALERTS_SET = "alerts";
/** A deal's related people, in a row only when `$expand` names it. */
export const DEAL_TEAM_FIELD = "DealTeam";
/** A person's related image field, in a row only when `$expand` names it. */
export const PHOTO_FIELD = "Photo";

/**
 * A person's photo as the service's `$expand` gives it. One at an address of its own is the
 * library's; a content file's relative one (the demo's portraits beside it) is in no library, so
 * the person comes without it, as before the demo had portraits.
 */
const expandedPhoto = (title: string, photo: Photo | null) =>
  photo && /^https?:\/\//i.test(photo.Url)
    ? [{ Id: photo.Id ?? null, Title: title, ...photo }]
    : [];

/** The firm's types' sets, shaped as Sitefinity's dynamic types hold them. */
function firmSets(content: ContentFile): Record<string, Row[]> {
  return {
    [PEOPLE_SET]: content.people.map(({ LastModified, Photo, PreviousUrlNames: _p, ...p }, i) => ({
      FirstName: null,
      LastName: null,
      JobTitle: null,
      Email: null,
      Phone: null,
      ...p,
      LastModified: sitefinityInstant(LastModified, i),
      PublicationDate: sitefinityInstant(LastModified, i),
      // Related media come as a list of images, as Sitefinity's `$expand` gives them.
      [PHOTO_FIELD]: expandedPhoto(p.Title, Photo),
    })),
    [OFFICES_SET]: content.offices.map(({ LastModified, ...o }, i) => ({
      Phone: null,
      Email: null,
      ...o,
      LastModified: sitefinityInstant(LastModified, i),
      PublicationDate: sitefinityInstant(LastModified, i),
    })),
    [ALERTS_SET]: content.alerts.map(({ LastModified, PublicationDate, ...a }, i) => ({
      LinkTitle: null,
      LinkUrl: null,
      ...a,
      LastModified: sitefinityInstant(LastModified, i),
      PublicationDate: sitefinityInstant(PublicationDate, i),
    })),
  };
}

/** The service's sets from our content: the same deals, articles and taxa, shaped as the firm's Sitefinity has them. */
export function sitefinitySets(
  content: ContentFile,
  { hasDealFacts = true, hasFirm = false, hasContentBlocks = false }: SetUp = {},
): Record<string, Row[]> {
  const industriesId = content.taxonomies.find((t) => t.Type === 1)?.Id;
  return {
    taxonomies: [
      ...content.taxonomies.map((t, i) => ({
        ...t,
        Name: t.Id === industriesId ? "Industries" : t.Name,
        LastModified: sitefinityInstant(t.LastModified, i),
      })),
      CATEGORIES,
    ],
    "hierarchy-taxa": [
      ...content.hierarchyTaxa.map((t, i) => ({
        ...t,
        LastModified: sitefinityInstant(t.LastModified, i),
      })),
      ...CATEGORY_TAXA,
    ],
    "flat-taxa": content.flatTaxa.map((t, i) => ({
      ...t,
      LastModified: sitefinityInstant(t.LastModified, i),
    })),
    [DEALS_SET]: content.transactions.map(
      (
        { industries, Date: date, LastModified, Counterparty, Service, DealTeam: team, ...deal },
        i,
      ) => ({
        ...deal,
        ...(hasDealFacts
          ? { [COUNTERPARTY_FIELD]: Counterparty ?? null, [SERVICE_FIELD]: Service ?? null }
          : {}),
        LastModified: sitefinityInstant(LastModified, i),
        // The content's dates are UTC midnights of the close day: the day the London editor picked.
        Date: londonMidnight(date.slice(0, 10), i),
        [INDUSTRIES_FIELD]: industries,
        [DESCRIPTION_FIELD]:
          (content.descriptions[deal.Description] ?? "") + (i % 3 === 0 ? DEAL_LINK : ""),
        // The deal's people, a related-data field (only with `$expand`) of a firm with a People type.
        ...(hasFirm ? { [DEAL_TEAM_FIELD]: (team ?? []).map((Id) => ({ Id })) } : {}),
      }),
    ),
    ...(hasFirm ? firmSets(content) : {}),
    ...(hasContentBlocks ? { [CONTENT_BLOCKS_SET]: contentBlocks(content) } : {}),
    [NEWS_SET]: content.articles.map(({ LastModified, Content, ...article }, i) => ({
      ...article,
      LastModified: sitefinityInstant(LastModified, i),
      Author: "The firm's editors",
      Content: Content + newsFigure(article.UrlName, article.Title),
    })),
  };
}
