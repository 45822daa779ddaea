import { act } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
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
