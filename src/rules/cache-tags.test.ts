import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../tests/helpers/property-runs.ts";
import {
  changeTags,
  dealsGroupTag,
  dealTag,
  RELATED_DEALS,
  relatedDealsTags,
  type TaggedDeal,
} from "./cache-tags.ts";

// The related deals' tags against the rule they stand for: whatever a change does to a group's
// deals, every deal page whose related deals it alters names one of the tags the change touches.

interface Deal extends TaggedDeal {
  readonly position: number;
  readonly company: string;
}

const GROUPS = ["0a000000-0000-4000-8000-000000000001", "0b000000-0000-4000-8000-000000000002"];
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

const arbitraryDeals = fc
  .array(
    fc.record({
      day: fc.integer({ min: 0, max: 900 }),
      hour: fc.constantFrom(0, 0, 0, 5, 23),
      group: fc.constantFrom(0, 0, 0, 1, -1),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((rows) =>
    rows.map((row, i): Deal => ({
      Id: `d${i}`,
      groupId: row.group < 0 ? null : GROUPS[row.group]!,
      Date: at(START + row.day * DAY + row.hour * 3_600_000),
      position: i,
      company: `Company ${i}`,
    })),
  );

type Change =
  | { kind: "renamed"; index: number }
  | { kind: "removed"; index: number }
  | { kind: "dated"; index: number; day: number }
  | { kind: "regrouped"; index: number; group: number }
  | { kind: "added"; day: number; group: number };

const arbitraryChange: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constantFrom("renamed", "removed"), index: fc.nat() }),
  fc.record({ kind: fc.constant("dated"), index: fc.nat(), day: fc.integer({ min: 0, max: 900 }) }),
  fc.record({
    kind: fc.constant("regrouped"),
    index: fc.nat(),
    group: fc.integer({ min: -1, max: 1 }),
  }),
  fc.record({
    kind: fc.constant("added"),
    day: fc.integer({ min: 0, max: 900 }),
    group: fc.integer({ min: 0, max: 1 }),
  }),
) as fc.Arbitrary<Change>;

/** The deals after `change`, and the changed deal before and after it. */
function apply(deals: readonly Deal[], change: Change) {
  if (change.kind === "added") {
    const added: Deal = {
      Id: "new",
      groupId: GROUPS[change.group]!,
      Date: at(START + change.day * DAY),
      position: deals.length,
      company: "New",
    };
    return { after: [...deals, added], pair: { after: added } };
  }
  const before = deals[change.index % deals.length]!;
  if (change.kind === "removed")
    return { after: deals.filter((d) => d !== before), pair: { before } };
  let changed: Deal;
  if (change.kind === "renamed") changed = { ...before, company: `${before.company} (renamed)` };
  else if (change.kind === "dated") changed = { ...before, Date: at(START + change.day * DAY) };
  else if (change.kind === "regrouped")
    changed = { ...before, groupId: change.group < 0 ? null : GROUPS[change.group]! };
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
