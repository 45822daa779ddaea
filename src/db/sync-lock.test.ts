import { afterEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import { connect } from "./connect.ts";
import { tryWithSyncLock } from "./sync-lock.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Two connections to one fresh database, as two processes would have. */
async function twoConnections() {
  const t = await tempDatabase(null);
  const other = connect(t.url);
  cleanups.push(t.cleanup, () => other.close());
  return [t.db, other] as const;
}

describe("the sync lock", () => {
  it("lets one holder run while another is turned away at once, then the next", async () => {
    const [a, b] = await twoConnections();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const first = tryWithSyncLock(a, () => {
      holding();
      return held.then(() => "first");
    });
    await isHolding; // the first caller's work has begun: it holds the lock
    expect(await tryWithSyncLock(b, async () => "second")).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: "first" });
    expect(await tryWithSyncLock(b, async () => "third")).toEqual({ ran: true, value: "third" });
  });

  it("is released when the work fails", async () => {
    const [a, b] = await twoConnections();
    await expect(tryWithSyncLock(a, () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await tryWithSyncLock(b, async () => 1)).toEqual({ ran: true, value: 1 });
  });
});
