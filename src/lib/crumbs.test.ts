import { describe, expect, it } from "vitest";
import { articlePath, topicPath } from "../rules/site-paths.ts";
import { ARTICLES_CRUMB, HOME_CRUMB } from "./crumbs.ts";

describe("breadcrumb steps", () => {
  it("starts every trail with Home, leading to the home page", () => {
    expect(HOME_CRUMB).toEqual({ title: "Home", url: "/" });
  });

  it("leads from every article and topic page up to the all-articles listing that holds it", () => {
    const listing = ARTICLES_CRUMB.url!;
    expect(ARTICLES_CRUMB.title).toBe("Articles & Commentary");
    for (const below of [articlePath("m&a-outlook"), topicPath("private-equity")]) {
      expect(below.startsWith(`${listing}/`)).toBe(true);
    }
    // The listing's own address, not one of the pages below it.
    expect(listing.endsWith("/all-articles-and-commentary")).toBe(true);
  });
});
