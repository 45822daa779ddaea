import { json, stubService, type Intercept } from "../shared/test-service.ts";

// Test-only: realistic API bodies and the fake web service behind `fetch`, the network boundary.

export { json };

export const TAGS_ID = "cb0f3a19-a211-48a7-88ec-77495c0f5374";
const REGIONS_ID = "e5cd6d69-1543-427b-ad62-688a99f5e7d4";
const INDUSTRIES_ID = "d3b5a1f0-2c4e-4a7b-9f10-6a8e2b7c9d01";

const taxonomies = [
  taxonomy(INDUSTRIES_ID, "industries", "Industries", 1),
  taxonomy(REGIONS_ID, "regions", "Regions", 0),
  taxonomy(TAGS_ID, "Tags", "Tags", 0),
];

/** Tags in a scrambled order, plus another flat taxonomy's taxa that are not topics. */
export const FLAT_TAXA = [
  taxon("Buy-side Advisory", "buy-side advisory", "buy-side-advisory"),
  taxon("ESG", "ESG", "esg"),
  taxon("Mergers", "mergers", "mergers"),
  taxon("Banking", "banking", "banking"),
  taxon("Énergie", "Énergie", "energie"),
  taxon("M&A Trends", "m&a trends", "m&a-trends"),
  taxon("Board Governance", "board governance", "board-governance"),
  taxon("Earnouts", "earnouts", "earnouts"),
  taxon("2025 Outlook", "2025 outlook", "2025-outlook"),
  taxon("Acquisitions", "acquisitions", "acquisitions"),
  taxon("Bavaria", "bavaria", "bavaria", REGIONS_ID),
  taxon("Quebec", "quebec", "quebec", REGIONS_ID),
];

/** The same, without the title that needs the "#" button. */
export const LETTER_TAXA = FLAT_TAXA.filter((t) => t.Title !== "2025 Outlook");

/** An OData list body, as a reply. */
export function list(entity: string, value: unknown[]): Response {
  return json({ "@odata.context": `http://localhost/api/default/$metadata#${entity}`, value });
}

/** The fake web service's sets, and per set (`taxonomies`, `flat-taxa`) an intercept. */
export interface Sets {
  taxonomies?: readonly Record<string, unknown>[];
  flatTaxa?: readonly Record<string, unknown>[];
  intercept?: Readonly<Record<string, Intercept>>;
  base?: string;
}

/** Stubs `fetch` with the web service (widgets/shared/test-service.ts): by default the fixture above. */
export function serveApi({
  taxonomies: taxonomyRows = taxonomies,
  flatTaxa = FLAT_TAXA,
  ...rest
}: Sets = {}) {
  return stubService({ ...rest, sets: { taxonomies: taxonomyRows, "flat-taxa": flatTaxa } }).fetch;
}

function taxonomy(Id: string, Name: string, Title: string, Type: 0 | 1) {
  return {
    Id,
    Name,
    Title,
    TaxaUrl: Type === 0 ? "flat-taxa" : "hierarchy-taxa",
    TaxonName: Name,
    Type,
  };
}

function taxon(Title: string, Name: string, UrlName: string, TaxonomyId = TAGS_ID) {
  return {
    Id: crypto.randomUUID(),
    Title,
    Name,
    UrlName,
    Description: "",
    Synonyms: "",
    Ordinal: 0,
    TaxonomyId,
  };
}
