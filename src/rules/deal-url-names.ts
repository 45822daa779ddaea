// Pure: the address of a deal's page (/transactions/{UrlName}) for deals whose content gave none.
import { foldText } from "./fold-text.ts";

/** What the rule reads of a deal. */
export interface DealForUrlName {
  readonly Id: string;
  readonly Company: string;
  /** The close date as stored or written (ISO 8601; the year is its first four characters). */
  readonly Date: string;
  readonly UrlName?: string | undefined;
}

const MAX_SLUG = 80;

/** `Keystone Networks Co.` -> `keystone-networks-co`; `Calder & Rowe` -> `calder-and-rowe`. */
export function slugify(text: string): string {
  const slug = foldText(text)
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG) return slug;
  const cut = slug.slice(0, MAX_SLUG);
  return cut.slice(0, cut.lastIndexOf("-") > 0 ? cut.lastIndexOf("-") : MAX_SLUG);
}

/**
 * Every deal's UrlName, in the given order: a given one is kept; otherwise the client's name as a
 * slug. Names taken are compared without regard to case. Deals that share a slug take turns by
 * close date (then Id), the earliest first, so a deal closed later never takes the address of one
 * already there: the first keeps the bare slug, later ones add their close year, and a second deal
 * of that client in one year adds the start of its Id. The same file always gives the same names.
 */
export function dealUrlNames(deals: readonly DealForUrlName[]): string[] {
  const taken = new Set<string>();
  for (const deal of deals) if (deal.UrlName) taken.add(deal.UrlName.toLowerCase());
  const names = deals.map((deal) => deal.UrlName ?? "");
  const waiting = deals
    .map((deal, index) => ({ deal, index }))
    .filter(({ deal }) => !deal.UrlName)
    .sort(
      (a, b) =>
        compare(a.deal.Date, b.deal.Date) ||
        compare(a.deal.Id.toLowerCase(), b.deal.Id.toLowerCase()),
    );
  for (const { deal, index } of waiting) {
    const base = slugify(deal.Company) || "deal";
    const year = /^\d{4}/.exec(deal.Date)?.[0];
    const id = deal.Id.toLowerCase().replace(/[^a-z0-9]/g, "");
    const withId = [base, year, id.slice(0, 8)].filter(Boolean).join("-");
    const candidates = [base, year && `${base}-${year}`, withId];
    let name = candidates.find((c): c is string => Boolean(c) && !taken.has(c as string));
    for (let n = 2; name === undefined; n++) {
      if (!taken.has(`${base}-${id}-${n}`)) name = `${base}-${id}-${n}`;
    }
    taken.add(name);
    names[index] = name;
  }
  return names;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
