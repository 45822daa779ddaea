import { screen, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { navigation, utilityLinks } from "../test-fixtures/navigation.ts";
import { expectClosed, expectOpen, panelOf, renderWithUser } from "../test-fixtures/render.tsx";
import { Logo } from "../brand/Logo.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

function renderHeader() {
  const { user } = renderWithUser(
    <>
      <SiteHeader
        firmName="Meridian Partners"
        navigation={navigation}
        utilityLinks={utilityLinks}
      />
      <p>
        <a href="/after">A link after the header</a>
      </p>
    </>,
  );
  const mainNav = screen.getByRole("navigation", { name: "Main" });
  const toggle = (name: string) => within(mainNav).getByRole("button", { name: `${name} submenu` });
  return { user, mainNav, toggle };
}

describe("SiteHeader", () => {
  it("shows the firm name linking home, the utility links and each section's link", () => {
    const { mainNav } = renderHeader();
    expect(screen.getByRole("link", { name: "Meridian Partners, home" })).toHaveAttribute(
      "href",
      "/",
    );
    const utility = screen.getByRole("navigation", { name: "Utility" });
    expect(within(utility).getByRole("link", { name: "Careers" })).toHaveAttribute(
      "href",
      "/careers",
    );
    expect(within(mainNav).getByRole("link", { name: "Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    expect(within(mainNav).getByRole("link", { name: "Transactions" })).toBeInTheDocument();
  });

  it("names the logo link with the words it shows first, as speech input hears them", () => {
    renderWithUser(
      <SiteHeader firmName="Halvorsen Ridge Partners" navigation={navigation} utilityLinks={[]}>
        <Logo firmName="Halvorsen Ridge Partners" />
      </SiteHeader>,
    );
    const home = screen.getByRole("link", { name: /, home$/ });
    const shown = home.textContent.replace(/\s+/g, " ").trim();
    expect(shown).toBe("Halvorsen Ridge Partners");
    expect(home).toHaveAccessibleName(`${shown}, home`);
  });

  it("gives a submenu toggle only to sections with links, starting closed and marked js-only", () => {
    const { mainNav, toggle } = renderHeader();
    expect(
      within(mainNav)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Services submenu", "Industries submenu"]);
    expectClosed(toggle("Services"));
    expect(toggle("Services")).toHaveClass("js-only");
  });

  it("opens a dropdown by click and closes it by a second click", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    expectOpen(toggle("Services"));
    expect(within(panelOf(toggle("Services"))).getAllByRole("link")).toHaveLength(3);
    await user.click(toggle("Services"));
    expectClosed(toggle("Services"));
  });

  it.each([["{Enter}"], [" "]])("opens a dropdown with the %s key", async (key) => {
    const { user, toggle } = renderHeader();
    toggle("Services").focus();
    await user.keyboard(key);
    expectOpen(toggle("Services"));
    expect(toggle("Services")).toHaveFocus();
  });

  it("opens a dropdown with the Down key and moves to its first link", async () => {
    const { user, toggle } = renderHeader();
    toggle("Services").focus();
    await user.keyboard("{ArrowDown}");
    expectOpen(toggle("Services"));
    expect(screen.getByRole("link", { name: "Sell-side advisory" })).toHaveFocus();
  });

  it("moves between the panel's links with Down and Up", async () => {
    const { user, toggle } = renderHeader();
    toggle("Services").focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("link", { name: "Buy-side advisory" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("link", { name: "Capital raising" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("link", { name: "Buy-side advisory" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("link", { name: "Sell-side advisory" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("link", { name: "Capital raising" })).toHaveFocus();
  });

  it("keeps only one dropdown open at a time", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    await user.click(toggle("Industries"));
    expectOpen(toggle("Industries"));
    expectClosed(toggle("Services"));
  });

  it("closes on Escape and returns focus to its toggle", async () => {
    const { user, toggle } = renderHeader();
    toggle("Services").focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    await user.keyboard("{Escape}");
    expectClosed(toggle("Services"));
    expect(toggle("Services")).toHaveFocus();
  });

  it("closes on Escape after a click on the panel's background left focus nowhere", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    await user.click(panelOf(toggle("Services")));
    expect(document.body).toHaveFocus();
    expectOpen(toggle("Services"));
    await user.keyboard("{Escape}");
    expectClosed(toggle("Services"));
    expect(toggle("Services")).toHaveFocus();
  });

  it("closes when Tab moves past its last link", async () => {
    const { user, toggle } = renderHeader();
    toggle("Services").focus();
    await user.keyboard("{ArrowDown}{End}");
    await user.tab();
    expect(screen.getByRole("link", { name: "Industries" })).toHaveFocus();
    expectClosed(toggle("Services"));
  });

  it("stays open while Tab moves from its toggle into its links", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    await user.tab();
    expect(screen.getByRole("link", { name: "Sell-side advisory" })).toHaveFocus();
    expectOpen(toggle("Services"));
  });

  it("closes on a click outside it", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    await user.click(screen.getByText("A link after the header").parentElement!);
    expectClosed(toggle("Services"));
  });

  it("closes the open search bar when a dropdown opens", async () => {
    const { user, toggle } = renderHeader();
    const search = screen.getByRole("button", { name: "Search" });
    await user.click(search);
    expectOpen(search);
    await user.click(toggle("Industries"));
    expectOpen(toggle("Industries"));
    expectClosed(search);
  });

  it("closes an open dropdown when the search bar opens", async () => {
    const { user, toggle } = renderHeader();
    await user.click(toggle("Services"));
    await user.click(screen.getByRole("button", { name: "Search" }));
    expectClosed(toggle("Services"));
  });

  it("closes the open search bar when the mobile menu opens", async () => {
    // Unmounting the open menu restores the page scroll, which jsdom cannot do.
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    onTestFinished(() => scrollTo.mockRestore());
    const { user } = renderHeader();
    const search = screen.getByRole("button", { name: "Search" });
    await user.click(search);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("dialog", { name: "Menu" })).toBeInTheDocument();
    expect(search).toHaveAttribute("aria-expanded", "false");
  });
});
