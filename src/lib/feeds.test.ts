import { describe, expect, it } from "vitest";
import { ARTICLES_PATH } from "../rules/site-paths.ts";
import {
  dealFacts,
  insightsFeed,
  topicFeed,
  transactionsFeed,
  type FeedArticle,
  type FeedDeal,
  type FeedSite,
} from "./feeds.ts";
import { topicFeedLink } from "./feed-links.ts";

const SITE: FeedSite = {
  siteUrl: "https://firm.example",
  firmName: "Halvorsen & Ridge",
  contentUpdated: "2026-05-01T12:00:00Z",
};

const article = (over: Partial<FeedArticle> = {}): FeedArticle => ({
  Id: "0e4a4a43-1d2b-4c3e-9f00-000000000001",
  Title: "Earn-outs in 2026",
  UrlName: "earn-outs-in-2026",
  PublicationDate: "2026-03-04T09:00:00Z",
  LastModified: "2026-03-04T08:00:00Z",
  Summary: "<p>What buyers ask for.</p>",
  tags: [{ Title: "M&A", UrlName: "m-a" }],
  ...over,
});

const deal = (over: Partial<FeedDeal> = {}): FeedDeal => ({
  Id: "5a1c0b7e-7d2b-4c3e-9f00-000000000002",
  UrlName: "nordlys-holdings",
  Company: "Nordlys Holdings",
  Date: "2026-02-27T00:00:00Z",
  Size: 125.5,
  LastModified: "2026-03-01T10:00:00.1234567Z",
  DescriptionHtml: "<p>Sold to a strategic buyer.</p>",
  ...over,
});

describe("the insights feed", () => {
  it("describes itself with absolute links to itself and to the listing it follows", () => {
    const feed = insightsFeed(SITE, [article()]);
    expect(feed).toMatchObject({
      id: "https://firm.example/feeds/insights.xml",
      self: "https://firm.example/feeds/insights.xml",
      alternate: `https://firm.example${ARTICLES_PATH}`,
      title: "Articles & Commentary | Halvorsen & Ridge",
      author: { name: "Halvorsen & Ridge", uri: "https://firm.example/" },
      icon: "https://firm.example/apple-touch-icon.png",
      logo: "https://firm.example/share.png",
      base: "https://firm.example/",
    });
  });

  it("makes an entry of an article: its GUID, page, dates, topics and summary", () => {
    const [entry] = insightsFeed(SITE, [article()]).entries;
    expect(entry).toEqual({
      id: "urn:uuid:0e4a4a43-1d2b-4c3e-9f00-000000000001",
      title: "Earn-outs in 2026",
      link: `https://firm.example${ARTICLES_PATH}/earn-outs-in-2026`,
      published: "2026-03-04T09:00:00Z",
      updated: "2026-03-04T09:00:00Z",
      summary: { type: "html", value: "<p>What buyers ask for.</p>" },
      categories: [
        {
          term: "m-a",
          label: "M&A",
          scheme: `https://firm.example${ARTICLES_PATH}/-in-tags/tags/`,
        },
      ],
      authors: [{ name: "Halvorsen & Ridge", uri: "https://firm.example/" }],
    });
  });

  it.each([
    [
      "edited after it was published: the edit",
      "2026-03-04T09:00:00Z",
      "2026-03-10T00:00:00.5Z",
      "2026-03-10T00:00:00.5Z",
    ],
    [
      "published after its last edit: the publication",
      "2026-03-04T09:00:00Z",
      "2026-03-01T00:00:00Z",
      "2026-03-04T09:00:00Z",
    ],
    ["the same instant", "2026-03-04T09:00:00Z", "2026-03-04T09:00:00Z", "2026-03-04T09:00:00Z"],
    [
      "fractions of a second count",
      "2026-03-04T09:00:00.1Z",
      "2026-03-04T09:00:00.0999999Z",
      "2026-03-04T09:00:00.1Z",
    ],
  ])("an article %s is its updated time", (_, PublicationDate, LastModified, updated) => {
    const [entry] = insightsFeed(SITE, [article({ PublicationDate, LastModified })]).entries;
    expect(entry?.updated).toBe(updated);
    expect(entry?.published).toBe(PublicationDate);
  });

  it.each([
    [
      "HTML kept, with what is unsafe removed",
      '<p onclick="x()">Hi <script>x()</script><b>there</b></p>',
      { type: "html", value: "<p>Hi <b>there</b></p>" },
    ],
    ["no visible text: no summary", "<p> </p>", undefined],
    ["empty: no summary", "", undefined],
  ])("a summary: %s", (_, Summary, summary) => {
    expect(insightsFeed(SITE, [article({ Summary })]).entries[0]?.summary).toEqual(summary);
  });

  it("is as new as its newest entry, whatever their order, or as the content when it has none", () => {
    const articles = [
      article({ PublicationDate: "2026-01-01T00:00:00Z", LastModified: "2026-04-01T00:00:00Z" }),
      article({ PublicationDate: "2026-03-01T00:00:00Z", LastModified: "2026-03-01T00:00:00Z" }),
    ];
    expect(insightsFeed(SITE, articles).updated).toBe("2026-04-01T00:00:00Z");
    expect(insightsFeed(SITE, []).updated).toBe(SITE.contentUpdated);
  });

  it("encodes UrlNames in links and keeps the raw name as the category's term", () => {
    const [entry] = insightsFeed(SITE, [
      article({ UrlName: 'a "b"/c?', tags: [{ Title: "<T>", UrlName: "x y" }] }),
    ]).entries;
    expect(entry?.link).toBe(`https://firm.example${ARTICLES_PATH}/a%20%22b%22%2Fc%3F`);
    expect(entry?.categories?.[0]).toMatchObject({ term: "x y", label: "<T>" });
  });
});

describe("a topic's feed", () => {
  const topic = { Title: "Économie Circulaire", UrlName: "economie-circulaire" };

  it("follows the topic's page and names the topic", () => {
    const feed = topicFeed(SITE, topic, [article()]);
    expect(feed).toMatchObject({
      id: "https://firm.example/feeds/topics/economie-circulaire.xml",
      self: "https://firm.example/feeds/topics/economie-circulaire.xml",
      alternate: `https://firm.example${ARTICLES_PATH}/-in-tags/tags/economie-circulaire`,
      title: "Articles & Commentary: Économie Circulaire | Halvorsen & Ridge",
    });
    expect(feed.subtitle).toContain("Économie Circulaire");
  });

  it("is announced under the topic's name at its encoded address", () => {
    expect(topicFeedLink({ Title: "A/B", UrlName: "a/b c" })).toEqual({
      title: "Articles & Commentary: A/B",
      path: "/feeds/topics/a%2Fb%20c.xml",
    });
  });
});

describe("the transactions feed", () => {
  it("follows the transactions page", () => {
    expect(transactionsFeed(SITE, [])).toMatchObject({
      id: "https://firm.example/feeds/transactions.xml",
      alternate: "https://firm.example/transactions",
      updated: SITE.contentUpdated,
      entries: [],
    });
  });

  it("makes an entry of a deal: the client, its page, its last change and its facts", () => {
    const [entry] = transactionsFeed(SITE, [deal()]).entries;
    expect(entry).toEqual({
      id: "urn:uuid:5a1c0b7e-7d2b-4c3e-9f00-000000000002",
      title: "Nordlys Holdings",
      link: "https://firm.example/transactions/nordlys-holdings",
      updated: "2026-03-01T10:00:00.1234567Z",
      summary: {
        type: "html",
        value:
          "<dl><dt>Closed</dt><dd>February 27, 2026</dd><dt>Size</dt><dd>$125.5 million</dd></dl>" +
          "<p>Sold to a strategic buyer.</p>",
      },
      authors: [{ name: "Halvorsen & Ridge", uri: "https://firm.example/" }],
    });
  });

  it.each([
    [
      "an undisclosed size and no announcement",
      { Size: null, DescriptionHtml: null },
      "<dl><dt>Closed</dt><dd>February 27, 2026</dd><dt>Size</dt><dd>Undisclosed</dd></dl>",
    ],
    [
      "an announcement with a script",
      { DescriptionHtml: "<p>Done<script>x()</script></p>" },
      "<dl><dt>Closed</dt><dd>February 27, 2026</dd><dt>Size</dt><dd>$125.5 million</dd></dl><p>Done</p>",
    ],
  ])("states %s", (_, over, value) => {
    expect(transactionsFeed(SITE, [deal(over)]).entries[0]?.summary).toEqual({
      type: "html",
      value,
    });
  });

  it("states the facts in order, each as the pages write it", () => {
    expect(dealFacts({ Date: "2025-12-31T23:00:00Z", Size: 2350 })).toEqual([
      { label: "Closed", value: "December 31, 2025" },
      { label: "Size", value: "$2.35 billion" },
    ]);
  });
});
