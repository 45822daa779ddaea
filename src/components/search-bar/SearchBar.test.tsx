import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { expectClosed, expectOpen, panelOf, renderAsPanel } from "../test-fixtures/render.tsx";
import { catchSubmits } from "./catch-submits.ts";
import { SearchBar } from "./SearchBar.tsx";

function renderSearchBar(defaultQuery?: string) {
  const { user } = renderAsPanel((panel) => <SearchBar {...panel} defaultQuery={defaultQuery} />);
  return { user, toggle: screen.getByRole("button", { name: "Search" }) };
}

/** Renders the search bar and opens it from its toggle, as a visitor would. */
async function renderOpenSearchBar(defaultQuery?: string) {
  const view = renderSearchBar(defaultQuery);
  await view.user.click(view.toggle);
  return view;
}

describe("SearchBar", () => {
  it("opens from its toggle with focus in the search field, and closes from it", async () => {
    const { user, toggle } = renderSearchBar();
    expect(toggle).toHaveClass("js-only");
    expectClosed(toggle);
    await user.click(toggle);
    expectOpen(toggle);
    expect(screen.getByLabelText("Search this site")).toHaveFocus();
    await user.click(toggle);
    expectClosed(toggle);
  });

  it("closes on Escape and returns focus to its toggle", async () => {
    const { user, toggle } = await renderOpenSearchBar();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("closes on Escape after a click on the panel's background left focus nowhere", async () => {
    const { user, toggle } = await renderOpenSearchBar();
    await user.click(panelOf(toggle));
    expect(document.body).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("is a plain GET form to /search with the query as q, which works without script", async () => {
    const { user } = await renderOpenSearchBar();
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "/search");
    expect(form).toHaveAttribute("method", "get");
    const sent = catchSubmits(form);
    await user.type(screen.getByLabelText("Search this site"), "healthcare buyouts");
    await user.click(within(form).getByRole("button", { name: "Submit search" }));
    expect(sent).toEqual(["q=healthcare+buyouts"]);
  });

  it("submits with the Enter key too", async () => {
    const { user } = await renderOpenSearchBar();
    const sent = catchSubmits(screen.getByRole("search"));
    await user.keyboard("fintech{Enter}");
    expect(sent).toEqual(["q=fintech"]);
  });

  it("shows the current query in the field on the results page", async () => {
    await renderOpenSearchBar("mid-market");
    expect(screen.getByLabelText("Search this site")).toHaveValue("mid-market");
  });

  it("suggests as the visitor types; Escape closes the suggestions, a second Escape the bar", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({
        items: [
          { kind: "deal", label: "Deal", title: "Keystone Networks Co.", url: "/d", detail: null },
        ],
      }),
    );
    const { user, toggle } = await renderOpenSearchBar();
    await user.keyboard("keys");
    const field = await screen.findByRole("combobox", { name: "Search this site" });
    await waitFor(() => expect(field).toHaveAttribute("aria-expanded", "true"));
    expect(screen.getByRole("option", { name: /Keystone Networks Co\./ })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(field).toHaveAttribute("aria-expanded", "false");
    expectOpen(toggle);
    expect(field).toHaveFocus();
    await user.keyboard("{Escape}");
    expectClosed(toggle);
    expect(toggle).toHaveFocus();
  });
});
