// Pure: the API's lists turned, once per load, into rows with every derived value precomputed,
// so that a search or a sort over 10,000 transactions only compares ready-made values.
import type { Transaction } from "../../content/transaction.ts";
import type { MatchRow } from "./filters.ts";
import { datePart, descriptionText, formatCloseDate, formatSize } from "./format.ts";
import type { IndustryGroup, IndustryTaxon } from "./industries.ts";
import { createGroupResolver, groupOfIndustries, topLevelGroups } from "./industries.ts";
import type { SortRow } from "./sort.ts";

/** The fields of a transaction the widget reads. */
export type TransactionData = Pick<
  Transaction,
  "Id" | "Date" | "Company" | "Size" | "Description" | "industries"
>;

/** One transaction, ready to match, sort and show. */
export interface Row extends MatchRow, SortRow {
  readonly id: string;
  /** MM/DD/YYYY. */
  readonly closeDate: string;
  /** `1,250.0` or "Undisclosed". */
  readonly sizeText: string;
  readonly descriptionKey: string;
  /** The description's HTML as the page gave it (not yet sanitised); null when the key has none. */
  readonly descriptionHtml: string | null;
}

/** Rows plus the industry groups offered in the checklist. */
export interface Model {
  readonly rows: readonly Row[];
  readonly groups: readonly IndustryGroup[];
}

/** The HTML for a description key; null when the table has no string for it. */
export function lookupDescription(
  descriptions: Readonly<Record<string, string>>,
  key: string,
): string | null {
  const html: unknown = Object.hasOwn(descriptions, key) ? descriptions[key] : undefined;
  return typeof html === "string" ? html : null;
}

/** Builds the rows and groups; descriptions are looked up (and their text extracted) once per key. */
export function buildModel(
  transactions: readonly TransactionData[],
  industryTaxa: readonly IndustryTaxon[],
  descriptions: Readonly<Record<string, string>>,
): Model {
  const resolve = createGroupResolver(industryTaxa);
  const texts = new Map<string, string>();
  const textOf = (key: string, html: string | null) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = (
        html === null ? key.replace(/\s+/g, " ").trim() : descriptionText(html)
      ).toLowerCase();
      texts.set(key, text);
    }
    return text;
  };
  const rows = transactions.map((t): Row => {
    const html = lookupDescription(descriptions, t.Description);
    const group = groupOfIndustries(Array.isArray(t.industries) ? t.industries : [], resolve);
    const size = typeof t.Size === "number" && Number.isFinite(t.Size) ? t.Size : null;
    return {
      id: t.Id,
      date: datePart(t.Date),
      closeDate: formatCloseDate(t.Date),
      company: t.Company,
      size,
      sizeText: formatSize(size),
      descriptionKey: t.Description,
      descriptionHtml: html,
      text: textOf(t.Description, html),
      groupId: group?.id ?? null,
      groupTitle: group?.title ?? "",
    };
  });
  return { rows, groups: topLevelGroups(industryTaxa) };
}
