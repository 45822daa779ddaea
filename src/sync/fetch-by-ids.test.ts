import { describe, expect, it } from "vitest";
import { idBatches } from "./fetch-by-ids.ts";
import { MAX_URL_LENGTH, setUrl } from "./service-client.ts";

const SERVICE = "https://cms.firm.example/api/firm";
const ids = Array.from(
  { length: 1000 },
  (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
);

describe("idBatches: whole items by Id, many to a request", () => {
  it("asks for every Id once, in order, in requests whose addresses stay within the limit", () => {
    const batches = idBatches(SERVICE, "pasttransactions", ids, "*,Industries");
    expect(batches.flat()).toEqual(ids);
    for (const batch of batches) {
      const filter = batch.map((id) => `Id eq ${id}`).join(" or ");
      const url = setUrl(SERVICE, "pasttransactions", {
        $select: "*,Industries",
        $filter: filter,
        $count: "true",
      });
      expect(url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    }
    // About 30 to a request: a 1,000-item fetch takes some 35 requests, not 1,000.
    expect(batches.length).toBeLessThan(40);
  });

  it("makes no request for no Ids", () => {
    expect(idBatches(SERVICE, "newsitems", [], "*,Tags")).toEqual([]);
  });
});
