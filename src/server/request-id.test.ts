import { describe, expect, it } from "vitest";
import { requestIdFor } from "./request-id.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it.each(["abc-123", "4bf92f3577b34da6a3ce929d0e0e4736", "lb:7f0e:1", "Root=1-67891233-abcdef"])(
    "keeps a well-formed incoming id %j",
    (id) => {
      expect(requestIdFor(id)).toBe(id);
    },
  );

  it.each([undefined, "", " spaced", "a\nb", "x".repeat(129), "<script>", "é"])(
    "replaces %j with a fresh UUID",
    (id) => {
      expect(requestIdFor(id)).toMatch(UUID);
    },
  );

  it("gives a different id to every request without one", () => {
    const ids = new Set(Array.from({ length: 100 }, () => requestIdFor(undefined)));
    expect(ids.size).toBe(100);
  });

  it("reads the first of repeated headers", () => {
    expect(requestIdFor(["first", "second"])).toBe("first");
  });
});
