import { act, cleanup, screen, within } from "@testing-library/react";
import type { MockInstance } from "vitest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DESKTOP_QUERY } from "../breakpoints.ts";
import { navigation, utilityLinks } from "../test-fixtures/navigation.ts";
import { panelOf, renderAsPanel } from "../test-fixtures/render.tsx";
import { MobileMenu } from "./MobileMenu.tsx";

/** A controllable stand-in for the browser's matchMedia (jsdom has none). */
function stubMatchMedia() {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    matches: false,
    media: DESKTOP_QUERY,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  window.matchMedia = vi.fn(() => list as unknown as MediaQueryList);
  return {
    resizeToDesktop: () =>
      act(() => {
        list.matches = true;
        for (const listener of listeners) listener({ matches: true } as MediaQueryListEvent);
      }),
  };
}

let page: { main: HTMLElement; footer: HTMLElement };
let scrollTo: MockInstance<Window["scrollTo"]>;

beforeEach(() => {
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  const main = document.body.appendChild(document.createElement("main"));
  main.innerHTML = "<a href='/article'>An article</a>";
  const footer = document.body.appendChild(document.createElement("footer"));
  page = { main, footer };
});

afterEach(() => {
  cleanup(); // unmount while window.scrollTo is still stubbed: an open menu restores the scroll
  page.main.remove();
  page.footer.remove();
  Reflect.deleteProperty(window, "matchMedia");
  vi.restoreAllMocks();
});

function renderMenu() {
  const media = stubMatchMedia();
  const { user } = renderAsPanel((panel) => (
    <MobileMenu navigation={navigation} utilityLinks={utilityLinks} {...panel} />
  ));
  const openButton = screen.getByRole("button", { name: "Open menu" });
  const openMenu = async () => {
    await user.click(openButton);
    return screen.getByRole("dialog", { name: "Menu" });
  };
  return { user, media, openButton, openMenu };
}

describe("MobileMenu", () => {
  it("opens from the Open menu button, which controls it and is marked js-only", async () => {
    const { openButton, openMenu } = renderMenu();
    expect(openButton).toHaveAttribute("aria-expanded", "false");
    expect(openButton).toHaveClass("js-only");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const menu = await openMenu();
    expect(openButton).toHaveAttribute("aria-expanded", "true");
    expect(panelOf(openButton)).toContainElement(menu);
    expect(within(menu).getByRole("button", { name: "Close menu" })).toHaveFocus();
  });

  it("closes with the Close menu button and returns focus to the Open menu button", async () => {
    const { user, openButton, openMenu } = renderMenu();
    const menu = await openMenu();
    await user.click(within(menu).getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(openButton).toHaveAttribute("aria-expanded", "false");
    expect(openButton).toHaveFocus();
  });

  it("closes on Escape", async () => {
    const { user, openButton, openMenu } = renderMenu();
    await openMenu();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(openButton).toHaveFocus();
  });

  it("closes on Escape after a click on the menu's background left focus nowhere", async () => {
    const { user, openButton, openMenu } = renderMenu();
    await openMenu();
    await user.click(screen.getByRole("dialog"));
    expect(document.body).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(openButton).toHaveFocus();
  });

  it("closes on a click on the dimmed backdrop", async () => {
    const { user, openMenu } = renderMenu();
    await openMenu();
    await user.click(document.getElementById("mobile-menu-backdrop")!);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps focus inside the menu: Tab and Shift+Tab wrap around", async () => {
    const { user, openMenu } = renderMenu();
    const menu = await openMenu();
    const close = within(menu).getByRole("button", { name: "Close menu" });
    await user.tab({ shift: true });
    expect(within(menu).getByRole("link", { name: "Contact" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(within(menu).getByRole("link", { name: "Services" })).toHaveFocus();
  });

  it("makes the rest of the page inert while open and restores it on close", async () => {
    const { user, openButton, openMenu } = renderMenu();
    const alreadyInert = document.body.appendChild(document.createElement("aside"));
    alreadyInert.setAttribute("inert", "");
    const menu = await openMenu();
    for (const region of [page.main, page.footer, openButton, alreadyInert]) {
      expect(region.closest("[inert]")).not.toBeNull();
    }
    expect(menu.closest("[inert]")).toBeNull();
    await user.keyboard("{Escape}");
    for (const region of [page.main, page.footer, openButton]) {
      expect(region.closest("[inert]")).toBeNull();
    }
    expect(alreadyInert).toHaveAttribute("inert");
    alreadyInert.remove();
  });

  it("blocks page scrolling while open and restores the scroll position on close", async () => {
    vi.spyOn(window, "scrollY", "get").mockReturnValue(240);
    const { user, openMenu } = renderMenu();
    await openMenu();
    expect(document.body.style).toMatchObject({ position: "fixed", top: "-240px", width: "100%" });
    await user.keyboard("{Escape}");
    expect(document.body.style).toMatchObject({ position: "", top: "", width: "" });
    expect(scrollTo).toHaveBeenCalledWith({ top: 240, behavior: "instant" });
  });

  it("shows the utility links inside the menu", async () => {
    const { openMenu } = renderMenu();
    const menu = await openMenu();
    const utility = within(menu).getByRole("navigation", { name: "Utility" });
    expect(
      within(utility)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["About us", "Careers", "Contact"]);
  });

  it("opens its submenus one at a time", async () => {
    const { user, openMenu } = renderMenu();
    const menu = await openMenu();
    const services = within(menu).getByRole("button", { name: "Services submenu" });
    const industries = within(menu).getByRole("button", { name: "Industries submenu" });
    await user.click(services);
    expect(services).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Buy-side advisory" })).toBeVisible();
    await user.click(industries);
    expect(industries).toHaveAttribute("aria-expanded", "true");
    expect(services).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(services)).toHaveAttribute("hidden");
    await user.click(industries);
    expect(panelOf(industries)).toHaveAttribute("hidden");
  });

  it("closes when the window grows to desktop width", async () => {
    const { media, openMenu } = renderMenu();
    await openMenu();
    media.resizeToDesktop();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.body.style.position).toBe("");
  });

  it("still opens and closes where matchMedia is missing", async () => {
    const { user, openMenu } = renderMenu();
    Reflect.deleteProperty(window, "matchMedia");
    await openMenu();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
