import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePostings, encodePostings } from "./postings.ts";

describe("packed postings", () => {
  it("read back as written, from any byte offset (a database driver's buffer may be a slice)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.float({ noNaN: true })), {
          maxLength: 50,
        }),
        fc.integer({ min: 0, max: 7 }),
        (postings, shift) => {
          const bytes = encodePostings(
            postings.map(([id]) => id),
            postings.map(([, w]) => w),
          );
          const host = new Uint8Array(bytes.length + shift);
          host.set(bytes, shift);
          const { docIds, weights } = decodePostings(host.subarray(shift));
          expect(Array.from(docIds)).toEqual(postings.map(([id]) => id));
          expect(Array.from(weights)).toEqual(postings.map(([, w]) => Math.fround(w)));
        },
      ),
    );
  });
});
