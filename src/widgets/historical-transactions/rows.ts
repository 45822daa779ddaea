// Pure: the API's lists turned, once per load, into rows with every derived value precomputed,
// so that a search or a sort over 10,000 transactions only compares ready-made values.
import type { Transaction } from "../../content/transaction.ts";
import type { MatchRow } from "./filters.ts";
import { calendarDay } from "../../rules/date-time.ts";
import { htmlToText } from "../../rules/html-text.ts";
import { formatCloseDate, formatSize } from "./format.ts";
import type { IndustryTaxon } from "./industries.ts";
import { createGroupResolver, groupOfIndustries, topLevelGroups } from "./industries.ts";
import { keyGroups, type KeyedGroup } from "./industry-keys.ts";
import type { SortRow } from "./sort.ts";

/** The fields of a transaction the widget reads (`$select`); the industries field is configured. */
export type TransactionData = Pick<
  Transaction,
  "Id" | "Date" | "Company" | "Size" | "Description"
> &
  Partial<Pick<Transaction, "UrlName">>;

/** The fields the widget names in `$select`, the classification field last. */
export const TRANSACTION_FIELDS = ["Id", "Date", "Company", "Size", "Description"] as const;
/** Named too when the placeholder says where deal pages live (`data-deal-url`). */
export const DEAL_PAGE_FIELD = "UrlName";

/** Where the rows' configured values come from (the placeholder's attributes). */
export interface RowOptions {
  /** The classification field that holds a deal's industries. */
  readonly industriesField: string;
  /** The IANA zone in which a close date is a calendar day. */
  readonly timeZone: string;
  /** Where a deal's page lives (`{UrlName}` replaced); absent: the client is plain text. */
  readonly dealUrl?: string | null;
  /** Where a group's page lives (`{UrlName}` replaced); absent: the group is plain text. */
  readonly industryUrl?: string | null;
}

/** One transaction, ready to match, sort and show. */
export interface Row extends MatchRow, SortRow {
  readonly id: string;
  /** MM/DD/YYYY. */
  readonly closeDate: string;
  /** `1,250.0` or "Undisclosed". */
  readonly sizeText: string;
  readonly descriptionKey: string;
  /** The deal's page, when the placeholder says where deal pages live and the deal has a UrlName. */
  readonly dealHref: string | null;
  /** The industry group's page, when the placeholder says where they live and the group has one. */
  readonly groupHref: string | null;
  /** The description's HTML as the page gave it (not yet sanitised); null when the key has none. */
  readonly descriptionHtml: string | null;
}

/** Rows plus the industry groups offered in the checklist. */
export interface Model {
  readonly rows: readonly Row[];
  readonly groups: readonly KeyedGroup[];
}

/** The HTML for a description key; null when the table has no string for it. */
export function lookupDescription(
  descriptions: Readonly<Record<string, string>>,
  key: string,
): string | null {
  const html: unknown = Object.hasOwn(descriptions, key) ? descriptions[key] : undefined;
  return typeof html === "string" ? html : null;
}

// The API's answer is data from the network: a row or taxon with a missing or mistyped field
// must not take the whole widget down, so every field is read defensively.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const stringOr = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

/** Taxa with the fields the group resolver needs (an id, a parent id and a title). */
function usableTaxa(taxa: readonly IndustryTaxon[]): IndustryTaxon[] {
  return taxa.filter(
    (taxon: unknown) =>
      isRecord(taxon) &&
      typeof taxon.Id === "string" &&
      typeof taxon.ParentId === "string" &&
      typeof taxon.Title === "string",
  );
}

/** Turns one transaction of the API's answer into a row; made once per load by createRowBuilder. */
export type RowBuilder = (transaction: unknown, index: number) => Row | null;

/**
 * The rows' builder for one load, and the groups. A row's search text (the description's visible
 * text) is worked out only when a search or a sort first reads it, once per description key: the
 * first page of the table needs none of it. `prepareSearch` works it out ahead, a
 * slice at a time, while the visitor has not searched yet.
 */
export function createRowBuilder(
  industryTaxa: readonly IndustryTaxon[],
  descriptions: Readonly<Record<string, string>>,
  { industriesField, timeZone, dealUrl = null, industryUrl = null }: RowOptions = {
    industriesField: "industries",
    timeZone: "UTC",
  },
): { buildRow: RowBuilder; groups: readonly KeyedGroup[] } {
  const taxa = usableTaxa(industryTaxa);
  const resolve = createGroupResolver(taxa);
  const groups = keyGroups(topLevelGroups(taxa), taxa);
  // A group's page by its UrlName (the key), when the group has one of its own (not its Id).
  const groupHrefs = new Map(
    groups.map((g) => [
      g.id,
      industryUrl && g.key !== g.id.toLowerCase()
        ? industryUrl.replaceAll("{UrlName}", encodeURIComponent(g.key))
        : null,
    ]),
  );
  const texts = new Map<string, string>();
  const textOf = (key: string, html: string | null) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = (html === null ? key.replace(/\s+/g, " ").trim() : htmlToText(html)).toLowerCase();
      texts.set(key, text);
    }
    return text;
  };
  const buildRow: RowBuilder = (t, index) => {
    if (!isRecord(t)) return null;
    const date = stringOr(t.Date);
    const descriptionKey = stringOr(t.Description);
    const html = lookupDescription(descriptions, descriptionKey);
    const industries: unknown = t[industriesField];
    const ids = Array.isArray(industries)
      ? industries.filter((id): id is string => typeof id === "string")
      : [];
    const group = groupOfIndustries(ids, resolve);
    const day = calendarDay(date, timeZone);
    const size = typeof t.Size === "number" && Number.isFinite(t.Size) ? t.Size : null;
    const urlName = stringOr(t.UrlName);
    return {
      id: stringOr(t.Id, `row-${index}`),
      date: day,
      closeDate: formatCloseDate(day),
      company: stringOr(t.Company),
      size,
      sizeText: formatSize(size),
      descriptionKey,
      dealHref:
        dealUrl && urlName ? dealUrl.replaceAll("{UrlName}", encodeURIComponent(urlName)) : null,
      descriptionHtml: html,
      get text() {
        return textOf(descriptionKey, html);
      },
      groupId: group?.id ?? null,
      groupTitle: group?.title ?? "",
      groupHref: (group && groupHrefs.get(group.id)) ?? null,
    };
  };
  return { buildRow, groups };
}

/** Builds every row and the groups at once (see createRowBuilder; the widget builds in slices). */
export function buildModel(
  transactions: readonly TransactionData[],
  industryTaxa: readonly IndustryTaxon[],
  descriptions: Readonly<Record<string, string>>,
  options?: RowOptions,
): Model {
  const { buildRow, groups } = createRowBuilder(industryTaxa, descriptions, options);
  const rows: Row[] = [];
  transactions.forEach((t, index) => {
    const row = buildRow(t, index);
    if (row !== null) rows.push(row);
  });
  return { rows, groups };
}
