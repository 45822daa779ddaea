import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findTableRows, renderWidget, stubApi, TRANSACTIONS } from "./test-fixtures.ts";
import {
  deferred,
  INDUSTRIES_TAXONOMY_ID,
  json,
  outage,
  SERVICE_FAILURES,
  TAXONOMIES,
  testConfig,
} from "../shared/test-service.ts";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
});

describe("Historical Transactions: loading", () => {
  it("shows Loading until the transaction list arrives", async () => {
    const gate = deferred();
    stubApi({ intercept: { transactions: (_url, answer) => gate.promise.then(answer) } });
    renderWidget();

    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
  });

  it("names in $select every field it reads, the industries field included", async () => {
    const { requests: requested } = stubApi();
    renderWidget();
    await screen.findByRole("table");

    const api = `${window.location.origin}/api/default`;
    expect(new Set(requested)).toEqual(
      new Set([
        `${api}/transactions?$select=Id,Date,Company,Size,Description,industries&$orderby=Date desc`,
        `${api}/taxonomies?$select=Id,Name`,
        `${api}/hierarchy-taxa?$select=Id,Title,ParentId,Ordinal,UrlName&$filter=TaxonomyId eq ${INDUSTRIES_TAXONOMY_ID}`,
      ]),
    );
  });

  it("asks for each deal's UrlName and links its client there when data-deal-url is set", async () => {
    const named = TRANSACTIONS.map((t, i) => ({ ...t, UrlName: i === 1 ? "" : `deal-${i}` }));
    const { requests: requested } = stubApi({ sets: { transactions: named } });
    renderWidget({ config: testConfig({ dealUrl: "/transactions/{UrlName}" }) });
    const table = await screen.findByRole("table");

    const api = `${window.location.origin}/api/default`;
    expect(requested).toContain(
      `${api}/transactions?$select=Id,Date,Company,Size,Description,UrlName,industries&$orderby=Date desc`,
    );
    expect(within(table).getByRole("link", { name: "Northwind Health" })).toHaveAttribute(
      "href",
      "/transactions/deal-0",
    );
    // A deal without a UrlName keeps its client as text.
    expect(within(table).queryByRole("link", { name: "Contoso Software" })).toBeNull();
    expect(within(table).getByText("Contoso Software")).toBeInTheDocument();
  });

  it("links each industry group to its page by UrlName when data-industry-url is set", async () => {
    stubApi();
    renderWidget({ config: testConfig({ industryUrl: "/industries/{UrlName}" }) });
    const table = await screen.findByRole("table");
    const links = within(table).getAllByRole("link", { name: "Healthcare" });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute("href", "/industries/healthcare");
  });

  it("shows the industry groups as text without data-industry-url", async () => {
    stubApi();
    renderWidget();
    const table = await screen.findByRole("table");
    expect(within(table).queryByRole("link", { name: "Healthcare" })).toBeNull();
  });

  it("calls the configured web service when embedded elsewhere", async () => {
    const base = "https://firm.example/api/firm";
    const { requests: requested } = stubApi({ base });
    renderWidget({ config: testConfig({ apiBase: base, siteBase: "https://firm.example" }) });
    await screen.findByRole("table");

    expect(new Set(requested).size).toBe(3);
    expect(requested.every((url) => url.startsWith(`${base}/`))).toBe(true);
  });
});

describe("Historical Transactions: results table", () => {
  it("lists every transaction with its close date, client, size, description and group", async () => {
    stubApi();
    renderWidget();

    const table = await screen.findByRole("table", { name: "Historical transactions" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers.map((h) => h?.replace(/[↕▲▼]/g, ""))).toEqual([
      "Close Date",
      "Client",
      "Size / $MM",
      "Description",
      "Industry Group",
    ]);
    expect(await findTableRows()).toEqual([
      [
        "11/30/2023",
        "Northwind Health",
        "450.0",
        "Sale of Northwind Health to a private equity sponsor",
        "Healthcare",
      ],
      [
        "06/01/2022",
        "Contoso Software",
        "Undisclosed",
        "Recapitalization of a software & services company",
        "Technology",
      ],
      [
        "03/15/2021",
        "Acme Corp",
        "125.0",
        "Acquisition of Acme Corp by a strategic buyer",
        "Industrials",
      ],
      ["01/01/2020", "Fabrikam", "80.5", "Merger of Fabrikam with a peer", "Healthcare"],
      ["07/04/2019", "Globex", "2,000.0", "globex-missing", ""],
    ]);
  });

  it("renders description HTML with its formatting but without scripts or handlers", async () => {
    stubApi();
    renderWidget();

    const table = await screen.findByRole("table");
    const strong = within(table).getByText("Northwind Health", { selector: "strong" });
    expect(strong.tagName).toBe("STRONG");
    expect(table.querySelector("script")).toBeNull();
    expect(table.querySelector("[onerror]")).toBeNull();
  });

  it("shows the key as text when the page has no description for it", async () => {
    stubApi();
    renderWidget({ descriptions: { northwind: "<p><em>Sold</em></p>" } });

    const cell = (await screen.findAllByRole("cell")).find((c) => c.textContent === "acme-sale");
    expect(cell).toBeDefined();
    // Text in the description's box, not HTML.
    expect(cell?.querySelectorAll("*")).toHaveLength(1);
  });
});

describe("Historical Transactions: a web service without the industries taxonomy", () => {
  it("still lists the deals, says no groups are available, and names the cause in the console", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    stubApi({ sets: { taxonomies: TAXONOMIES.filter((t) => t.Id !== INDUSTRIES_TAXONOMY_ID) } });
    renderWidget();

    const rows = await findTableRows();
    expect(rows).toHaveLength(5);
    expect(rows.every((cells) => cells[4] === "")).toBe(true);
    const group = screen.getByRole("group", { name: "Industry group" });
    expect(group).toHaveTextContent("No industry groups are available to filter by.");
    expect(within(group).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(console).toHaveBeenCalledWith(
      expect.stringContaining('the web service has no taxonomy named "industries" (it has: Tags)'),
    );
  });
});

describe("Historical Transactions: when a call fails", () => {
  it.each(SERVICE_FAILURES)(
    "says so when %s, and Try again loads the list",
    async (_, failure, message) => {
      const taxonomies = outage(failure);
      stubApi({ intercept: { taxonomies: taxonomies.intercept } });
      const { user } = renderWidget();

      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(message);
      expect(screen.queryByText("Loading")).not.toBeInTheDocument();

      taxonomies.recover();
      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(await findTableRows()).toHaveLength(5);
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    },
  );

  it("keeps keyboard focus in the widget after Try again, instead of dropping it to the page", async () => {
    const taxonomies = outage(() => json({ Message: "Down" }, 503));
    stubApi({ intercept: { taxonomies: taxonomies.intercept } });
    const { user } = renderWidget();
    await screen.findByRole("alert");
    taxonomies.recover();
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("region", { name: "Historical transactions" })).toHaveFocus();
    await findTableRows();
    expect(document.activeElement).not.toBe(document.body);
  });

  it("puts the cause in the console for the web team", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    stubApi({ intercept: { transactions: () => new Response("", { status: 401 }) } });
    renderWidget();
    await screen.findByRole("alert");
    expect(console).toHaveBeenCalledWith(
      expect.stringMatching(
        /^The transactions could not be loaded: GET .*\/transactions\?.* answered 401: the web service refused anonymous access/,
      ),
    );
  });

  it("fails the same way when the transaction list itself fails", async () => {
    stubApi({ intercept: { transactions: () => json({ Message: "Down" }, 503) } });
    renderWidget();

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The server reported an error: Down",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
