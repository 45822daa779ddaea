import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { canonicalJson, chain, entry, GENESIS, payloadDigest } from "./chain.ts";
import { ChainCheck, payloadFault } from "./verify.ts";

const at = "2026-11-28T10:00:00.000Z";
const change = (revision: number) =>
  entry("change", at, {
    Revision: revision,
    Detail: canonicalJson({ cause: { type: "demo" }, tags: ["all"] }),
  });

describe("verify's check of the chain", () => {
  it("lists the changes that no finished capture or gap accounts for", () => {
    const entries = chain({ seq: 0, hash: GENESIS }, [
      change(1), // 1: captured by 3..5
      change(2), // 2: captured by 3..5
      entry("capture", at, { Detail: canonicalJson({ changes: [1, 2] }) }),
      entry("response", at, {
        Ref: 3,
        Url: "/",
        PayloadDigest: "sha256:aa",
        HeadersDigest: "sha256:bb",
      }),
      entry("captured", at, { Ref: 3, Detail: canonicalJson({ through: 2 }) }),
      change(3), // 6: its capture never ended
      entry("capture", at, { Detail: canonicalJson({ changes: [6] }) }),
      change(4), // 8: a gap accounts for it
      entry("gap", at, { Ref: 8, Detail: canonicalJson({ through: 8, reason: "x" }) }),
    ]);
    const check = new ChainCheck(entries[4]!.Hash);
    for (const e of entries) expect(check.add(e)).toBe(true);
    expect(check.owed().map((owed) => owed.seq)).toEqual([6]);
    expect(check.headSeq).toBe(5);
    expect([...check.digests]).toEqual(["sha256:bb", "sha256:aa"]);
    expect([...check.revisions]).toEqual([1, 2, 3, 4]);
  });

  it("stops at the first entry that does not hold", () => {
    const entries = chain({ seq: 0, hash: GENESIS }, [change(1), change(2), change(3)]);
    const check = new ChainCheck();
    expect(check.add(entries[0]!)).toBe(true);
    expect(check.add({ ...entries[1]!, Revision: 9 })).toBe(false);
    expect(check.fault?.entry.Seq).toBe(2);
    expect(check.add(entries[2]!)).toBe(false);
  });
});

describe("verify's check of a payload", () => {
  it("holds while the bytes have their digest, stored plain or gzipped", () => {
    const bytes = Buffer.from("<p>the page</p>");
    expect(
      payloadFault({ Digest: payloadDigest(bytes), Coding: "identity", Bytes: bytes }),
    ).toBeNull();
    expect(
      payloadFault({ Digest: payloadDigest(bytes), Coding: "gzip", Bytes: gzipSync(bytes) }),
    ).toBeNull();
  });

  it("names a payload whose bytes were changed, or cannot be read", () => {
    const digest = payloadDigest(Buffer.from("<p>the page</p>"));
    expect(
      payloadFault({ Digest: digest, Coding: "identity", Bytes: Buffer.from("<p>forged</p>") }),
    ).toMatch(new RegExp(`payload ${digest} was changed`));
    expect(
      payloadFault({ Digest: digest, Coding: "gzip", Bytes: Buffer.from("not gzip") }),
    ).toMatch(/cannot be read/);
  });
});
