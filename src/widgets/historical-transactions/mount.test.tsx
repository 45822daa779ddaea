import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "./mount.tsx";
import { stubApi } from "./test-fixtures.ts";

let placeholder: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, "", "/transactions");
  placeholder = document.createElement("div");
  placeholder.id = "historicaltransactions";
  const descriptions = document.createElement("script");
  descriptions.type = "application/json";
  descriptions.id = "historicaltransactions-descriptions";
  descriptions.textContent = JSON.stringify({ "acme-sale": "<p>Bought by <em>Initech</em></p>" });
  document.body.append(descriptions, placeholder);
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("mount", () => {
  it("renders the widget into the placeholder with the page's descriptions", async () => {
    const requested = stubApi();
    let unmount = () => {};
    act(() => {
      unmount = mount(placeholder, { apiBase: "https://firm.example" });
    });

    expect(await screen.findAllByText("Initech", { selector: "em" })).not.toHaveLength(0);
    expect(placeholder).toContainElement(screen.getByRole("table"));
    expect(requested[0]).toMatch(/^https:\/\/firm\.example\/api\/default\//);

    act(() => unmount());
    expect(placeholder).toBeEmptyDOMElement();
  });

  it("adopts the widget stylesheet once, where the browser supports constructed sheets", () => {
    stubApi();
    vi.stubGlobal(
      "CSSStyleSheet",
      class {
        replaceSync() {}
      },
    );
    Object.defineProperty(document, "adoptedStyleSheets", {
      value: [],
      writable: true,
      configurable: true,
    });
    try {
      const unmounts: (() => void)[] = [];
      act(() => {
        unmounts.push(mount(placeholder, { apiBase: "" }));
        unmounts.push(
          mount(document.body.appendChild(document.createElement("div")), { apiBase: "" }),
        );
      });
      expect(document.adoptedStyleSheets).toHaveLength(1);
      act(() => unmounts.forEach((unmount) => unmount()));
    } finally {
      delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    }
  });
});
