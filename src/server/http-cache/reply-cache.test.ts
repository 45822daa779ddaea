import { describe, expect, it } from "vitest";
import { ALL, changeTags, DEALS, dealTag, tagHeaders } from "../../rules/cache-tags.ts";
import { ReplyCache } from "./reply-cache.ts";
import { represent, type Representation } from "./representation.ts";

const reply = (name: string, status = 200) =>
  ({ status, bytes: 10, tags: [name] }) as unknown as Representation;

describe("ReplyCache", () => {
  it("finds a reply again by its URL, and by another URL with the same key", async () => {
    const cache = new ReplyCache();
    let computed = 0;
    const compute = async () => reply(`r${++computed}`);
    const first = await cache.get("/a?x=1", "key", compute);
    expect(cache.byUrl("/a?x=1")).toBe(first);
    expect(cache.byUrl("/a?x=2")).toBeUndefined();
    expect(await cache.get("/a?x=2", "key", compute)).toBe(first);
    expect(computed).toBe(1);
  });

  it("computes once for concurrent misses of one key", async () => {
    const cache = new ReplyCache();
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 5));
      return reply("r");
    };
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cache.get(`/u${i}`, "k", compute)),
    );
    expect(new Set(replies).size).toBe(1);
    expect(computed).toBe(1);
  });

  it("never keeps a reply that is not a success, so a failure does not outlive its cause", async () => {
    const cache = new ReplyCache();
    let status = 500;
    const compute = async () => reply(`r${status}`, status);
    expect((await cache.get("/a", "k", compute)).status).toBe(500);
    expect(cache.byUrl("/a")).toBeUndefined();
    status = 200;
    expect((await cache.get("/a", "k", compute)).status).toBe(200);
    expect(cache.byUrl("/a")?.status).toBe(200);
  });

  it("does not keep a reply computed across a clear, nor one that failed", async () => {
    const cache = new ReplyCache();
    let release = () => {};
    const slow = cache.get("/a", "k", () => new Promise((r) => (release = () => r(reply("old")))));
    cache.clear();
    release();
    await slow;
    expect(cache.byUrl("/a")).toBeUndefined();
    await expect(cache.get("/b", "k2", () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await cache.get("/b", "k2", async () => reply("ok"))).toEqual(reply("ok"));
  });
});

describe("ReplyCache.dropTagged", () => {
  const tagged = (body: string, tags: string[]) =>
    represent(body, { "content-type": "text/plain", ...tagHeaders(tags) });

  it("drops the replies that name a changed tag and keeps the rest", async () => {
    const cache = new ReplyCache();
    await cache.get("/deal-a", "deal-a", () => tagged("A", [dealTag("a"), DEALS]));
    await cache.get("/deal-b", "deal-b", () => tagged("B", [dealTag("b")]));
    await cache.get("/untagged", "untagged", () => represent("U", {}));
    cache.dropTagged(
      changeTags({
        deals: [{ before: { Id: "A", groupId: null, Date: "2026-01-02", Service: null } }],
        articles: [],
      }),
    );
    expect(cache.byUrl("/deal-a")).toBeUndefined();
    expect(cache.byUrl("/deal-b")).toBeDefined();
    // A reply that does not say what it shows cannot be kept past any change.
    expect(cache.byUrl("/untagged")).toBeUndefined();
  });

  it("drops everything on a change that touched all, and keeps nothing computed meanwhile", async () => {
    const cache = new ReplyCache();
    await cache.get("/b", "b", () => tagged("B", [dealTag("b")]));
    let finish: (value: Representation) => void = () => {};
    const slow = cache.get("/a", "a", () => new Promise((resolve) => (finish = resolve)));
    cache.dropTagged([ALL]);
    finish(await tagged("A", [dealTag("a")]));
    await slow;
    expect(cache.byUrl("/a")).toBeUndefined();
    expect(cache.byUrl("/b")).toBeUndefined();
  });
});
