import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "../site-header/SiteHeader.tsx";
import { navigation, panelOf, utilityLinks } from "../site-header/test-fixtures.ts";

function renderHeader(searchQuery?: string) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <SiteHeader
        firmName="Meridian Partners"
        navigation={navigation}
        utilityLinks={utilityLinks}
        searchQuery={searchQuery}
      />
    </StrictMode>,
  );
  return { user, toggle: screen.getByRole("button", { name: "Search" }) };
}

describe("SearchBar", () => {
  it("opens from its toggle with focus in the search field, and closes from it", async () => {
    const { user, toggle } = renderHeader();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveClass("js-only");
    expect(panelOf(toggle)).toHaveAttribute("hidden");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(panelOf(toggle)).not.toHaveAttribute("hidden");
    expect(screen.getByRole("searchbox", { name: "Search this site" })).toHaveFocus();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(toggle)).toHaveAttribute("hidden");
  });

  it("closes on Escape and returns focus to its toggle", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle);
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("closes on Escape after a click on the panel's background left focus nowhere", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle);
    await user.click(panelOf(toggle));
    expect(document.body).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("is a plain GET form to /search with the query as q, which works without script", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle);
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "/search");
    expect(form).toHaveAttribute("method", "get");
    let submitted: URLSearchParams | undefined;
    form.addEventListener("submit", (event) => {
      event.preventDefault(); // jsdom cannot navigate; the browser would load /search?q=…
      submitted = new URLSearchParams(
        new FormData(event.target as HTMLFormElement) as unknown as Record<string, string>,
      );
    });
    await user.type(
      screen.getByRole("searchbox", { name: "Search this site" }),
      "healthcare buyouts",
    );
    await user.click(within(form).getByRole("button", { name: "Submit search" }));
    expect(submitted?.toString()).toBe("q=healthcare+buyouts");
  });

  it("submits with the Enter key too", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle);
    let submitted = false;
    screen.getByRole("search").addEventListener("submit", (event) => {
      event.preventDefault();
      submitted = true;
    });
    await user.keyboard("fintech{Enter}");
    expect(submitted).toBe(true);
  });

  it("shows the current query in the field on the results page", async () => {
    const { user, toggle } = renderHeader("mid-market");
    await user.click(toggle);
    expect(screen.getByRole("searchbox", { name: "Search this site" })).toHaveValue("mid-market");
  });
});
