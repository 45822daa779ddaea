import type { ChainedEntry } from "../../record/chain.ts";
import type { RecordQueries } from "./record-repository.ts";

// What a capture reads before it renders: the changes still owed a capture, and which address
// carried which cache tags when it was last kept (record_urls, the capture's working index,
// which is not part of the record).

/** How far the captures have got: every change up to this Seq is captured or has its gap. */
export async function capturedThrough(k: RecordQueries): Promise<number> {
  const last = await k
    .selectFrom("record_entries")
    .select("Detail")
    .where("Kind", "in", ["captured", "gap"])
    .orderBy("Seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last?.Detail) return 0;
  const { through } = JSON.parse(last.Detail) as { through?: number };
  return typeof through === "number" ? through : 0;
}

/** The changes after `through` (capturedThrough), oldest first: those still owed a capture. */
export async function owedChanges(k: RecordQueries, through: number): Promise<ChainedEntry[]> {
  const rows = await k
    .selectFrom("record_entries")
    .selectAll()
    .where("Kind", "=", "change")
    .where("Seq", ">", through)
    .orderBy("Seq")
    .execute();
  return rows as ChainedEntry[];
}

/** One address the record keeps, as last captured. */
export interface KnownUrl {
  url: string;
  tags: readonly string[];
  status: number;
}

/** Every address the record keeps, with the tags it carried when last captured. */
export async function knownUrls(k: RecordQueries): Promise<KnownUrl[]> {
  const rows = await k.selectFrom("record_urls").selectAll().execute();
  return rows.map((row) => ({
    url: row.Url,
    tags: row.Tags === "" ? [] : row.Tags.split(" "),
    status: Number(row.Status),
  }));
}

/** Notes the tags and status each address carried in the responses just appended. */
export async function noteKnownUrls(
  k: RecordQueries,
  rows: readonly { url: string; tags: readonly string[]; status: number; seq: number }[],
): Promise<void> {
  for (const row of rows) {
    const values = { Tags: row.tags.join(" "), Status: row.status, Seq: row.seq };
    await k
      .insertInto("record_urls")
      .values({ Url: row.url, ...values })
      .onConflict((c) => c.column("Url").doUpdateSet(values))
      .execute();
  }
}

/** How many gaps the record holds, and its size: entries, and payload bytes as stored. */
export async function recordFigures(
  k: RecordQueries,
): Promise<{ entries: number; gaps: number; payloads: number; bytes: number }> {
  const [entries, gaps, payloads] = await Promise.all([
    k
      .selectFrom("record_entries")
      .select((eb) => eb.fn.max("Seq").as("n"))
      .executeTakeFirst(),
    k
      .selectFrom("record_entries")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("Kind", "=", "gap")
      .executeTakeFirst(),
    k
      .selectFrom("record_payloads")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("Size").as("size")])
      .executeTakeFirst(),
  ]);
  return {
    entries: Number(entries?.n ?? 0),
    gaps: Number(gaps?.n ?? 0),
    payloads: Number(payloads?.n ?? 0),
    bytes: Number(payloads?.size ?? 0),
  };
}

/** The build of the last deploy the record holds, or null. */
export async function lastDeployedBuild(k: RecordQueries): Promise<string | null> {
  const row = await k
    .selectFrom("record_entries")
    .select("Detail")
    .where("Kind", "=", "change")
    .where("Detail", "like", '%"type":"deploy"%')
    .orderBy("Seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row?.Detail) return null;
  const { cause } = JSON.parse(row.Detail) as { cause?: { build?: unknown } };
  return typeof cause?.build === "string" ? cause.build : null;
}

/** The latest gap: when, for which revision, and why; null when the record has none. */
export async function lastGap(
  k: RecordQueries,
): Promise<{ at: string; revision: number | null; reason: string } | null> {
  const row = await k
    .selectFrom("record_entries")
    .select(["At", "Revision", "Detail"])
    .where("Kind", "=", "gap")
    .orderBy("Seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { reason } = JSON.parse(row.Detail ?? "{}") as { reason?: string };
  return {
    at: row.At,
    revision: row.Revision === null ? null : Number(row.Revision),
    reason: reason ?? "",
  };
}
