import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { capturedThrough, owedChanges } from "../../db/repositories/record-index.ts";
import { recordDeploy } from "./changes.ts";

// A new build is noted once, by whichever instance of many starting together on one database
// takes the record's lock first; the others find it noted. Another build is noted again.

let temp: Awaited<ReturnType<typeof tempDatabase>>;
beforeAll(async () => {
  temp = await tempDatabase();
});
afterAll(() => temp.cleanup());

describe("a deploy", () => {
  it("is noted once however many instances start it at once, and again for the next build", async () => {
    const noted = await Promise.all(
      Array.from({ length: 6 }, () => recordDeploy(temp.db, "build-a")),
    );
    expect(noted.filter(Boolean)).toHaveLength(1);
    expect(await recordDeploy(temp.db, "build-a")).toBe(false);
    expect(await recordDeploy(temp.db, "build-b")).toBe(true);
    const owed = await owedChanges(temp.db.kysely, await capturedThrough(temp.db.kysely));
    expect(owed.map((change) => JSON.parse(change.Detail!).cause)).toEqual([
      { type: "deploy", build: "build-a" },
      { type: "deploy", build: "build-b" },
    ]);
  });
});
