// The widget's own test data (its industries' taxa, its deals, the page's descriptions) on the
// shared fake web service (widgets/shared/test-service.ts), and a StrictMode render helper.
import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { createElement, StrictMode } from "react";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import type { WidgetConfig } from "../shared/config.ts";
import { INDUSTRIES_TAXONOMY_ID, serviceWith, testConfig } from "../shared/test-service.ts";
import { HistoricalTransactions } from "./HistoricalTransactions.tsx";

export const HEALTHCARE = "a0000000-0000-4000-8000-000000000001";
export const TECHNOLOGY = "a0000000-0000-4000-8000-000000000002";
export const INDUSTRIALS = "a0000000-0000-4000-8000-000000000003";
const MEDICAL_DEVICES = "b0000000-0000-4000-8000-000000000001";
const ORTHOPEDICS = "b0000000-0000-4000-8000-000000000002";
const SOFTWARE = "b0000000-0000-4000-8000-000000000003";

const taxon = (Id: string, Title: string, ParentId: string, Ordinal: number) => ({
  Id,
  Title,
  Name: Title.toLowerCase().replace(/\s+/g, "-"),
  UrlName: Title.toLowerCase().replace(/\s+/g, "-"),
  Description: "",
  Synonyms: "",
  Ordinal,
  TaxonomyId: INDUSTRIES_TAXONOMY_ID,
  ParentId,
});

export const HIERARCHY_TAXA = [
  taxon(HEALTHCARE, "Healthcare", ROOT_PARENT_ID, 1),
  taxon(TECHNOLOGY, "Technology", ROOT_PARENT_ID, 2),
  taxon(INDUSTRIALS, "Industrials", ROOT_PARENT_ID, 3),
  taxon(MEDICAL_DEVICES, "Medical Devices", HEALTHCARE, 1),
  taxon(ORTHOPEDICS, "Orthopedics", MEDICAL_DEVICES, 1),
  taxon(SOFTWARE, "Software", TECHNOLOGY, 1),
];

const deal = (
  n: number,
  Date: string,
  Company: string,
  Size: number | null,
  Description: string,
  industries: string[],
) => ({
  Id: `c0000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  Date,
  Company,
  Size,
  Description,
  industries,
});

/** Newest first, as the API sends them for `$orderby=Date desc`. */
export const TRANSACTIONS = [
  deal(1, "2023-11-30T00:00:00Z", "Northwind Health", 450, "northwind", [ORTHOPEDICS]),
  deal(2, "2022-06-01T00:00:00Z", "Contoso Software", null, "contoso", [SOFTWARE, INDUSTRIALS]),
  deal(3, "2021-03-15T00:00:00Z", "Acme Corp", 125, "acme-sale", [INDUSTRIALS]),
  deal(4, "2020-01-01T00:00:00Z", "Fabrikam", 80.5, "fabrikam", [HEALTHCARE]),
  deal(5, "2019-07-04T00:00:00Z", "Globex", 2000, "globex-missing", []),
];

export const DESCRIPTIONS: Record<string, string> = {
  northwind: "<p>Sale of <strong>Northwind Health</strong> to a private equity sponsor</p>",
  contoso: "<p>Recapitalization of a software &amp; services company</p>",
  "acme-sale": "<p>Acquisition of Acme Corp by a strategic buyer</p>",
  fabrikam:
    '<p>Merger of Fabrikam<img src="x" onerror="alert(1)"><script>alert(2)</script> with a peer</p>',
};

/** `count` deals, one a day going back from 2023-12-31, sizes 1…count. */
export function manyTransactions(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2023, 11, 31 - i)).toISOString().replace(".000", "");
    return deal(100 + i, date, `Client ${String(i + 1).padStart(3, "0")}`, i + 1, "acme-sale", [
      HEALTHCARE,
    ]);
  });
}

/**
 * Stands up the fake web service with the deals (`transactions`) and the industries' taxa
 * (`hierarchy-taxa`) above; returns the decoded URLs requested and the `fetch` stub.
 */
export const stubApi = serviceWith({
  transactions: TRANSACTIONS,
  "hierarchy-taxa": HIERARCHY_TAXA,
});

/** Renders the widget as mount does (StrictMode) and returns a user-event session. */
export function renderWidget({
  config = testConfig(),
  descriptions = DESCRIPTIONS,
}: { config?: WidgetConfig; descriptions?: Record<string, string> } = {}) {
  const user = userEvent.setup();
  const result = render(
    createElement(
      StrictMode,
      null,
      createElement(HistoricalTransactions, { config, descriptions }),
    ),
  );
  return { user, ...result };
}

/** Waits for the table, then gives its data rows as lists of cell texts. */
export async function findTableRows(): Promise<string[][]> {
  const table = await screen.findByRole("table", { name: "Historical transactions" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent ?? ""),
    );
}

/** The Client column of the rows on screen. */
export async function clientsShown(): Promise<string[]> {
  return (await findTableRows()).map((cells) => cells[1] ?? "");
}

/** The live region with the number of results (the first status of the results). */
export function resultCount(): HTMLElement {
  const results = screen.getByRole("region", { name: "Results" });
  return within(results).getAllByRole("status")[0] as HTMLElement;
}

/** Opens the industry groups' check boxes (collapsed at first) with the toggle, as a visitor does. */
export async function showIndustries(user: UserEvent): Promise<void> {
  const toggle = within(screen.getByRole("group", { name: "Industry group" })).getByRole("button");
  if (toggle.getAttribute("aria-expanded") === "false") await user.click(toggle);
}
