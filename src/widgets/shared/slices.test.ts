import { describe, expect, it } from "vitest";
import { forEachInSlices } from "./slices.ts";

/** Work that takes about `ms` of the main thread. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe("forEachInSlices", () => {
  it("does every step in order, letting other work in between long slices", async () => {
    const done: number[] = [];
    let interleaved = false;
    const other = setTimeout(() => (interleaved = done.length > 0 && done.length < 200), 0);
    await forEachInSlices(
      Array.from({ length: 200 }, (_, i) => i),
      (item) => {
        busy(0.5);
        done.push(item);
      },
      new AbortController().signal,
    );
    clearTimeout(other);
    expect(done).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(interleaved).toBe(true);
  });

  it("stops once its signal is aborted", async () => {
    const controller = new AbortController();
    const done: number[] = [];
    const run = forEachInSlices(
      Array.from({ length: 1000 }, (_, i) => i),
      (item) => {
        busy(0.5);
        done.push(item);
      },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 0);
    await expect(run).rejects.toThrow();
    expect(done.length).toBeLessThan(1000);
  });
});
