import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clientsShown,
  HEALTHCARE,
  INDUSTRIALS,
  TECHNOLOGY,
  manyTransactions,
  renderWidget,
  showIndustries,
  stubApi,
} from "./test-fixtures.ts";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
});

const goBack = () =>
  act(async () => {
    await new Promise<void>((resolve) => {
      window.addEventListener("popstate", () => resolve(), { once: true });
      window.history.back();
    });
  });

describe("Historical Transactions: the search in the URL", () => {
  it("writes the search to this page's address even when the host page has a <base> on another origin", async () => {
    const base = document.head.appendChild(document.createElement("base"));
    base.href = "https://cdn.example/assets/";
    try {
      stubApi();
      const { user } = renderWidget();
      await screen.findByRole("table");
      await user.type(screen.getByLabelText("Search by description"), "acme");
      await user.click(screen.getByRole("button", { name: "Search Historical Transactions" }));
      expect(window.location.pathname).toBe("/transactions");
      expect(new URLSearchParams(window.location.search).get("q")).toBe("acme");
    } finally {
      base.remove();
    }
  });

  it("writes the submitted filters to the address, one history entry per search", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");
    const entries = window.history.length;

    await user.type(screen.getByLabelText("Search by description"), "acme corp");
    await user.click(screen.getByRole("radio", { name: "Below" }));
    await user.type(screen.getByLabelText("Amount ($MM)"), "500");
    await showIndustries(user);
    await user.click(screen.getByRole("checkbox", { name: "Healthcare" }));
    expect(window.location.search).toBe("");
    await user.click(screen.getByRole("button", { name: "Search Historical Transactions" }));

    const params = new URLSearchParams(window.location.search);
    expect(window.location.pathname).toBe("/transactions");
    expect(params.get("q")).toBe("acme corp");
    expect(params.get("size")).toBe("below");
    expect(params.get("amount")).toBe("500");
    // The group by its UrlName: a reader of the shared link sees what it searches for.
    expect(params.getAll("industry")).toEqual(["healthcare"]);
    expect(window.history.length).toBe(entries + 1);
  });

  it("applies the filters, sort and page of the address it starts on", async () => {
    window.history.replaceState(null, "", "/transactions?industry=healthcare&amount=100");
    stubApi();
    const { user } = renderWidget();

    expect(await clientsShown()).toEqual(["Northwind Health"]);
    expect(screen.getByLabelText("Amount ($MM)")).toHaveValue(100);
    expect(screen.getByRole("button", { name: "1 of 3 selected" })).toBeInTheDocument();
    await showIndustries(user);
    expect(screen.getByRole("checkbox", { name: "Healthcare" })).toBeChecked();
  });

  it("opens a link shared with the groups' Ids, and puts their UrlNames in its place", async () => {
    window.history.replaceState(
      null,
      "",
      `/transactions?lang=en&industry=${TECHNOLOGY.toUpperCase()}&industry=${HEALTHCARE}&industry=${INDUSTRIALS}`,
    );
    stubApi();
    const entries = window.history.length;
    const { user } = renderWidget();

    expect(await clientsShown()).toEqual([
      "Northwind Health",
      "Contoso Software",
      "Acme Corp",
      "Fabrikam",
    ]);
    await showIndustries(user);
    for (const name of ["Healthcare", "Technology", "Industrials"])
      expect(screen.getByRole("checkbox", { name })).toBeChecked();
    expect(window.location.search).toBe(
      "?lang=en&industry=healthcare&industry=technology&industry=industrials",
    );
    // Rewritten in place: Back still leaves the page rather than returning to the Ids.
    expect(window.history.length).toBe(entries);
    await user.click(screen.getByRole("checkbox", { name: "Industrials" }));
    await user.click(screen.getByRole("button", { name: "Search Historical Transactions" }));
    expect(window.location.search).toBe("?lang=en&industry=healthcare&industry=technology");
  });

  it("opens a shared address on its page and sort", async () => {
    window.history.replaceState(null, "", "/transactions?sort=client&order=desc&page=2");
    stubApi({ sets: { transactions: manyTransactions(60) } });
    renderWidget();

    expect((await clientsShown())[0]).toBe("Client 035");
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("columnheader", { name: "Client" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  it("ignores what it cannot read in the address", async () => {
    window.history.replaceState(
      null,
      "",
      "/transactions?date=2021-02-31&amount=lots&page=x&sort=zzz",
    );
    stubApi();
    renderWidget();

    expect(await clientsShown()).toHaveLength(5);
    expect(screen.getByLabelText("Close date")).toHaveValue("");
  });

  it("restores the previous search on Back", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.type(screen.getByLabelText("Search by description"), "acme{Enter}");
    expect(await clientsShown()).toEqual(["Acme Corp"]);
    await user.clear(screen.getByLabelText("Search by description"));
    await user.type(screen.getByLabelText("Search by description"), "northwind{Enter}");
    expect(await clientsShown()).toEqual(["Northwind Health"]);

    await goBack();
    expect(await clientsShown()).toEqual(["Acme Corp"]);
    expect(screen.getByLabelText("Search by description")).toHaveValue("acme");
    await goBack();
    expect(await clientsShown()).toHaveLength(5);
    expect(screen.getByLabelText("Search by description")).toHaveValue("");
  });

  it("keeps the host page's own parameters", async () => {
    window.history.replaceState(null, "", "/partner-page?lang=en#deals");
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.type(screen.getByLabelText("Search by description"), "acme{Enter}");
    expect(window.location.pathname).toBe("/partner-page");
    expect(window.location.search).toBe("?lang=en&q=acme");
    expect(window.location.hash).toBe("#deals");
  });

  it("keeps what the visitor is typing when an in-page link changes only the fragment", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");
    await user.type(screen.getByLabelText("Search by description"), "acme{Enter}");
    await user.type(screen.getByLabelText("Search by description"), " corp");

    // Following a fragment link (the site's skip link, a host page's anchor) fires popstate.
    act(() => {
      window.history.pushState(null, "", "#main");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByLabelText("Search by description")).toHaveValue("acme corp");
    expect(await clientsShown()).toEqual(["Acme Corp"]);
  });
});
