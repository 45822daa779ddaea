import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clientsShown,
  renderWidget,
  resultCount,
  showIndustries,
  stubApi,
} from "./test-fixtures.ts";

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
  stubApi();
});

const search = () => screen.getByRole("button", { name: "Search Historical Transactions" });
const checkbox = (name: string) => screen.getByRole("checkbox", { name });

/** The widget with its deals shown and the industry groups' check boxes opened. */
async function loaded() {
  const session = renderWidget();
  await screen.findByRole("table");
  await showIndustries(session.user);
  return session;
}

describe("Historical Transactions: filters", () => {
  it("starts with empty filters: no text, no date, no amount, above, no industries", async () => {
    await loaded();

    expect(screen.getByLabelText("Search by description")).toHaveValue("");
    expect(screen.getByLabelText("Close date")).toHaveValue("");
    expect(screen.getByLabelText("Amount ($MM)")).toHaveValue(null);
    expect(screen.getByRole("radio", { name: "Above" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Below" })).not.toBeChecked();
    for (const name of ["Select all", "Healthcare", "Technology", "Industrials"]) {
      expect(checkbox(name)).not.toBeChecked();
    }
  });

  it("finds description text whatever its case, and only after submit", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Search by description"), "STRATEGIC buyer");
    expect(await clientsShown()).toHaveLength(5);
    await user.click(search());
    expect(await clientsShown()).toEqual(["Acme Corp"]);
  });

  it("searches the visible text: entities decoded, tags ignored", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Search by description"), "software & services{Enter}");
    expect(await clientsShown()).toEqual(["Contoso Software"]);
    await user.clear(screen.getByLabelText("Search by description"));
    await user.type(screen.getByLabelText("Search by description"), "alert{Enter}");
    expect(resultCount()).toHaveTextContent("This search returned no results.");
  });

  it("keeps the deals closed on the typed date", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Close date"), "2021-03-15");
    await user.click(search());
    expect(await clientsShown()).toEqual(["Acme Corp"]);
  });

  it("keeps deals strictly above the amount, never undisclosed ones", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Amount ($MM)"), "125");
    await user.click(search());
    expect(await clientsShown()).toEqual(["Northwind Health", "Globex"]);
  });

  it("keeps deals strictly below the amount when Below is chosen", async () => {
    const { user } = await loaded();

    await user.click(screen.getByRole("radio", { name: "Below" }));
    await user.type(screen.getByLabelText("Amount ($MM)"), "125");
    await user.click(search());
    expect(await clientsShown()).toEqual(["Fabrikam"]);
  });

  it("keeps deals whose first industry belongs to a ticked group", async () => {
    const { user } = await loaded();

    await user.click(checkbox("Healthcare"));
    await user.click(search());
    expect(await clientsShown()).toEqual(["Northwind Health", "Fabrikam"]);
    await user.click(checkbox("Technology"));
    await user.click(search());
    expect(await clientsShown()).toEqual(["Northwind Health", "Contoso Software", "Fabrikam"]);
  });

  it("applies every filter together", async () => {
    const { user } = await loaded();

    await user.click(checkbox("Healthcare"));
    await user.type(screen.getByLabelText("Amount ($MM)"), "100");
    await user.type(screen.getByLabelText("Search by description"), "sale");
    await user.click(search());
    expect(await clientsShown()).toEqual(["Northwind Health"]);
  });

  it("says so when nothing matches", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Search by description"), "no such deal");
    await user.click(search());
    expect(screen.getByText("This search returned no results.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("announces the number of results after each search", async () => {
    const { user } = await loaded();
    const status = resultCount();
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toHaveTextContent("5 results");

    await user.click(checkbox("Healthcare"));
    await user.click(search());
    expect(status).toHaveTextContent("2 results");
    const before = status.textContent;
    await user.click(search());
    // The same count again: the text still changes, so screen readers announce it.
    expect(status).toHaveTextContent("2 results");
    expect(status.textContent).not.toBe(before);

    await user.type(screen.getByLabelText("Search by description"), "Northwind{Enter}");
    expect(status).toHaveTextContent("1 result");
  });

  it("Clear filters brings back the full list and the default filters", async () => {
    const { user } = await loaded();

    await user.type(screen.getByLabelText("Search by description"), "acme");
    await user.type(screen.getByLabelText("Close date"), "2021-03-15");
    await user.click(screen.getByRole("radio", { name: "Below" }));
    await user.type(screen.getByLabelText("Amount ($MM)"), "500");
    await user.click(checkbox("Select all"));
    await user.click(search());
    expect(await clientsShown()).toEqual(["Acme Corp"]);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await clientsShown()).toHaveLength(5);
    expect(screen.getByLabelText("Search by description")).toHaveValue("");
    expect(screen.getByLabelText("Close date")).toHaveValue("");
    expect(screen.getByLabelText("Amount ($MM)")).toHaveValue(null);
    expect(screen.getByRole("radio", { name: "Above" })).toBeChecked();
    expect(checkbox("Select all")).not.toBeChecked();
    expect(checkbox("Healthcare")).not.toBeChecked();
    expect(resultCount()).toHaveTextContent("5 results");
  });
});

describe("Historical Transactions: the industry groups' toggle", () => {
  it("keeps the check boxes collapsed until pressed, and says how many are ticked", async () => {
    const { user } = renderWidget();
    await screen.findByRole("table");
    const group = screen.getByRole("group", { name: "Industry group" });
    const toggle = within(group).getByRole("button", { name: "Any group" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls")!);
    expect(panel).toBeVisible();
    expect(within(panel!).getAllByRole("checkbox")).toHaveLength(4);

    await user.click(checkbox("Technology"));
    expect(toggle).toHaveAccessibleName("1 of 3 selected");
    await user.click(checkbox("Select all"));
    expect(toggle).toHaveAccessibleName("All 3 selected");

    // Closed, the ticks stay and the search uses them.
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(search());
    expect(await clientsShown()).toHaveLength(4);
  });
});

describe("Historical Transactions: select all industries", () => {
  it("ticks every industry, and unticking it clears them all", async () => {
    const { user } = await loaded();

    await user.click(checkbox("Select all"));
    for (const name of ["Healthcare", "Technology", "Industrials"])
      expect(checkbox(name)).toBeChecked();
    expect(checkbox("Select all")).toBeChecked();

    await user.click(checkbox("Select all"));
    for (const name of ["Healthcare", "Technology", "Industrials"]) {
      expect(checkbox(name)).not.toBeChecked();
    }
    expect(checkbox("Select all")).not.toBeChecked();
  });

  it("shows mixed while some are ticked and turns on when all are ticked one by one", async () => {
    const { user } = await loaded();
    const selectAll = checkbox("Select all") as HTMLInputElement;

    await user.click(checkbox("Healthcare"));
    expect(selectAll.indeterminate).toBe(true);
    expect(selectAll).toBePartiallyChecked();
    expect(selectAll).not.toBeChecked();

    await user.click(checkbox("Technology"));
    await user.click(checkbox("Industrials"));
    expect(selectAll.indeterminate).toBe(false);
    expect(selectAll).toBeChecked();

    await user.click(checkbox("Technology"));
    expect(selectAll.indeterminate).toBe(true);
    await user.click(checkbox("Healthcare"));
    await user.click(checkbox("Industrials"));
    expect(selectAll.indeterminate).toBe(false);
    expect(selectAll).not.toBeChecked();
  });

  it("ticks all from the mixed state", async () => {
    const { user } = await loaded();

    await user.click(checkbox("Industrials"));
    await user.click(checkbox("Select all"));
    expect(checkbox("Select all")).toBeChecked();
    expect(checkbox("Healthcare")).toBeChecked();
  });
});
