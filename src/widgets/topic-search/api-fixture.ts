import { vi } from "vitest";

// Test-only: realistic API bodies and a stub of `fetch`, the network boundary.

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

/** One answer of the stubbed server, or a failure to reach it. */
export type Reply = Response | Error;

/** A JSON reply as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

/** The OData list body of an entity set. */
export function list(entity: string, value: unknown[]): Response {
  return json({ "@odata.context": `http://localhost/api/default/$metadata#${entity}`, value });
}

/** Replies for /taxonomies and /flat-taxa; each may be a promise the test settles later. */
export interface Routes {
  taxonomies?: () => Reply | Promise<Reply>;
  flatTaxa?: () => Reply | Promise<Reply>;
}

/** Stubs `fetch` with the API: by default the fixture above. Returns the stub. */
export function serveApi(routes: Routes = {}) {
  const {
    taxonomies: taxonomiesReply = () => list("taxonomies", taxonomies),
    flatTaxa: flatTaxaReply = () => list("flat-taxa", FLAT_TAXA),
  } = routes;
  const stub = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const reply = url.endsWith("/api/default/taxonomies")
      ? await taxonomiesReply()
      : url.endsWith("/api/default/flat-taxa")
        ? await flatTaxaReply()
        : json({ error: { code: "NotFound", message: `no route ${url}` } }, 404);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  vi.stubGlobal("fetch", stub);
  return stub;
}

function taxonomy(Id: string, Name: string, Title: string, Type: 0 | 1) {
  return { Id, Name, Title, TaxaUrl: Name.toLowerCase(), TaxonName: Name, Type };
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
