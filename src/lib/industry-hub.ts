// What an industry hub states, computed from its deals.

/** The fields of a deal the figures read. */
export interface FigureDeal {
  /** ISO 8601, as the API writes it. */
  Date: string;
  /** $MM; null when undisclosed. */
  Size: number | null;
}

export interface YearCount {
  year: number;
  deals: number;
}

export interface HubFigures {
  deals: number;
  /** The sum of the disclosed sizes, $MM, and how many deals disclosed one. */
  disclosedValue: number;
  disclosedDeals: number;
  /** The first and last year with a deal; null without deals. */
  firstYear: number | null;
  lastYear: number | null;
  /** Every year from the first to the last, with its count (0 for a quiet year). */
  perYear: YearCount[];
}

// A close date's year, as the deal pages show it (the calendar day in UTC).
const yearOf = (iso: string) => new Date(iso).getUTCFullYear();

/** The hub's key figures and its deals per year. */
export function hubFigures(deals: readonly FigureDeal[]): HubFigures {
  const counts = new Map<number, number>();
  let disclosedValue = 0;
  let disclosedDeals = 0;
  for (const deal of deals) {
    const year = yearOf(deal.Date);
    counts.set(year, (counts.get(year) ?? 0) + 1);
    if (deal.Size !== null) {
      disclosedValue += deal.Size;
      disclosedDeals += 1;
    }
  }
  const years = [...counts.keys()];
  const firstYear = years.length ? Math.min(...years) : null;
  const lastYear = years.length ? Math.max(...years) : null;
  const perYear: YearCount[] = [];
  if (firstYear !== null && lastYear !== null)
    for (let year = firstYear; year <= lastYear; year++)
      perYear.push({ year, deals: counts.get(year) ?? 0 });
  return { deals: deals.length, disclosedValue, disclosedDeals, firstYear, lastYear, perYear };
}

/** "2012 – 2026", one year alone, or null without deals. */
export function yearsActive(figures: HubFigures): string | null {
  if (figures.firstYear === null || figures.lastYear === null) return null;
  return figures.firstYear === figures.lastYear
    ? String(figures.firstYear)
    : `${figures.firstYear} – ${figures.lastYear}`;
}

/** The chart's one-sentence reading, for its accessible name. */
export function perYearSummary(groupTitle: string, figures: HubFigures): string {
  if (figures.perYear.length === 0) return `${groupTitle}: no transactions yet.`;
  const busiest = figures.perYear.reduce((a, b) => (b.deals > a.deals ? b : a));
  const range = yearsActive(figures);
  return (
    `${groupTitle} transactions per year, ${range}: ${figures.deals} in all, ` +
    `the most in ${busiest.year} (${busiest.deals}).`
  );
}
