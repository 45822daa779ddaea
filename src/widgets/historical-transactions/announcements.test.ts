import { describe, expect, it } from "vitest";
import { pageAnnouncement, sortAnnouncement } from "./announcements.ts";

describe("pageAnnouncement", () => {
  it.each([
    [1, 17, 420, "Page 1 of 17, results 1 to 25 of 420."],
    [2, 17, 420, "Page 2 of 17, results 26 to 50 of 420."],
    [17, 17, 420, "Page 17 of 17, results 401 to 420 of 420."],
    [3, 400, 10_000, "Page 3 of 400, results 51 to 75 of 10,000."],
  ])("page %i of %i with %i results", (page, count, total, text) => {
    expect(pageAnnouncement(page, count, total)).toBe(text);
  });
});

describe("sortAnnouncement", () => {
  it.each([
    [{ key: "date", direction: "descending" }, "Sorted by Close Date, newest first."],
    [{ key: "date", direction: "ascending" }, "Sorted by Close Date, oldest first."],
    [{ key: "client", direction: "ascending" }, "Sorted by Client, A to Z."],
    [{ key: "size", direction: "descending" }, "Sorted by Size, largest first."],
    [{ key: "industry", direction: "descending" }, "Sorted by Industry Group, Z to A."],
  ] as const)("%j", (sort, text) => {
    expect(sortAnnouncement(sort)).toBe(text);
  });
});
