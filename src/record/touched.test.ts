import { describe, expect, it } from "vitest";
import { ALL, dealTag, DEALS, SEARCH, SITE } from "../rules/cache-tags.ts";
import {
  addressesToCapture,
  isPublication,
  replyTags,
  SEEDS,
  supersededChanges,
  type Kept,
  type OwedChange,
} from "./touched.ts";

const change = (seq: number, revision: number, tags: string[]): OwedChange => ({
  seq,
  revision,
  at: `2026-11-28T10:00:0${seq}.000Z`,
  cause: { type: "sync", by: "schedule" },
  tags,
});

const known: Kept[] = [
  { url: "/", tags: [ALL, SITE, DEALS], status: 200 },
  { url: "/transactions/a", tags: [ALL, SITE, dealTag("A")], status: 200 },
  { url: "/transactions/b", tags: [ALL, SITE, dealTag("B")], status: 200 },
  { url: "/transactions/gone", tags: [ALL, SITE, DEALS], status: 404 },
  { url: "/_astro/site.css", tags: [], status: 200 },
];

describe("what a change re-captures", () => {
  it("takes the kept addresses whose tags the change touched, and no removed page", () => {
    expect(addressesToCapture([change(1, 5, [DEALS, dealTag("A")])], known)).toEqual({
      full: false,
      urls: ["/", "/transactions/a"],
    });
  });

  it("takes everything it keeps, and the seeds, for a change that touched everything", () => {
    const { full, urls } = addressesToCapture([change(1, 5, [ALL])], known);
    expect(full).toBe(true);
    expect(urls).toEqual([...SEEDS, "/transactions/a", "/transactions/b", "/_astro/site.css"]);
  });

  it("captures in full when the record keeps nothing yet, or for a deploy", () => {
    expect(addressesToCapture([change(1, 1, [DEALS])], []).full).toBe(true);
    const deploy = { ...change(1, 1, []), cause: { type: "deploy", build: "b1" } as const };
    expect(addressesToCapture([deploy], known).full).toBe(true);
  });
});

describe("superseded changes", () => {
  it("are the ones a later change in the same capture touched the same tags of", () => {
    const owed = [
      change(1, 5, [dealTag("A"), DEALS]),
      change(2, 6, [dealTag("B")]),
      change(3, 7, [DEALS]),
    ];
    expect(supersededChanges(owed).map(({ change: c, by }) => [c.seq, by.seq])).toEqual([[1, 3]]);
  });

  it("include any change followed by one that touched everything, and none at one revision", () => {
    expect(supersededChanges([change(1, 5, [dealTag("A")]), change(2, 6, [ALL])])).toHaveLength(1);
    // A deploy notes the revision it found: the content write before it is not replaced.
    expect(supersededChanges([change(1, 5, [ALL]), change(2, 5, [ALL])])).toHaveLength(0);
  });
});

describe("what is a publication", () => {
  it("keeps pages and replies, not a search's answers", () => {
    expect(isPublication([ALL, SITE, DEALS])).toBe(true);
    expect(isPublication([ALL, SITE, "taxa", SEARCH, "article-1"])).toBe(true);
    expect(isPublication([ALL, SITE, SEARCH])).toBe(false);
    expect(isPublication([ALL, SEARCH])).toBe(false);
    expect(isPublication([])).toBe(true);
  });

  it("reads the tags from Surrogate-Key", () => {
    expect(replyTags({ "surrogate-key": "all  site deals" })).toEqual(["all", "site", "deals"]);
    expect(replyTags({})).toEqual([]);
  });
});
