import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "./mount.tsx";
import {
  adoptedSheetTexts,
  giveDocumentConstructableSheets,
  serveStylesheet,
} from "../shared/test-stylesheets.ts";
import { INDUSTRIES_TAXONOMY_ID, stubService, TAXONOMIES } from "../shared/test-service.ts";
import { findTableRows, HIERARCHY_TAXA, stubApi, TRANSACTIONS } from "./test-fixtures.ts";

let placeholder: HTMLElement;
const SCRIPT = "https://firm.example/embed.js";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
  placeholder = document.createElement("div");
  placeholder.id = "historicaltransactions";
  const descriptions = document.createElement("script");
  descriptions.type = "application/json";
  descriptions.id = "historicaltransactions-descriptions";
  descriptions.textContent = JSON.stringify({ "acme-sale": "<p>Bought by <em>Initech</em></p>" });
  document.body.append(descriptions, placeholder);
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function mountHere(attributes: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(attributes)) placeholder.setAttribute(name, value);
  let unmount = () => {};
  act(() => {
    unmount = mount(placeholder, { scriptUrl: SCRIPT });
  });
  return () => act(() => unmount());
}

describe("mount", () => {
  it("renders the widget with the page's descriptions, reading /api/default where the script came from", async () => {
    const { requests: requested } = stubApi({ base: "https://firm.example/api/default" });
    const unmount = mountHere();

    expect(await screen.findAllByText("Initech", { selector: "em" })).not.toHaveLength(0);
    expect(placeholder).toContainElement(screen.getByRole("table"));
    expect(requested.every((url) => url.startsWith("https://firm.example/api/default/"))).toBe(
      true,
    );

    unmount();
    expect(placeholder).toBeEmptyDOMElement();
  });

  it("is configured by the placeholder's data attributes alone", async () => {
    // A Sitefinity site: its own service route, a renamed set, "Industries" with a capital,
    // another classification field, and close dates stored as a London editor's midnight.
    const closes = [
      ["2023-06-30T23:00:00.1234567Z", "07/01/2023"],
      ["2022-05-31T23:00:00.123Z", "06/01/2022"],
      ["2021-03-15T00:00:00Z", "03/15/2021"],
    ];
    const deals = TRANSACTIONS.slice(0, 3).map(({ industries, ...deal }, i) => ({
      ...deal,
      Date: closes[i]![0],
      DealIndustries: industries,
    }));
    const { requests } = stubService({
      base: `${window.location.origin}/api/firm`,
      sets: {
        deals,
        taxonomies: TAXONOMIES.map((t) =>
          t.Id === INDUSTRIES_TAXONOMY_ID ? { ...t, Name: "Industries" } : t,
        ),
        "hierarchy-taxa": HIERARCHY_TAXA,
      },
      classificationFields: ["DealIndustries"],
    });
    mountHere({
      "data-api-base": "/api/firm",
      "data-transactions-set": "deals",
      "data-industries-taxonomy": "industries",
      "data-industries-field": "DealIndustries",
      "data-time-zone": "Europe/London",
    });

    const rows = await findTableRows();
    expect(rows.map((cells) => [cells[0], cells[1], cells[4]])).toEqual([
      ["07/01/2023", "Northwind Health", "Healthcare"],
      ["06/01/2022", "Contoso Software", "Technology"],
      ["03/15/2021", "Acme Corp", "Industrials"],
    ]);
    expect(requests.every((url) => url.includes("/api/firm/"))).toBe(true);
  });

  it.each([
    ["data-time-zone", "Europe/Londn"],
    ["data-api-base", "ftp://firm.example/api"],
    ["data-transactions-set", "deals?$top=1"],
  ])("names a bad %s in the console and says so in the placeholder", async (name, value) => {
    const { requests: requested } = stubApi();
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    mountHere({ [name]: value });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The transactions cannot be shown");
    expect(console).toHaveBeenCalledWith(expect.stringContaining(`${name}="${value}"`));
    expect(requested).toEqual([]);
    expect(within(placeholder).queryByRole("table")).not.toBeInTheDocument();
  });

  it("adopts the widget's stylesheet and, on a page without the brand, its tokens, once each, where the browser supports constructed sheets", async () => {
    stubApi();
    const stylesheetFetches = serveStylesheet(".ht{color:red}");
    const restore = giveDocumentConstructableSheets();
    try {
      const unmounts: (() => void)[] = [mountHere()];
      act(() => {
        const second = document.body.appendChild(document.createElement("div"));
        const stop = mount(second, { scriptUrl: SCRIPT });
        unmounts.push(() => act(() => stop()));
      });
      // This document declares neither the brand's tokens nor the widget's styles, as another
      // site's page: the widget brings both, once each however often it mounts.
      await vi.waitFor(() => expect(adoptedSheetTexts()).toHaveLength(2));
      expect(adoptedSheetTexts()).toContain(".ht{color:red}");
      expect(stylesheetFetches).toHaveLength(1);
      unmounts.forEach((unmount) => unmount());
    } finally {
      restore();
    }
  });
});
