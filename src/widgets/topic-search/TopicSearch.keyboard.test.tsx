import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWidget, stubApi } from "./test-fixtures.ts";

async function renderLoaded() {
  stubApi();
  const { user } = renderWidget();
  const toolbar = await screen.findByRole("toolbar", { name: "Topics by letter" });
  return { user, toolbar };
}

const letter = (name: string) => screen.getByRole("button", { name });
const tabStops = (toolbar: HTMLElement) =>
  within(toolbar)
    .getAllByRole("button")
    .filter((b) => b.tabIndex === 0);

beforeEach(() => window.history.replaceState(null, "", "/topics"));

describe("Topics A - Z with the keyboard", () => {
  it("makes the letter row a single tab stop, on the selected letter", async () => {
    const { user, toolbar } = await renderLoaded();
    expect(tabStops(toolbar)).toEqual([letter("A")]);
    await user.tab();
    expect(letter("A")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Acquisitions" })).toHaveFocus();
  });

  it("moves focus with the arrows without selecting, and selects with Enter or Space", async () => {
    const { user } = await renderLoaded();
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(letter("B")).toHaveFocus();
    expect(letter("A")).toHaveAttribute("aria-pressed", "true");
    await user.keyboard("{Enter}");
    expect(letter("B")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("link", { name: "Banking" })).toBeInTheDocument();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(letter("C")).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowRight}{ArrowRight}[Space]");
    expect(letter("D")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent("No 'D' topics found.");
  });

  it("jumps with Home and End, and wraps around at both ends", async () => {
    const { user } = await renderLoaded();
    await user.tab();
    await user.keyboard("{End}");
    expect(letter("# (digits and symbols)")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(letter("A")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(letter("# (digits and symbols)")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(letter("A")).toHaveFocus();
  });

  it("leaves Alt+Arrow (the browser's Back and Forward) alone", async () => {
    const { user } = await renderLoaded();
    await user.tab();
    await user.keyboard("{Alt>}{ArrowRight}{/Alt}");
    expect(letter("A")).toHaveFocus();
  });

  it("keeps one tab stop while moving: Tab leaves the row, Shift+Tab returns to the selected letter", async () => {
    const { user, toolbar } = await renderLoaded();
    await user.tab();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(letter("C")).toHaveFocus();
    expect(tabStops(toolbar)).toEqual([letter("C")]);
    await user.tab();
    expect(screen.getByRole("link", { name: "Acquisitions" })).toHaveFocus();
    expect(tabStops(toolbar)).toEqual([letter("A")]);
    await user.tab({ shift: true });
    expect(letter("A")).toHaveFocus();
  });
});
