import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LruCache } from "./lru.ts";

const v = (bytes: number) => ({ bytes });
const sized = { sizeOf: (value: { bytes: number }) => value.bytes };

describe("LruCache", () => {
  it("drops the least recently used entry past its entry bound", () => {
    const cache = new LruCache(2, { maxBytes: 100, ...sized });
    cache.set("a", v(1));
    cache.set("b", v(1));
    cache.get("a");
    cache.set("c", v(1));
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([v(1), undefined, v(1)]);
  });

  it("drops old entries past its byte bound and refuses one bigger than the bound", () => {
    const cache = new LruCache(10, { maxBytes: 10, ...sized });
    cache.set("a", v(6));
    cache.set("b", v(6));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(6);
    expect(cache.set("huge", v(11))).toBe(false);
  });

  it("drops only the values picked, with their bytes, and refuses a value computed before", () => {
    const cache = new LruCache(10, { maxBytes: 100, ...sized });
    cache.set("a", v(3));
    cache.set("b", v(5));
    cache.set("c", v(3));
    const before = cache.generation;
    cache.drop((value) => value.bytes === 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, v(5), undefined]);
    expect(cache.bytes).toBe(5);
    expect(cache.set("a", v(3), before)).toBe(false);
    expect(cache.set("a", v(3))).toBe(true);
  });

  it("counts only entries when its values have no size", () => {
    const cache = new LruCache<string>(2);
    cache.set("a", "A".repeat(1000));
    cache.set("b", "B");
    cache.get("a");
    cache.set("c", "C");
    expect([cache.get("a")?.length, cache.get("b"), cache.get("c")]).toEqual([
      1000,
      undefined,
      "C",
    ]);
    expect(cache.bytes).toBe(0);
  });

  it("refuses a value computed before a clear", () => {
    const cache = new LruCache(10, { maxBytes: 10, ...sized });
    const generation = cache.generation;
    cache.clear();
    expect(cache.set("a", v(1), generation)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("never holds more than its bounds, whatever the operations", () => {
    const op = fc.record({
      key: fc.constantFrom("a", "b", "c", "d", "e"),
      bytes: fc.integer({ min: 0, max: 12 }),
      clear: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), (ops) => {
        const cache = new LruCache(3, { maxBytes: 20, ...sized });
        for (const { key, bytes, clear } of ops) {
          if (clear && bytes === 0) cache.clear();
          else cache.set(key, v(bytes));
          expect(cache.size).toBeLessThanOrEqual(3);
          expect(cache.bytes).toBeLessThanOrEqual(20);
        }
      }),
    );
  });
});
