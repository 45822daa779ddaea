import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../tests/helpers/property-runs.ts";
import {
  ARTICLES_ORDER,
  articleTag,
  changeTags,
  DEALS_ORDER,
  dealsGroupTag,
  dealTag,
  listPageTags,
  RELATED_DEALS,
  relatedDealsTags,
  serviceDealsTag,
  topicArticlesTag,
  type TaggedArticle,
  type TaggedDeal,
} from "./cache-tags.ts";

// The tags against the rules they stand for: whatever a change does to a group's deals, every
// deal page whose related deals it alters names one of the tags the change touches; whatever a
// change does to the deals or the articles, every page of a paged list whose items, count or
// number of pages it alters names one of them, and a rename reaches only the pages that show it.

interface Deal extends TaggedDeal {
  readonly position: number;
  readonly company: string;
}

const GROUPS = ["0a000000-0000-4000-8000-000000000001", "0b000000-0000-4000-8000-000000000002"];
const SERVICES = ["Sell-Side Advisory", "Buy-Side Advisory"];
const DAY = 86_400_000;
const START = Date.UTC(2019, 11, 20);
const at = (ms: number) => new Date(ms).toISOString();

/** A deal page's related deals, as the rule says: nearest in date, the later, the listed first. */
function related(deals: readonly Deal[], page: Deal): Deal[] {
  if (page.groupId === null) return [];
  const t = Date.parse(page.Date);
  const distance = (d: Deal) => Math.abs(Date.parse(d.Date) - t);
  return deals
    .filter((d) => d.Id !== page.Id && d.groupId === page.groupId)
    .sort(
      (a, b) =>
        distance(a) - distance(b) ||
        Date.parse(b.Date) - Date.parse(a.Date) ||
        a.position - b.position,
    )
    .slice(0, RELATED_DEALS);
}

/** What a deal page shows of the deals: its own facts and its related deals' facts. */
const shows = (deals: readonly Deal[], page: Deal) => JSON.stringify([page, related(deals, page)]);

/** The tags a deal page carries: its own deal's, and its related deals'. */
const pageTags = (deals: readonly Deal[], page: Deal) =>
  new Set([dealTag(page.Id), ...relatedDealsTags(page, related(deals, page))]);

/** Deals closed over `days` days (a few days: many close on the same one). */
const arbitraryDealsOver = (days: number) =>
  fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: days }),
        hour: fc.constantFrom(0, 0, 0, 5, 23),
        group: fc.constantFrom(0, 0, 0, 1, -1),
        service: fc.constantFrom(0, 0, 1, -1),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((rows) =>
      rows.map((row, i): Deal => ({
        Id: `d${i}`,
        groupId: row.group < 0 ? null : GROUPS[row.group]!,
        Service: row.service < 0 ? null : SERVICES[row.service]!,
        Date: at(START + row.day * DAY + row.hour * 3_600_000),
        position: i,
        company: `Company ${i}`,
      })),
    );
const arbitraryDeals = arbitraryDealsOver(900);

type Change =
  | { kind: "renamed"; index: number }
  | { kind: "removed"; index: number }
  | { kind: "dated"; index: number; day: number }
  | { kind: "regrouped"; index: number; group: number }
  | { kind: "reserviced"; index: number; service: number }
  | { kind: "moved"; index: number }
  | { kind: "added"; day: number; group: number; service: number };

const arbitraryChange: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constantFrom("renamed", "removed", "moved"), index: fc.nat() }),
  fc.record({ kind: fc.constant("dated"), index: fc.nat(), day: fc.integer({ min: 0, max: 900 }) }),
  fc.record({
    kind: fc.constant("regrouped"),
    index: fc.nat(),
    group: fc.integer({ min: -1, max: 1 }),
  }),
  fc.record({
    kind: fc.constant("reserviced"),
    index: fc.nat(),
    service: fc.integer({ min: -1, max: 1 }),
  }),
  fc.record({
    kind: fc.constant("added"),
    day: fc.integer({ min: 0, max: 900 }),
    group: fc.integer({ min: 0, max: 1 }),
    service: fc.integer({ min: -1, max: 1 }),
  }),
) as fc.Arbitrary<Change>;

/** The deals after `change`, and the changed deal before and after it. */
function apply(deals: readonly Deal[], change: Change) {
  if (change.kind === "added") {
    const added: Deal = {
      Id: "new",
      groupId: GROUPS[change.group]!,
      Service: change.service < 0 ? null : SERVICES[change.service]!,
      Date: at(START + change.day * DAY),
      position: deals.length,
      company: "New",
    };
    return { after: [...deals, added], pair: { after: added } };
  }
  const before = deals[change.index % deals.length]!;
  if (change.kind === "removed")
    return { after: deals.filter((d) => d !== before), pair: { before } };
  // Moved first among the deals (a whole write stores each at its place in the file).
  if (change.kind === "moved") {
    const moved = { ...before, position: -1 };
    return {
      after: deals.map((d) => (d === before ? moved : d)),
      pair: { before, after: moved, isMoved: true },
    };
  }
  let changed: Deal;
  if (change.kind === "renamed") changed = { ...before, company: `${before.company} (renamed)` };
  else if (change.kind === "dated") changed = { ...before, Date: at(START + change.day * DAY) };
  else if (change.kind === "regrouped")
    changed = { ...before, groupId: change.group < 0 ? null : GROUPS[change.group]! };
  else if (change.kind === "reserviced")
    changed = { ...before, Service: change.service < 0 ? null : SERVICES[change.service]! };
  else throw new Error("every change is handled above");
  return {
    after: deals.map((d) => (d === before ? changed : d)),
    pair: { before, after: changed },
  };
}

describe("the related deals' cache tags", () => {
  it("reach every deal page whose related deals a change alters", () => {
    fc.assert(
      fc.property(arbitraryDeals, arbitraryChange, (deals, change) => {
        const { after, pair } = apply(deals, change);
        const touched = new Set(changeTags({ deals: [pair], articles: [] }));
        for (const page of deals) {
          const still = after.find((d) => d.Id === page.Id);
          if (still && shows(deals, page) === shows(after, still)) continue;
          const carried = [...pageTags(deals, page)];
          expect(
            carried.some((tag) => touched.has(tag)),
            `${page.Id}'s page changed`,
          ).toBe(true);
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("reach, for a renamed deal, only its own page and the pages that show it", () => {
    fc.assert(
      fc.property(arbitraryDeals, fc.nat(), (deals, index) => {
        const renamed = deals[index % deals.length]!;
        const touched = new Set(
          changeTags({ deals: [{ before: renamed, after: renamed }], articles: [] }),
        );
        for (const page of deals) {
          const isShown = page === renamed || related(deals, page).some((d) => d.Id === renamed.Id);
          const groupIsSmall = related(deals, page).length < RELATED_DEALS;
          const reached = [...pageTags(deals, page)].some((tag) => touched.has(tag));
          // A page of a group too small to fill its related deals names the group, as the hub.
          if (!groupIsSmall || page.groupId !== renamed.groupId)
            expect(reached, page.Id).toBe(isShown);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("name the group of a deal page that shows fewer than four related deals", () => {
    const page = { Date: at(START), groupId: GROUPS[0]! };
    const shown = [{ Id: "x", Date: at(START + DAY) }];
    expect(relatedDealsTags(page, shown)).toEqual([dealTag("x"), dealsGroupTag(GROUPS[0]!)]);
    expect(relatedDealsTags({ ...page, groupId: null }, [])).toEqual([]);
  });
});

/** Items a list orders: newest first, then as listed. */
interface Listed {
  readonly Id: string;
  readonly position: number;
}
const PER_PAGE = 3;

/** What each page of a list shows (its items in full, the count, the number of pages). */
function listPages<T extends Listed>(
  items: readonly T[],
  date: (item: T) => string,
  pages: number,
) {
  const sorted = [...items].sort(
    (a, b) => date(b).localeCompare(date(a)) || a.position - b.position,
  );
  const count = Math.ceil(items.length / PER_PAGE);
  return Array.from({ length: pages }, (_, n) => ({
    shown: sorted.slice(n * PER_PAGE, (n + 1) * PER_PAGE),
    total: items.length,
    count,
  }));
}

/**
 * For each list (its order tag, and the items it holds before and after), each page of it that
 * a change altered, with the tags that page carried; and each page with its tags and items.
 */
function pagesOf<T extends Listed>(
  lists: readonly { tag: string; before: readonly T[]; after: readonly T[] }[],
  date: (item: T) => string,
  itemTag: (id: string) => string,
) {
  return lists.flatMap(({ tag, before, after }) => {
    // Every page either side has, and the one past the last (a 404 that names the list).
    const pages = Math.ceil(Math.max(before.length, after.length) / PER_PAGE) + 1;
    const was = listPages(before, date, pages);
    const is = listPages(after, date, pages);
    return was.map((page, n) => ({
      name: `${tag} page ${n + 1}`,
      shown: page.shown.map((item) => item.Id),
      isAltered: JSON.stringify(page) !== JSON.stringify(is[n]),
      tags: listPageTags(page.shown, itemTag, tag),
    }));
  });
}

const dealDate = (deal: Deal) => deal.Date;
/** The paged lists of deals: every deal by date, and each service's. */
const dealLists = (before: readonly Deal[], after: readonly Deal[]) => [
  { tag: DEALS_ORDER, before, after },
  ...SERVICES.map((service) => ({
    tag: serviceDealsTag(service),
    before: before.filter((d) => d.Service === service),
    after: after.filter((d) => d.Service === service),
  })),
];

describe("a paged list of deals' cache tags", () => {
  it("reach every page whose items, count or number of pages a change alters", () => {
    fc.assert(
      fc.property(arbitraryDealsOver(20), arbitraryChange, (deals, change) => {
        const { after, pair } = apply(deals, change);
        const touched = new Set(changeTags({ deals: [pair], articles: [] }));
        for (const page of pagesOf(dealLists(deals, after), dealDate, dealTag))
          if (page.isAltered)
            expect(
              page.tags.some((tag) => touched.has(tag)),
              `${page.name} changed`,
            ).toBe(true);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("reach, for a renamed deal, only the pages that show it", () => {
    fc.assert(
      fc.property(arbitraryDeals, fc.nat(), (deals, index) => {
        const renamed = deals[index % deals.length]!;
        const after = { ...renamed, company: `${renamed.company} (renamed)` };
        const touched = new Set(changeTags({ deals: [{ before: renamed, after }], articles: [] }));
        const lists = dealLists(deals, deals);
        for (const page of pagesOf(lists, dealDate, dealTag))
          expect(
            page.tags.some((tag) => touched.has(tag)),
            page.name,
          ).toBe(page.shown.includes(renamed.Id));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});

interface Article extends TaggedArticle, Listed {
  readonly title: string;
}
const TOPICS = ["7a000000-0000-4000-8000-00000000000A", "7b000000-0000-4000-8000-00000000000b"];

const arbitraryArticles = fc
  .array(
    fc.record({
      day: fc.integer({ min: 0, max: 60 }),
      topics: fc.subarray(TOPICS),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((rows) =>
    rows.map((row, i): Article => ({
      Id: `a${i}`,
      PublicationDate: at(START + row.day * DAY),
      Tags: row.topics,
      position: i,
      title: `Article ${i}`,
    })),
  );

type ArticleChange = {
  kind: "renamed" | "removed" | "moved" | "dated" | "retagged" | "added";
  index: number;
  day: number;
  topics: string[];
};

/** The articles after `change`, and the changed article before and after it. */
function applyToArticles(articles: readonly Article[], change: ArticleChange) {
  const date = at(START + change.day * DAY);
  if (change.kind === "added") {
    const added: Article = {
      Id: "new",
      PublicationDate: date,
      Tags: change.topics,
      position: articles.length,
      title: "New",
    };
    return { after: [...articles, added], pair: { after: added } };
  }
  const before = articles[change.index % articles.length]!;
  if (change.kind === "removed")
    return { after: articles.filter((a) => a !== before), pair: { before } };
  const changed: Article =
    change.kind === "renamed"
      ? { ...before, title: `${before.title} (renamed)` }
      : change.kind === "moved"
        ? { ...before, position: -1 }
        : change.kind === "dated"
          ? { ...before, PublicationDate: date }
          : { ...before, Tags: change.topics };
  return {
    after: articles.map((a) => (a === before ? changed : a)),
    pair: { before, after: changed, isMoved: change.kind === "moved" },
  };
}

/** The paged lists of articles: every article by date, and each topic's. */
const articleLists = (before: readonly Article[], after: readonly Article[]) => [
  { tag: ARTICLES_ORDER, before, after },
  ...TOPICS.map((topic) => ({
    tag: topicArticlesTag(topic),
    before: before.filter((a) => a.Tags.includes(topic)),
    after: after.filter((a) => a.Tags.includes(topic)),
  })),
];

describe("a paged list of articles' cache tags", () => {
  it("reach every page whose items, count or number of pages a change alters, and for a rename only the pages that show it", () => {
    const arbitraryArticleChange = fc.record({
      kind: fc.constantFrom("renamed", "removed", "moved", "dated", "retagged", "added"),
      index: fc.nat(),
      day: fc.integer({ min: 0, max: 60 }),
      topics: fc.subarray(TOPICS),
    }) as fc.Arbitrary<ArticleChange>;
    fc.assert(
      fc.property(arbitraryArticles, arbitraryArticleChange, (articles, change) => {
        const { after, pair } = applyToArticles(articles, change);
        const touched = new Set(changeTags({ deals: [], articles: [pair] }));
        const date = (a: Article) => a.PublicationDate;
        for (const page of pagesOf(articleLists(articles, after), date, articleTag)) {
          const reached = page.tags.some((tag) => touched.has(tag));
          if (page.isAltered) expect(reached, `${page.name} changed`).toBe(true);
          if (change.kind === "renamed")
            expect(reached, page.name).toBe(page.shown.includes(pair.before!.Id));
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
