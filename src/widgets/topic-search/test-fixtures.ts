// The widget's own test data (the taxa of Tags and of another flat taxonomy) on the shared fake
// web service (widgets/shared/test-service.ts), and a StrictMode render helper.
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement, StrictMode } from "react";
import type { WidgetConfig } from "../shared/config.ts";
import { serviceWith, TAGS_TAXONOMY_ID, TAXONOMIES, testConfig } from "../shared/test-service.ts";
import { TopicSearch, type TopicSearchProps } from "./TopicSearch.tsx";

const REGIONS_ID = "e5cd6d69-1543-427b-ad62-688a99f5e7d4";

/** Another flat taxonomy, whose taxa are not topics. */
const REGIONS = {
  Id: REGIONS_ID,
  Name: "regions",
  Title: "Regions",
  TaxaUrl: "flat-taxa",
  TaxonName: "regions",
  Type: 0,
};

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

/**
 * Stands up the fake web service with the taxonomies, regions among them, and the flat taxa
 * (`flat-taxa`) above; returns the decoded URLs requested and the `fetch` stub.
 */
export const stubApi = serviceWith({
  taxonomies: [...TAXONOMIES, REGIONS],
  "flat-taxa": FLAT_TAXA,
});

/** Renders the widget as mount does (StrictMode) and returns a user-event session. */
export function renderWidget(
  config: WidgetConfig = testConfig(),
  props: Omit<TopicSearchProps, "config"> = {},
) {
  const user = userEvent.setup();
  const result = render(
    createElement(StrictMode, null, createElement(TopicSearch, { config, ...props })),
  );
  return { user, ...result };
}

function taxon(Title: string, Name: string, UrlName: string, TaxonomyId = TAGS_TAXONOMY_ID) {
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
