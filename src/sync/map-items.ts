import { calendarDay } from "../rules/date-time.ts";
import {
  INDUSTRIES_TAXONOMY_NAME,
  ROOT_PARENT_ID,
  TAGS_TAXONOMY_NAME,
} from "../rules/taxonomies.ts";
import { absoluteUrls } from "./absolute-urls.ts";

// Sitefinity's items in the content file's shape. Nothing is checked here: the whole snapshot
// goes through the content file's own validation (parseContentFile), which names each problem,
// so a value that does not fit is passed on as it came rather than guessed at. Fields this site
// does not keep (Author, Title of a deal…) are left out. An empty field (null in Sitefinity's
// JSON) becomes "", so that a required one is reported as "empty" or "not a date".

/** One item as the web service sent it. */
export type Item = Readonly<Record<string, unknown>>;
/** An item in the content file's shape, not yet validated. */
export type Mapped = Record<string, unknown>;

/** What the mapping needs to know about the firm's Sitefinity (from the settings). */
export interface MappingSettings {
  industriesField: string;
  tagsField: string;
  descriptionField?: string;
  counterpartyField?: string;
  serviceField?: string;
  /** The deal's related people (DealTeam unless said): their Ids become its DealTeam. */
  dealTeamField?: string;
  timeZone: string;
  /** The web service's origin, on which site-relative addresses in HTML resolve. */
  origin: string;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : value);
const html = (value: unknown, origin: string) =>
  typeof value === "string" ? absoluteUrls(value, origin) : text(value);
const ids = (value: unknown) => (value === null || value === undefined ? [] : value);

/**
 * A close date as this site stores it: the calendar day of Sitefinity's instant in the editors'
 * zone, at midnight UTC (`2026-06-30T23:00:00Z` in Europe/London -> `2026-07-01T00:00:00Z`).
 * A value that is not a date is passed on for validation to name.
 */
export function closeDate(value: unknown, timeZone: string): unknown {
  if (typeof value !== "string") return text(value);
  const day = calendarDay(value, timeZone);
  return day === "" ? value : `${day}T00:00:00Z`;
}

/** The values this site keeps of a deal that the settings may leave to it. */
export interface HeldDeal {
  Counterparty?: string;
  Service?: string;
  DealTeam?: readonly string[];
}

/**
 * An optional text field of a deal: an empty one (null, or only spaces) is no value, and a value
 * is trimmed, since an editor's stray space would make one service two. Without a field named in
 * the settings, the deal keeps the value this site holds (a file's import may have given it).
 */
function optionalField(item: Item, field: string | undefined, held: string | undefined): unknown {
  if (field === undefined) return held;
  const value = item[field];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return value;
  return value.trim() === "" ? undefined : value.trim();
}

/**
 * A deal of the dynamic type as a transaction; `held` is the deal as this site holds it, when it
 * does.
 */
export function toTransaction(item: Item, settings: MappingSettings, held?: HeldDeal): Mapped {
  const Counterparty = optionalField(item, settings.counterpartyField, held?.Counterparty);
  const Service = optionalField(item, settings.serviceField, held?.Service);
  return {
    Id: item.Id,
    LastModified: item.LastModified,
    Date: closeDate(item.Date, settings.timeZone),
    Company: text(item.Company),
    Size: item.Size ?? null,
    Description: descriptionKey(item, settings),
    // A deal's page lives at its UrlName, as on Sitefinity; without one the import makes it.
    ...(item.UrlName === undefined || item.UrlName === null ? {} : { UrlName: item.UrlName }),
    ...(Counterparty === undefined ? {} : { Counterparty }),
    ...(Service === undefined ? {} : { Service }),
    industries: ids(item[settings.industriesField]),
    ...dealTeamOf(item, settings.dealTeamField ?? "DealTeam", held?.DealTeam),
  };
}

/**
 * A deal's team from its related people ({Id} objects, as `$expand` gives them): their Ids. A
 * deal without the field (a type that has none, asked for without it) keeps the team it holds.
 */
function dealTeamOf(item: Item, field: string, held: readonly string[] | undefined) {
  const value = item[field];
  if (value === undefined) return held ? { DealTeam: held } : {};
  if (value === null) return {};
  if (!Array.isArray(value)) return { DealTeam: value };
  const team = value.map((person: unknown) =>
    person !== null && typeof person === "object" && "Id" in person
      ? String(person.Id).toLowerCase()
      : person,
  );
  return team.length > 0 ? { DealTeam: team } : {};
}

/**
 * The deal's Description key. With a description field, a deal whose key is empty is keyed by
 * its Id, so that its description is not lost for want of a key.
 */
function descriptionKey(item: Item, settings: MappingSettings): unknown {
  const key = text(item.Description);
  const hasHtml = settings.descriptionField !== undefined && text(item[settings.descriptionField]);
  return key === "" && hasHtml ? item.Id : key;
}

/** The deal's description as a descriptions-table entry, or null without a description field. */
export function toDescription(
  item: Item,
  settings: MappingSettings,
): [key: unknown, html: unknown] | null {
  if (settings.descriptionField === undefined) return null;
  return [descriptionKey(item, settings), html(item[settings.descriptionField], settings.origin)];
}

/** A news item as an article. */
export function toArticle(item: Item, settings: MappingSettings): Mapped {
  return {
    Id: item.Id,
    LastModified: item.LastModified,
    Title: text(item.Title),
    UrlName: text(item.UrlName),
    PublicationDate: text(item.PublicationDate),
    Summary: html(item.Summary, settings.origin),
    Content: html(item.Content, settings.origin),
    Tags: ids(item[settings.tagsField]),
  };
}

/** Which of the two taxonomies this site uses a taxonomy of the service is. */
export type TaxonomyRole = "industries" | "tags";

/**
 * A taxonomy as this site keeps it. Its Name stays Sitefinity's unless it differs from this
 * site's own by more than case (a taxonomy called "Sectors" holds the industries): the site's
 * pages find the two taxonomies by those names. Which is flat and which hierarchical follows
 * from the role.
 */
export function toTaxonomy(item: Item, role: TaxonomyRole): Mapped {
  const siteName = role === "industries" ? INDUSTRIES_TAXONOMY_NAME : TAGS_TAXONOMY_NAME;
  const name = typeof item.Name === "string" ? item.Name : "";
  return {
    Id: item.Id,
    LastModified: item.LastModified,
    Name: name.toLocaleLowerCase("en") === siteName.toLocaleLowerCase("en") ? name : siteName,
    Title: item.Title ?? item.Name,
    TaxonName: text(item.TaxonName),
    Type: role === "industries" ? 1 : 0,
  };
}

/** A taxon (an industry or a tag); hierarchical ones keep their parent. */
export function toTaxon(item: Item, isHierarchical: boolean): Mapped {
  return {
    Id: item.Id,
    LastModified: item.LastModified,
    Title: item.Title,
    Name: item.Name ?? item.Title,
    UrlName: item.UrlName,
    Description: text(item.Description),
    Synonyms: text(item.Synonyms),
    Ordinal: item.Ordinal ?? 0,
    TaxonomyId: item.TaxonomyId,
    ...(isHierarchical ? { ParentId: item.ParentId ?? ROOT_PARENT_ID } : {}),
  };
}
