// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { FRAME_MARKS, fillSearchFrame } from "./search-frame.ts";

// A frame shaped as Astro and React write the search page's (the title, og:title, an island
// whose props hold the query, the header's field and the page's results), filled with queries
// meant to break out of each place: what a browser reads back must be the query, and only that.

const { title, query, results } = FRAME_MARKS;
const props = JSON.stringify({ firmName: [0, "Firm"], searchQuery: [0, query] }).replace(
  /"/g,
  "&quot;",
);
const frame =
  `<!DOCTYPE html><html><head><title>${title} | Firm</title>` +
  `<meta property="og:title" content="${title}"></head><body>` +
  `<astro-island uid="a" props="${props}"><form><input name="q" value="${query}"></form></astro-island>` +
  `<main>${results}</main></body></html>`;

const HOSTILE = [
  "private equity",
  `"><script>alert(1)</script>`,
  `' onmouseover='alert(1)`,
  "M&A &amp; &lt;b&gt;",
  `back\\slash "quoted" \u2028 ${query} ${title} ${results}`,
  "Économie – 50% <!-- -->",
];

describe("fillSearchFrame", () => {
  it.each(HOSTILE)("writes %j back as itself in every place, and nothing more", (typed) => {
    const html = fillSearchFrame(
      frame,
      { title: `Search: ${typed}`, query: typed },
      "<p>the results</p>",
    );
    const document = new DOMParser().parseFromString(html, "text/html");
    expect(document.title).toBe(`Search: ${typed} | Firm`);
    expect(document.querySelector('meta[property="og:title"]')!.getAttribute("content")).toBe(
      `Search: ${typed}`,
    );
    expect(document.querySelector("input")!.value).toBe(typed);
    const island = JSON.parse(document.querySelector("astro-island")!.getAttribute("props")!);
    expect(island).toEqual({ firmName: [0, "Firm"], searchQuery: [0, typed] });
    expect(document.querySelector("main")!.innerHTML).toBe("<p>the results</p>");
    expect(document.querySelectorAll("script, [onmouseover]")).toHaveLength(0);
  });

  it("refuses a frame that does not mark its results once", () => {
    expect(() => fillSearchFrame("<main></main>", { title: "", query: "" }, "")).toThrow();
    expect(() => fillSearchFrame(`${results}${results}`, { title: "", query: "" }, "")).toThrow();
  });
});
