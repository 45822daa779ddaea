import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  defaultApi,
  deferred,
  findTableRows,
  INDUSTRIES_TAXONOMY_ID,
  jsonResponse,
  renderWidget,
  stubApi,
} from "./test-fixtures.ts";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Historical Transactions: loading", () => {
  it("shows Loading until the transaction list arrives", async () => {
    const gate = deferred();
    const api = defaultApi();
    const sendTransactions = api.transactions;
    stubApi({ ...api, transactions: () => gate.promise.then(sendTransactions) });
    renderWidget();

    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
  });

  it("requests exactly the transactions, the taxonomies and the industries' taxa", async () => {
    const requested = stubApi();
    renderWidget();
    await screen.findByRole("table");

    expect(new Set(requested)).toEqual(
      new Set([
        "/api/default/transactions?$orderby=Date desc",
        "/api/default/taxonomies",
        `/api/default/hierarchy-taxa?$filter=TaxonomyId eq ${INDUSTRIES_TAXONOMY_ID}`,
      ]),
    );
  });

  it("calls the API of the site that served the widget when embedded elsewhere", async () => {
    const requested = stubApi();
    renderWidget({ apiBase: "https://firm.example" });
    await screen.findByRole("table");

    expect(requested).toContain("https://firm.example/api/default/transactions?$orderby=Date desc");
    expect(requested.every((url) => url.startsWith("https://firm.example/api/default/"))).toBe(
      true,
    );
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
    expect(cell?.children).toHaveLength(0);
  });
});

describe("Historical Transactions: when a call fails", () => {
  it.each([
    [
      "the network is down",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "The server could not be reached.",
    ],
    [
      "the API answers an OData error",
      () => jsonResponse('{"error":{"code":"BadRequest","message":"Unknown property"}}', 400),
      "The server reported an error: Unknown property",
    ],
    [
      "the API answers a Sitefinity error",
      () => jsonResponse('{"Message":"An error has occurred."}', 500),
      "The server reported an error: An error has occurred.",
    ],
    [
      "the body is not JSON",
      () => new Response("<html>Bad gateway</html>", { status: 502 }),
      "The server sent an unreadable answer (HTTP 502).",
    ],
  ])("says so when %s, and Try again loads the list", async (_, failure, message) => {
    const api = defaultApi();
    let isDown = true;
    stubApi({ ...api, taxonomies: () => (isDown ? failure() : api.taxonomies()) });
    const { user } = renderWidget();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();

    isDown = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await findTableRows()).toHaveLength(5);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps keyboard focus in the widget after Try again, instead of dropping it to the page", async () => {
    const api = defaultApi();
    let isDown = true;
    stubApi({
      ...api,
      taxonomies: () => (isDown ? jsonResponse('{"Message":"Down"}', 503) : api.taxonomies()),
    });
    const { user } = renderWidget();
    await screen.findByRole("alert");
    isDown = false;
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("region", { name: "Historical transactions" })).toHaveFocus();
    await findTableRows();
    expect(document.activeElement).not.toBe(document.body);
  });

  it("fails the same way when the transaction list itself fails", async () => {
    stubApi({ ...defaultApi(), transactions: () => jsonResponse('{"Message":"Down"}', 503) });
    renderWidget();

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The server reported an error: Down",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
