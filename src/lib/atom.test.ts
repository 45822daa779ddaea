// @vitest-environment jsdom
// Read back with feedsmith's Atom parser (not ours) and checked well-formed by jsdom's strict one.
import { parseAtomFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import { atomXml, type AtomFeed } from "./atom.ts";

const FEED: AtomFeed = {
  id: "https://firm.example/feeds/x.xml",
  title: 'Deals & "News" <weekly>',
  subtitle: "What's new",
  updated: "2026-06-30T23:00:00.1234567Z",
  self: "https://firm.example/feeds/x.xml",
  alternate: "https://firm.example/x?a=1&b=2",
  author: { name: "Firm & Co", uri: "https://firm.example/" },
  icon: "https://firm.example/icon.png",
  logo: "https://firm.example/logo.png",
  base: "https://firm.example/",
  entries: [
    {
      id: "urn:uuid:7d3f0c8e-0000-4000-8000-000000000001",
      title: "<script>alert(1)</script> & more",
      link: "https://firm.example/a/%22x%22",
      published: "2026-01-02T03:04:05Z",
      updated: "2026-02-03T04:05:06Z",
      summary: { type: "html", value: '<p>One &amp; <a href="/two">two</a></p>' },
      categories: [{ term: "m&a", label: "M&A <deals>", scheme: "https://firm.example/t/" }],
      authors: [{ name: "Firm & Co", uri: "https://firm.example/" }],
    },
    {
      id: "urn:uuid:2",
      title: "Bare",
      link: "https://firm.example/b",
      updated: "2026-01-01T00:00:00Z",
    },
  ],
};

describe("atomXml", () => {
  const xml = atomXml(FEED);

  it("writes a well-formed document in the Atom namespace", () => {
    const document = new DOMParser().parseFromString(xml, "application/xml");
    expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe("http://www.w3.org/2005/Atom");
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed ')).toBe(true);
  });

  it("states the feed's id, title, subtitle, time, links, author, icon and logo", () => {
    const parsed = parseAtomFeed(xml);
    expect(parsed).toMatchObject({
      id: FEED.id,
      title: { type: "text", value: FEED.title },
      subtitle: { type: "text", value: FEED.subtitle },
      updated: FEED.updated,
      authors: [FEED.author],
      icon: FEED.icon,
      logo: FEED.logo,
      xml: { base: FEED.base },
    });
    expect(parsed.links).toEqual([
      { rel: "self", type: "application/atom+xml", href: FEED.self },
      { rel: "alternate", type: "text/html", href: FEED.alternate },
    ]);
  });

  it("writes each entry with its text title, link, times, authors, categories and HTML summary", () => {
    const [first, second] = parseAtomFeed(xml).entries ?? [];
    const entry = FEED.entries[0]!;
    expect(first).toEqual({
      id: entry.id,
      title: { type: "text", value: entry.title },
      links: [{ rel: "alternate", type: "text/html", href: entry.link }],
      published: entry.published,
      updated: entry.updated,
      authors: entry.authors,
      categories: entry.categories,
      summary: entry.summary,
    });
    expect(second).toEqual({
      id: "urn:uuid:2",
      title: { type: "text", value: "Bare" },
      links: [{ rel: "alternate", type: "text/html", href: "https://firm.example/b" }],
      updated: "2026-01-01T00:00:00Z",
    });
  });

  it("leaves out what a feed does not have", () => {
    const bare = atomXml({
      ...FEED,
      subtitle: undefined,
      icon: undefined,
      logo: undefined,
      base: undefined,
      entries: [],
    });
    expect(bare).not.toMatch(/<subtitle|<icon|<logo|xml:base|<entry/);
  });
});
