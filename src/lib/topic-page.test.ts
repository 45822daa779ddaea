import { describe, expect, it } from "vitest";
import { topicFeedPath, topicPath } from "../rules/site-paths.ts";
import { currentTopic, topicPageHeading } from "./topic-page.ts";

const topics = [
  { Title: "Due Diligence", UrlName: "due-diligence" },
  { Title: "Économie Circulaire", UrlName: "economie-circulaire" },
  { Title: "2026 Outlook", UrlName: "2026-outlook" },
];
const base = { heading: "Articles & Commentary", crumbs: [{ title: "Home", url: "/" }] };

describe("topic pages", () => {
  it("finds the topic whose link is the current address", () => {
    expect(currentTopic(topics, topicPath("economie-circulaire"))?.Title).toBe(
      "Économie Circulaire",
    );
  });

  it("matches regardless of a trailing slash, letter case or percent-encoding", () => {
    expect(currentTopic(topics, `${topicPath("due-diligence")}/`)?.Title).toBe("Due Diligence");
    expect(currentTopic(topics, topicPath("Due-Diligence"))?.Title).toBe("Due Diligence");
    expect(currentTopic(topics, topicPath("2026-outlook").replace("2026", "%32026"))?.Title).toBe(
      "2026 Outlook",
    );
  });

  it("finds none on another address, or on a malformed one", () => {
    expect(currentTopic(topics, "/topics")).toBeNull();
    expect(currentTopic(topics, `${topicPath("due")}`)).toBeNull();
    expect(currentTopic(topics, "/%E0%A4%A")).toBeNull();
  });

  it("finds a topic by its feed's address in the same way, and none by its page's", () => {
    expect(currentTopic(topics, "/feeds/topics/Due-Diligence.xml", topicFeedPath)?.Title).toBe(
      "Due Diligence",
    );
    expect(currentTopic(topics, "/feeds/topics/%C3%A9conomie.xml", topicFeedPath)).toBeNull();
    expect(currentTopic(topics, topicPath("due-diligence"), topicFeedPath)).toBeNull();
    expect(currentTopic(topics, "/feeds/topics/due-diligence", topicFeedPath)).toBeNull();
  });

  it("sets the heading to the topic's name and appends it to the breadcrumbs", () => {
    expect(topicPageHeading(base, topics[0]!)).toEqual({
      heading: "Due Diligence",
      crumbs: [{ title: "Home", url: "/" }, { title: "Due Diligence" }],
    });
    expect(topicPageHeading(base, null)).toEqual(base);
  });
});
