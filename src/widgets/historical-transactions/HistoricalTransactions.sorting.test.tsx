import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clientsShown,
  manyTransactions,
  renderWidget,
  resultCount,
  stubApi,
} from "./test-fixtures.ts";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
});

const header = (name: string) => screen.getByRole("columnheader", { name });
const sortButton = (name: string) => within(header(name)).getByRole("button");

describe("Historical Transactions: sorting", () => {
  it("starts newest first, marked on the Close Date column", async () => {
    stubApi();
    renderWidget();

    expect(await clientsShown()).toEqual([
      "Northwind Health",
      "Contoso Software",
      "Acme Corp",
      "Fabrikam",
      "Globex",
    ]);
    expect(header("Close Date")).toHaveAttribute("aria-sort", "descending");
    expect(header("Client")).not.toHaveAttribute("aria-sort");
  });

  it("sorts by a column from its header button, and back the other way", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.click(sortButton("Client"));
    expect(await clientsShown()).toEqual([
      "Acme Corp",
      "Contoso Software",
      "Fabrikam",
      "Globex",
      "Northwind Health",
    ]);
    expect(header("Client")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Close Date")).not.toHaveAttribute("aria-sort");

    await user.click(sortButton("Client"));
    expect((await clientsShown())[0]).toBe("Northwind Health");
    expect(header("Client")).toHaveAttribute("aria-sort", "descending");
  });

  it("sorts by size largest first with undisclosed last", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.click(sortButton("Size / $MM"));
    expect(await clientsShown()).toEqual([
      "Globex",
      "Northwind Health",
      "Acme Corp",
      "Fabrikam",
      "Contoso Software",
    ]);
    expect(header("Size / $MM")).toHaveAttribute("aria-sort", "descending");
  });

  it("sorts by close date oldest first", async () => {
    stubApi();
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.click(sortButton("Close Date"));
    expect((await clientsShown())[0]).toBe("Globex");
    expect(header("Close Date")).toHaveAttribute("aria-sort", "ascending");
  });
});

describe("Historical Transactions: paging", () => {
  it("shows 25 rows a page with numbered pages in a labelled nav", async () => {
    stubApi({ sets: { transactions: manyTransactions(60) } });
    renderWidget();

    expect(await clientsShown()).toHaveLength(25);
    const pager = screen.getByRole("navigation", { name: "Results pages" });
    expect(within(pager).getByRole("button", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(pager).getByRole("button", { name: "Page 3" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(within(pager).getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(resultCount()).toHaveTextContent("60 results");
  });

  it("moves between pages and puts focus on the results", async () => {
    stubApi({ sets: { transactions: manyTransactions(60) } });
    const { user } = renderWidget();
    await screen.findByRole("table");
    const pager = screen.getByRole("navigation", { name: "Results pages" });

    await user.click(within(pager).getByRole("button", { name: "Page 3" }));
    expect(await clientsShown()).toEqual(Array.from({ length: 10 }, (_, i) => `Client 0${51 + i}`));
    expect(within(pager).getByRole("button", { name: "Page 3" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(pager).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("table")).toHaveFocus();

    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect((await clientsShown())[0]).toBe("Client 026");
  });

  it("keeps every match reachable with thousands of transactions, rendering one page", async () => {
    stubApi({ sets: { transactions: manyTransactions(1000) } });
    const { user } = renderWidget();
    await screen.findByRole("table");
    const pager = screen.getByRole("navigation", { name: "Results pages" });

    expect(screen.getAllByRole("row")).toHaveLength(26);
    await user.click(within(pager).getByRole("button", { name: "Page 40" }));
    expect((await clientsShown()).at(-1)).toBe("Client 1000");
    await user.click(within(pager).getByRole("button", { name: "Page 39" }));
    await user.click(within(pager).getByRole("button", { name: "Page 38" }));
    expect((await clientsShown())[0]).toBe("Client 926");
  });

  it("goes back to page 1 after a search or a sort", async () => {
    stubApi({ sets: { transactions: manyTransactions(60) } });
    const { user } = renderWidget();
    await screen.findByRole("table");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await user.click(screen.getByRole("button", { name: "Search Historical Transactions" }));
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await user.click(sortButton("Client"));
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  it("shows no pager when one page holds every result", async () => {
    stubApi();
    renderWidget();
    await screen.findByRole("table");

    expect(screen.queryByRole("navigation", { name: "Results pages" })).not.toBeInTheDocument();
  });
});
