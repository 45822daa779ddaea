import { describe, expect, it } from "vitest";
import { syncHold } from "./sync-hold.ts";

// Publishing goes first: background work (a capture, an image's renditions) pauses while a sync
// holds it, goes on a moment after the last sync ends, never pauses longer in all than its task's
// budget, and not at all once the site stops.

/** Milliseconds until `pause` resolves. */
async function timeOf(pause: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await pause();
  return performance.now() - started;
}

describe("background work's pauses while the site publishes", () => {
  it("go on at once when no sync holds them", async () => {
    const hold = syncHold();
    expect(await timeOf(hold.pauses())).toBeLessThan(50);
  });

  it("wait until the last of two syncs ends, and a moment after", async () => {
    const hold = syncHold({ afterMs: 100 });
    hold.hold();
    hold.hold();
    let released = 0;
    setTimeout(() => hold.release(), 50);
    setTimeout(() => {
      hold.release();
      released = performance.now();
    }, 150);
    await hold.pauses()();
    expect(released).toBeGreaterThan(0);
    expect(performance.now() - released).toBeGreaterThanOrEqual(95);
  });

  it("stop waiting once one task has paused its budget, however long the syncs last", async () => {
    const hold = syncHold();
    hold.hold();
    const pause = hold.pauses({ budgetMs: 200 });
    expect(await timeOf(pause)).toBeGreaterThanOrEqual(195);
    // The budget is the task's, in all: its next step waits no more.
    expect(await timeOf(pause)).toBeLessThan(50);
    // A task after it has a budget of its own.
    expect(await timeOf(hold.pauses({ budgetMs: 100 }))).toBeGreaterThanOrEqual(95);
  });

  it("stop waiting when the site stops", async () => {
    const hold = syncHold();
    hold.hold();
    const stopping = new AbortController();
    setTimeout(() => stopping.abort(), 50);
    expect(await timeOf(hold.pauses({ signal: stopping.signal }))).toBeLessThan(1000);
  });
});
