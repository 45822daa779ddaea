import { readFileSync } from "node:fs";
import { act, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { navigation, utilityLinks } from "../test-fixtures/navigation.ts";
import { NavFallback } from "./NavFallback.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("SiteHeader on the server", () => {
  it("hydrates its server markup unchanged, so the header does not shift on load", async () => {
    const header = (
      <StrictMode>
        <SiteHeader
          firmName="Meridian Partners"
          navigation={navigation}
          utilityLinks={utilityLinks}
          searchQuery="debt"
        />
      </StrictMode>
    );
    const html = renderToString(header);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    const serverDom = container.innerHTML;
    const consoleError = vi.spyOn(console, "error");
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, header, { onRecoverableError: (error) => recoverable.push(error) }),
    );
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(serverDom);
    act(() => root.unmount());
  });

  it("renders every script-only control with the js-only class", () => {
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(
      <SiteHeader
        firmName="Meridian Partners"
        navigation={navigation}
        utilityLinks={utilityLinks}
      />,
    );
    const buttons = container.querySelectorAll("button:not([type='submit'])");
    const panels = container.querySelectorAll("[hidden]");
    // At least a dropdown toggle and a panel per section, so the checks below check something.
    expect(buttons.length).toBeGreaterThanOrEqual(navigation.length);
    expect(panels.length).toBeGreaterThanOrEqual(navigation.length);
    for (const button of buttons) {
      expect(button.closest(".js-only")).not.toBeNull();
    }
    for (const panel of panels) {
      expect(panel.closest(".js-only, .dropdown-nav__panel")).not.toBeNull();
    }
  });

  it("renders the no-script navigation with no script-only control", () => {
    const html = renderToString(
      <NavFallback navigation={navigation} utilityLinks={utilityLinks} />,
    );
    expect(html).not.toContain("js-only");
    expect(html).not.toContain("aria-expanded");
  });
});

// A key pressed before the header hydrates: public/first-paint.js (run here as the page runs it)
// holds it, and makes it again once the island is ready.
describe("SiteHeader keys pressed before it hydrates", () => {
  beforeAll(() => {
    // Read from the repository's root, where Vitest runs (jsdom gives import.meta.url no file).
    new Function(readFileSync("public/first-paint.js", "utf8"))();
  });

  const header = (
    <SiteHeader firmName="Meridian Partners" navigation={navigation} utilityLinks={utilityLinks} />
  );

  /** The header as the server sends it, inside an island that has yet to hydrate. */
  function serverRendered() {
    const island = document.body.appendChild(document.createElement("astro-island"));
    island.setAttribute("ssr", "");
    island.innerHTML = renderToString(header);
    const after = document.body.appendChild(document.createElement("a"));
    after.href = "/after";
    after.textContent = "A link after the header";
    return {
      island,
      after,
      toggle: within(island).getByRole("button", { name: "Services submenu" }),
    };
  }

  /** Hydrates the island as Astro does, then lets the held presses run. */
  async function hydrate(island: HTMLElement) {
    const root = await act(async () => hydrateRoot(island, header));
    island.removeAttribute("ssr");
    await act(async () => {
      island.dispatchEvent(new CustomEvent("astro:hydrate"));
      await new Promise((resolve) => setTimeout(resolve));
    });
    return root;
  }

  it("opens a dropdown at its first link for a Down key pressed before hydration", async () => {
    const user = userEvent.setup();
    const { island, toggle } = serverRendered();
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const root = await hydrate(island);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(island).getByRole("link", { name: "Sell-side advisory" })).toHaveFocus();
    act(() => root.unmount());
  });

  it.each([
    ["Enter", "{Enter}"],
    ["Space", " "],
  ])("opens a dropdown for %s pressed before hydration", async (_name, key) => {
    const user = userEvent.setup();
    const { island, toggle } = serverRendered();
    toggle.focus();
    await user.keyboard(key);
    const root = await hydrate(island);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveFocus();
    act(() => root.unmount());
  });

  it("drops a Down key pressed before hydration once focus has moved on", async () => {
    const user = userEvent.setup();
    const { island, toggle, after } = serverRendered();
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    after.focus();
    const root = await hydrate(island);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(after).toHaveFocus();
    act(() => root.unmount());
  });
});
