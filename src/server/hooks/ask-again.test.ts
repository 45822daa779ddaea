import { describe, expect, it } from "vitest";
import { ASK_AGAIN_FOR_MS, FIRST_PAUSE_MS, nextAsk, type Late } from "./ask-again.ts";

/** The times (ms after the first late copy) at which an item always served late is asked again. */
function asks(): number[] {
  const times: number[] = [];
  let late: Late = { since: 0, pause: 0 };
  let now = 0;
  for (let next = nextAsk(late, now); next !== null; next = nextAsk(late, now)) {
    now += next;
    times.push(now);
    late = { ...late, pause: next };
  }
  return times;
}

describe("asking again for an item served late", () => {
  it("asks first after a short pause, then after pauses that grow", () => {
    const times = asks();
    const pauses = times.map((t, i) => t - (times[i - 1] ?? 0));
    expect(pauses[0]).toBe(FIRST_PAUSE_MS);
    expect(pauses[1]).toBe(2 * FIRST_PAUSE_MS);
    // Growing, except the last, which ends on the deadline.
    for (let i = 1; i < pauses.length - 1; i++)
      expect(pauses[i]).toBeGreaterThanOrEqual(pauses[i - 1]!);
  });

  it("asks last when the time is up, and then gives up", () => {
    const times = asks();
    expect(times.at(-1)).toBe(ASK_AGAIN_FOR_MS);
    expect(nextAsk({ since: 0, pause: 4000 }, ASK_AGAIN_FOR_MS)).toBeNull();
    // A few asks, not hundreds: the service is not hammered.
    expect(times.length).toBeLessThan(12);
  });
});
