import { describe, expect, it } from "vitest";
import { absoluteUrl, absoluteUrls } from "./absolute-urls.ts";

const ORIGIN = "https://cms.firm.example";

describe("absoluteUrl: an address from Sitefinity's HTML that works from this site", () => {
  it.each([
    [
      "/images/default-source/news/a.png?sfvrsn=2",
      `${ORIGIN}/images/default-source/news/a.png?sfvrsn=2`,
    ],
    ["/about-us", `${ORIGIN}/about-us`],
    ["~/docs/default-source/report.pdf", `${ORIGIN}/docs/default-source/report.pdf`],
    ["images/a.png", `${ORIGIN}/images/a.png`],
    ["//cdn.firm.example/a.png", "https://cdn.firm.example/a.png"],
    ["https://www.sec.gov/filing", "https://www.sec.gov/filing"],
    ["mailto:deals@firm.example", "mailto:deals@firm.example"],
    ["#summary", "#summary"],
    ["  /padded  ", `${ORIGIN}/padded`],
  ])("%s -> %s", (value, expected) => {
    expect(absoluteUrl(value, ORIGIN)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "[Pages]5d1ac1a5-6e0b-4a4d-9a0c-3c9b2f0e7a11",
    "[images|OpenAccessDataProvider]9b2f",
  ])("%j cannot work anywhere", (value) => {
    expect(absoluteUrl(value, ORIGIN)).toBeNull();
  });
});

describe("absoluteUrls: links and images in synced HTML", () => {
  it("points site-relative images and links at the service's site and drops sfref", () => {
    expect(
      absoluteUrls(
        '<p><img src="/images/default-source/a.png" sfref="[images|OpenAccessDataProvider]9b" alt="A &amp; B" /> ' +
          'See <a href="/about-us" sfref="[f669d9a7]5d">about us</a>.</p>',
        ORIGIN,
      ),
    ).toBe(
      `<p><img alt="A &amp; B" src="${ORIGIN}/images/default-source/a.png" /> ` +
        `See <a href="${ORIGIN}/about-us">about us</a>.</p>`,
    );
  });

  it("keeps the text of a link that cannot be resolved, and leaves out such an image", () => {
    expect(
      absoluteUrls(
        '<p><a href="[Pages]5d1a">our team</a><img src="[images]9b" alt="x"></p>',
        ORIGIN,
      ),
    ).toBe("<p><span>our team</span></p>");
  });

  it("leaves HTML without addresses as it is", () => {
    const html = "<p>Plain <strong>text</strong> &amp; more</p>";
    expect(absoluteUrls(html, ORIGIN)).toBe(html);
  });
});
