import { describe, expect, it } from "vitest";
import type { Page } from "../content/site.ts";
import { pageInTree } from "./page-tree.ts";

const page = (path: string, title: string): Page => ({
  path,
  title,
  description: `About ${title}`,
  content: "",
});
const PAGES = [
  page("/about", "About"),
  page("/about/leadership", "Leadership"),
  page("/about/leadership/board", "Board"),
  page("/about/contact", "Contact"),
  page("/services", "Services"),
  page("/aboutness", "Aboutness"),
];

describe("pageInTree", () => {
  it("finds a top-level page with the pages directly below it", () => {
    const found = pageInTree(PAGES, "/about")!;
    expect(found.page.title).toBe("About");
    expect(found.children.map((p) => p.title)).toEqual(["Leadership", "Contact"]);
    expect(found.crumbs).toEqual([{ title: "Home", url: "/" }, { title: "About" }]);
  });

  it("puts every page above a nested page in its crumbs, nearest last", () => {
    const found = pageInTree(PAGES, "/about/leadership/board")!;
    expect(found.crumbs).toEqual([
      { title: "Home", url: "/" },
      { title: "About", url: "/about" },
      { title: "Leadership", url: "/about/leadership" },
      { title: "Board" },
    ]);
    expect(found.children).toEqual([]);
  });

  it("reads the address without regard to case or a trailing slash", () => {
    expect(pageInTree(PAGES, "/About/Contact/")?.page.title).toBe("Contact");
  });

  it("does not take a page whose path merely starts with the same letters for a parent", () => {
    expect(pageInTree(PAGES, "/aboutness")?.crumbs).toEqual([
      { title: "Home", url: "/" },
      { title: "Aboutness" },
    ]);
  });

  it("finds nothing for an address no page has", () => {
    expect(pageInTree(PAGES, "/about/nobody")).toBeNull();
    expect(pageInTree(PAGES, "/")).toBeNull();
    expect(pageInTree([], "/about")).toBeNull();
  });
});
