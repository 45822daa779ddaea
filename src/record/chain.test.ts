import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  chain,
  chainFault,
  entry,
  GENESIS,
  payloadDigest,
  type EntryFields,
} from "./chain.ts";

const fields = (n: number): EntryFields =>
  entry("response", `2026-11-28T10:00:0${n}.000Z`, {
    Revision: n,
    Url: `/page-${n}`,
    Status: 200,
    PayloadDigest: payloadDigest(Buffer.from(`body ${n}`)),
  });

describe("the record's hash chain", () => {
  it("links each entry to the one before, from the genesis hash", () => {
    const chained = chain({ seq: 0, hash: GENESIS }, [fields(1), fields(2), fields(3)]);
    expect(chained.map((e) => e.Seq)).toEqual([1, 2, 3]);
    expect(chained[0]!.Prev).toBe(GENESIS);
    expect(chained[1]!.Prev).toBe(chained[0]!.Hash);
    chained.reduce<(typeof chained)[number] | null>((before, e) => {
      expect(chainFault(before, e)).toBeNull();
      return e;
    }, null);
  });

  it("finds any field changed after the entry was written", () => {
    const [first, second] = chain({ seq: 0, hash: GENESIS }, [fields(1), fields(2)]);
    const changes: Partial<EntryFields>[] = [
      { Status: 404 },
      { Url: "/page-9" },
      { At: "2026-11-28T11:00:00.000Z" },
      { PayloadDigest: payloadDigest(Buffer.from("forged")) },
      { Revision: 7 },
      { Detail: canonicalJson({ cause: "forged" }) },
    ];
    for (const change of changes)
      expect(chainFault(first!, { ...second!, ...change })).toMatch(
        /was changed after it was written/,
      );
  });

  it("finds an entry taken out, and one that does not hold its predecessor's hash", () => {
    const [first, second, third] = chain({ seq: 0, hash: GENESIS }, [
      fields(1),
      fields(2),
      fields(3),
    ]);
    expect(chainFault(first!, third!)).toMatch(/entries are missing/);
    const rechained = chain({ seq: 1, hash: "f".repeat(64) }, [fields(2)])[0]!;
    expect(chainFault(first!, rechained)).toMatch(/does not hold the hash of entry 1/);
    expect(chainFault(first!, second!)).toBeNull();
  });

  it("writes one text for one value, whatever the order its keys were built in", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
      }),
    );
  });

  it("names a payload by its SHA-256 as WARC writes it", () => {
    expect(payloadDigest(Buffer.from("abc"))).toBe(
      "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
