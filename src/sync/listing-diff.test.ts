import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffListing, isUnchanged, readListing } from "./listing-diff.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (n: number) => `2026-07-0${n}T10:00:00Z`;

describe("readListing: a set's Ids and LastModified", () => {
  it("lower-cases Ids, reads LastModified in any of Sitefinity's forms, and counts a repeat once", () => {
    const rows = [
      { Id: id(1).toUpperCase(), LastModified: "2026-07-01T10:00:00.0000000Z" },
      { Id: id(2), LastModified: "2026-07-01T10:00:00.123Z" },
      { Id: id(1), LastModified: "2026-07-01T10:00:00Z" },
    ];
    expect(readListing("newsitems", rows)).toEqual({
      listed: [
        { Id: id(1), LastModified: "2026-07-01T10:00:00Z" },
        { Id: id(2), LastModified: "2026-07-01T10:00:00.123Z" },
      ],
      problems: [],
    });
  });

  it("names each row it cannot read by set and Id", () => {
    const rows = [
      { Id: "42", LastModified: at(1) },
      { Id: id(3) },
      { Id: id(4), LastModified: "x" },
    ];
    expect(readListing("pasttransactions", rows).problems).toEqual([
      'pasttransactions "42": Id: not a GUID',
      `pasttransactions ${id(3)}: LastModified: not a date`,
      `pasttransactions ${id(4)}: LastModified: not a date`,
    ]);
  });
});

describe("diffListing: what the service added, changed and removed", () => {
  const held = [
    { Id: id(1), LastModified: at(1) },
    { Id: id(2).toUpperCase(), LastModified: "2026-07-01T10:00:00.0000000Z" },
    { Id: id(3), LastModified: at(1) },
  ];

  it.each([
    ["nothing", [id(1), id(2), id(3)].map((Id) => ({ Id, LastModified: at(1) })), [], [], []],
    [
      "one of each",
      [
        { Id: id(1), LastModified: at(2) },
        { Id: id(2), LastModified: at(1) },
        { Id: id(4), LastModified: at(1) },
      ],
      [id(4)],
      [id(1)],
      [id(3)],
    ],
    ["everything removed", [], [], [], [id(1), id(2), id(3)]],
  ])("%s", (_name, listed, added, changed, removed) => {
    const changes = diffListing(held, listed);
    expect(changes).toEqual({ added, changed, removed, order: listed.map((l) => l.Id) });
    expect(isUnchanged(changes)).toBe(added.length + changed.length + removed.length === 0);
  });

  it("counts every listed item as changed when asked for a full sync", () => {
    const listed = [{ Id: id(1), LastModified: at(1) }];
    expect(diffListing(held, listed, { full: true })).toMatchObject({ changed: [id(1)] });
  });

  it("puts every Id in exactly one of added, changed, removed or unchanged", () => {
    const version = fc.record({
      n: fc.integer({ min: 1, max: 30 }),
      day: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(version), fc.array(version), (before, after) => {
        const dedupe = (vs: { n: number; day: number }[]) =>
          [...new Map(vs.map((v) => [v.n, v])).values()].map((v) => ({
            Id: id(v.n),
            LastModified: at(v.day),
          }));
        const [old, now] = [dedupe(before), dedupe(after)];
        const { added, changed, removed } = diffListing(old, now);
        const same = now.filter((v) =>
          old.some((o) => o.Id === v.Id && o.LastModified === v.LastModified),
        );
        expect(added.length + changed.length + same.length).toBe(now.length);
        expect(removed.length + changed.length + same.length).toBe(old.length);
        expect(new Set([...added, ...changed, ...removed]).size).toBe(
          added.length + changed.length + removed.length,
        );
      }),
    );
  });
});
