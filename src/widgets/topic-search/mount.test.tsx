import { screen } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "./test-fixtures.ts";
import { mount } from "./mount.tsx";
import {
  adoptedSheetTexts,
  giveDocumentConstructableSheets,
  serveStylesheet,
} from "../shared/test-stylesheets.ts";

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("mount", () => {
  it("renders the widget into the placeholder and removes it on unmount", async () => {
    stubApi();
    const placeholder = document.body.appendChild(document.createElement("div"));
    placeholder.id = "topicsearch";
    let unmount = () => {};
    act(() => {
      unmount = mount(placeholder, { scriptUrl: window.location.href });
    });
    expect(await screen.findByRole("toolbar", { name: "Topics by letter" })).toBeInTheDocument();
    act(() => unmount());
    expect(placeholder).toBeEmptyDOMElement();
  });

  it("adopts the widget's style sheet and, on a page without the brand, its tokens, once each however often it mounts", async () => {
    stubApi({ intercept: { "flat-taxa": () => new Promise<Response>(() => {}) } });
    const stylesheetFetches = serveStylesheet(".ts{color:red}");
    const restore = giveDocumentConstructableSheets();
    try {
      const unmounts = [1, 2].map(() => {
        const element = document.body.appendChild(document.createElement("div"));
        let unmount = () => {};
        act(() => {
          unmount = mount(element, { scriptUrl: window.location.href });
        });
        return unmount;
      });
      // This document declares neither the brand's tokens nor the widget's styles, as another
      // site's page: the widget brings both, once each.
      await vi.waitFor(() => expect(adoptedSheetTexts()).toHaveLength(2));
      expect(adoptedSheetTexts().sort()).toEqual([
        ".ts{color:red}",
        expect.stringContaining(":where(.ts, .ts-error)"),
      ]);
      expect(stylesheetFetches).toHaveLength(1);
      act(() => unmounts.forEach((unmount) => unmount()));
    } finally {
      restore();
    }
  });

  it("leaves out its title when the placeholder says data-title=hidden, still named by it", async () => {
    stubApi();
    const placeholder = document.body.appendChild(document.createElement("div"));
    placeholder.setAttribute("data-title", "hidden");
    act(() => {
      mount(placeholder, { scriptUrl: window.location.href });
    });
    expect(await screen.findByRole("region", { name: "Topics A - Z" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Topics A - Z" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "A", level: 2 })).toBeInTheDocument();
  });

  it("shows its title for a data-title it does not know, and says so in the console", async () => {
    stubApi();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const placeholder = document.body.appendChild(document.createElement("div"));
    placeholder.setAttribute("data-title", "off");
    act(() => {
      mount(placeholder, { scriptUrl: window.location.href });
    });
    // Shown once its styles are settled (here, refused: the widget then shows unstyled).
    expect(
      await screen.findByRole("heading", { name: "Topics A - Z", level: 2 }),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('data-title="off"'));
    await screen.findByRole("toolbar", { name: "Topics by letter" });
  });
});
