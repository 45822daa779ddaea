import { describe, expect, it } from "vitest";
import { parseContentFile } from "../../content/content-file.ts";
import { htmlToText } from "../../rules/html-text.ts";
import { createGroupResolver } from "../../rules/industry-groups.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import { amountInWords } from "./deal-wording.ts";
import { TAGS_TAXONOMY_ID, generateContent } from "./generate.ts";
import { COMPANY_FIRST, COMPANY_SUFFIX, FIRM, NAME_WORDS } from "./words.ts";

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

describe("demo content", () => {
  const demo = generateContent();

  it("is the same document for the same seed, and another for another seed", () => {
    expect(JSON.stringify(generateContent({ seed: 5 }))).toBe(
      JSON.stringify(generateContent({ seed: 5 })),
    );
    expect(JSON.stringify(generateContent({ seed: 5 }))).not.toBe(
      JSON.stringify(generateContent({ seed: 6 })),
    );
  });

  it("is a valid content file", () => {
    const result = parseContentFile(demo);
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it("has 400+ transactions over 8+ industry groups, some first-tagged with a child industry", () => {
    expect(demo.transactions.length).toBeGreaterThanOrEqual(400);
    const top = new Set(
      demo.hierarchyTaxa.filter((t) => t.ParentId === ROOT_PARENT_ID).map((t) => t.Id),
    );
    expect(top.size).toBeGreaterThanOrEqual(8);
    const firstIsChild = demo.transactions.filter((t) => !top.has(t.industries[0]!));
    expect(firstIsChild.length).toBeGreaterThan(20);
  });

  // A middle-market firm's deals: most between $20 million and $1.5 billion, a few above it,
  // none a mandate too small for an adviser, about one in five undisclosed.
  it.each([420, 5000])("sizes %i deals as a middle-market firm's", (count) => {
    const sizes = generateContent({ transactions: count }).transactions.map((t) => t.Size);
    const disclosed = sizes.filter((s) => s !== null).sort((a, b) => a - b);
    const share = (which: (size: number) => boolean) => disclosed.filter(which).length / count;
    const percentile = (p: number) => disclosed[Math.floor(p * (disclosed.length - 1))]!;
    expect(1 - disclosed.length / count).toBeGreaterThan(0.15);
    expect(1 - disclosed.length / count).toBeLessThan(0.25);
    expect(share((s) => s >= 20 && s <= 1500)).toBeGreaterThan(0.7);
    expect(share((s) => s > 1500)).toBeGreaterThan(0.01);
    expect(share((s) => s > 1500)).toBeLessThan(0.06);
    expect(disclosed[0]).toBeGreaterThanOrEqual(20);
    expect(percentile(0.1)).toBeGreaterThanOrEqual(20);
    expect(percentile(0.5)).toBeGreaterThan(50);
    expect(percentile(0.5)).toBeLessThan(250);
    expect(disclosed.at(-1)).toBeLessThanOrEqual(5000);
  });

  it("words each deal's size as its Size says, and says so when it was not disclosed", () => {
    const wrong = demo.transactions.flatMap((d) => {
      const text = textOf(d);
      const amounts = [...text.matchAll(/\$[\d.,]+ (?:million|billion)/g)].map((m) => m[0]);
      const isUndisclosedSaid = text.includes("were not disclosed");
      const agrees =
        d.Size === null
          ? amounts.length === 0
          : amounts.every((a) => a === amountInWords(d.Size!)) && !isUndisclosedSaid;
      return agrees ? [] : [`${d.Size}: ${text}`];
    });
    expect(wrong).toEqual([]);
    expect(
      demo.transactions.filter((d) => d.Size !== null && textOf(d).includes("$")).length,
    ).toBeGreaterThan(20);
  });

  it("has descriptions with real HTML", () => {
    const html = Object.values(demo.descriptions).join("");
    for (const tag of ["<strong>", "<em>", "<a href="]) expect(html).toContain(tag);
  });

  it("links each announcement to the deal's own page, and nowhere else", () => {
    const pages = new Set(demo.transactions.map((t) => `/transactions/${t.UrlName}`));
    const links = Object.values(demo.descriptions).flatMap((html) =>
      [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((href) => !pages.has(href))).toEqual([]);
  });

  it("has 60+ topics over most letters, some letters empty, an accented and a digit title", () => {
    const topics = demo.flatTaxa.filter((t) => t.TaxonomyId === TAGS_TAXONOMY_ID);
    expect(topics.length).toBeGreaterThanOrEqual(60);
    const letters = new Set(topics.map((t) => fold(t.Title)[0]));
    const az = [..."abcdefghijklmnopqrstuvwxyz"];
    expect(az.filter((l) => letters.has(l)).length).toBeGreaterThanOrEqual(18);
    expect(az.some((l) => !letters.has(l))).toBe(true);
    expect(
      topics.some(
        (t) =>
          t.Title !== fold(t.Title) &&
          /^\p{Lu}/u.test(t.Title) &&
          fold(t.Title[0]!) !== t.Title[0]!.toLowerCase(),
      ),
    ).toBe(true);
    expect(topics.some((t) => /^\d/.test(t.Title))).toBe(true);
  });

  it("has 150+ tagged articles, a menu of 4+ dropdowns, utility links and an alert", () => {
    expect(demo.articles.length).toBeGreaterThanOrEqual(150);
    expect(demo.articles.every((a) => a.Tags.length > 0 && a.Summary && a.Content)).toBe(true);
    expect(demo.site.navigation.filter((s) => s.children.length > 0).length).toBeGreaterThanOrEqual(
      4,
    );
    expect(demo.site.utilityLinks.length).toBeGreaterThan(0);
    expect(demo.alerts.length).toBeGreaterThan(0);
  });

  it("has people with profiles, offices led by the headquarters, and a BrokerCheck link", () => {
    expect(demo.people.length).toBeGreaterThanOrEqual(20);
    expect(new Set(demo.people.map((p) => p.UrlName)).size).toBe(demo.people.length);
    const taxa = new Set(demo.hierarchyTaxa.map((t) => t.Id));
    expect(demo.people.every((p) => p.Industries.every((id) => taxa.has(id)))).toBe(true);
    expect(demo.offices[0]!.Title).toBe("New York");
    expect(demo.site.brokerCheckUrl).toMatch(/^https:\/\/brokercheck\.finra\.org\//);
  });

  it("gives each deal a team of one to three people who cover its industry group", () => {
    const resolve = createGroupResolver(demo.hierarchyTaxa);
    const people = new Map(demo.people.map((p) => [p.Id, p]));
    const withTeams = demo.transactions.filter((t) => (t.DealTeam ?? []).length > 0);
    expect(withTeams.length).toBeGreaterThan(demo.transactions.length * 0.9);
    for (const deal of withTeams) {
      expect(deal.DealTeam!.length).toBeLessThanOrEqual(3);
      const group = resolve(deal.industries[0]!)?.id;
      for (const id of deal.DealTeam!)
        expect(people.get(id)!.Industries.map((i) => resolve(i)?.id)).toContain(group);
    }
  });

  it("links every menu entry to a page the site serves", () => {
    const paths = new Set(demo.site.pages.map((p) => p.path));
    const tags = new Set(demo.flatTaxa.map((t) => t.UrlName));
    const groups = new Set(
      demo.hierarchyTaxa.filter((t) => t.ParentId === ROOT_PARENT_ID).map((t) => t.UrlName),
    );
    const served = (url: string) =>
      paths.has(url) ||
      [
        "/transactions",
        "/topics",
        "/industries",
        "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary",
      ].includes(url) ||
      groups.has(url.split("/industries/")[1] ?? "") ||
      tags.has(url.split("/-in-tags/tags/")[1] ?? "");
    const links = [
      ...demo.site.navigation.flatMap((s) => [s, ...s.children]),
      ...demo.site.utilityLinks,
    ];
    expect(links.filter((l) => !served(l.url))).toEqual([]);
  });

  const groupOf = (industryId: string) => {
    let taxon = demo.hierarchyTaxa.find((t) => t.Id === industryId)!;
    while (taxon.ParentId !== ROOT_PARENT_ID)
      taxon = demo.hierarchyTaxa.find((t) => t.Id === taxon.ParentId)!;
    return taxon;
  };
  const textOf = (deal: (typeof demo.transactions)[number]) =>
    htmlToText(demo.descriptions[deal.Description]!);

  it("names every client with a word of its own industry group, and no word names two groups", () => {
    const wordsOf = (group: string) => {
      const taxon = demo.hierarchyTaxa.find((t) => t.Title === group)!;
      const children = demo.hierarchyTaxa.filter((t) => t.ParentId === taxon.Id);
      return [taxon, ...children].flatMap((t) => NAME_WORDS[t.Title] ?? []);
    };
    const groups = demo.hierarchyTaxa.filter((t) => t.ParentId === ROOT_PARENT_ID);
    const everyWord = groups.flatMap((g) => wordsOf(g.Title));
    expect(new Set(everyWord).size).toBe(everyWord.length);
    const misfits = demo.transactions.filter((deal) => {
      const [first, ...rest] = deal.Company.split(" ");
      const suffix = rest.pop()!;
      const word = rest.join(" ");
      return (
        !COMPANY_FIRST.includes(first!) ||
        !COMPANY_SUFFIX.includes(suffix) ||
        !wordsOf(groupOf(deal.industries[0]!).Title).includes(word)
      );
    });
    expect(misfits.map((d) => `${d.Company}: ${groupOf(d.industries[0]!).Title}`)).toEqual([]);
    // Words that say a business, and the one group whose clients they may name.
    const telling: [string, string][] = [
      ["Health", "Healthcare"],
      ["Brands", "Consumer & Retail"],
      ["Systems", "Technology"],
      ["Consulting", "Business Services"],
      ["Logistics", "Transportation & Logistics"],
      ["Energy", "Energy & Power"],
      ["Financial", "Financial Services"],
    ];
    for (const [word, group] of telling) {
      const named = demo.transactions.filter((d) => d.Company.split(" ").includes(word));
      expect(named.length, word).toBeGreaterThan(0);
      expect(new Set(named.map((d) => groupOf(d.industries[0]!).Title)), word).toEqual(
        new Set([group]),
      );
    }
  });

  it("gives every deal one of the firm's services, as its /services pages title them", () => {
    const services = demo.site.pages
      .filter((p) => p.path.startsWith("/services/"))
      .map((p) => p.title);
    expect(services).toHaveLength(5);
    expect(demo.transactions.filter((d) => !services.includes(d.Service!))).toEqual([]);
    for (const service of services)
      expect(
        demo.transactions.filter((d) => d.Service === service).length,
        service,
      ).toBeGreaterThan(10);
  });

  it("names every deal's counterparty in its description, and never the client itself", () => {
    const unnamed = demo.transactions.filter(
      (d) => !d.Counterparty || d.Counterparty === d.Company || !textOf(d).includes(d.Counterparty),
    );
    expect(unnamed.map((d) => `${d.Company}: ${d.Counterparty}`)).toEqual([]);
    expect(new Set(demo.transactions.map((d) => d.Counterparty)).size).toBeGreaterThan(100);
  });

  it("words each announcement as its service is done: the counterparty follows that service's phrase", () => {
    // What comes just before the counterparty, by service. A fairness opinion is also named.
    const phrases: Record<string, string[]> = {
      "Sell-Side Advisory": ["sale to", "acquired by", "acquisition by", "sold to"],
      "Buy-Side Advisory": ["acquisition of", "acquired", "purchase of"],
      "Capital Raising": ["investment from", "provided by", "financing from"],
      Restructuring: ["lenders led by", "recapitalization with", "credit facility with"],
      "Valuation & Fairness Opinions": ["merger with"],
    };
    const wrong = demo.transactions.flatMap((d) => {
      const text = textOf(d);
      const services = Object.keys(phrases).filter((service) =>
        phrases[service]!.some((phrase) => text.includes(`${phrase} ${d.Counterparty}`)),
      );
      const isFairness = /fairness opinion/.test(text);
      const agrees =
        services.length === 1 &&
        services[0] === d.Service &&
        isFairness === (d.Service === "Valuation & Fairness Opinions");
      return agrees ? [] : [`${d.Service}: ${text}`];
    });
    expect(wrong).toEqual([]);
  });

  it("opens its announcements in several ways, and writes each sentence once", () => {
    const texts = demo.transactions.map(textOf);
    const openings = new Set(texts.map((t) => t.split(" ").slice(0, 3).join(" ")));
    expect(openings.size).toBeGreaterThan(50);
    const byFirm = texts.filter((t) => t.startsWith(`${FIRM} `));
    expect(byFirm.length).toBeGreaterThan(texts.length / 3);
    expect(byFirm.length).toBeLessThan(texts.length);
    expect(new Set(byFirm.map((t) => t.split(" ").slice(3, 5).join(" "))).size).toBeGreaterThan(3);
    expect(texts.filter((t) => /\.\.| {2}/.test(t))).toEqual([]);
  });

  it("links some announcements to the deal's page, and others to nothing", () => {
    const linked = Object.values(demo.descriptions).filter((html) => html.includes("<a "));
    expect(linked.length).toBeGreaterThan(50);
    expect(linked.length).toBeLessThan(demo.transactions.length - 50);
  });
});
