// Pure: the index after a few documents changed, without building it again. Only the words the
// old and new documents hold change: their postings lose the old documents and gain the new.
// Every other document keeps its weights, which a full build would shift by a hair (the field
// averages move with each document); a full build (imports, the scheduled sync) evens that out.
import { wordRow, type DocumentEntries, type IndexedWord } from "./build-index.ts";
import { decodePostings, encodePostings } from "./postings.ts";

/**
 * The rows of every word that `removed` documents held or `added` ones hold: `stored` holds those
 * words' current rows (a word not stored yet has none). Words no document holds any more are
 * `emptied`, to delete.
 */
export function updatedWords(
  stored: readonly IndexedWord[],
  removed: ReadonlySet<number>,
  added: readonly DocumentEntries[],
): { rows: IndexedWord[]; emptied: string[] } {
  const fresh = new Map<string, { all: number[][]; titles: number[][] }>();
  for (const { document, words } of added)
    for (const [word, weight] of words) {
      const entry = fresh.get(word) ?? { all: [[], []], titles: [[], []] };
      entry.all[0]!.push(document.Id);
      entry.all[1]!.push(weight.all);
      if (weight.title !== null) {
        entry.titles[0]!.push(document.Id);
        entry.titles[1]!.push(weight.title);
      }
      fresh.set(word, entry);
    }
  const none = [[], []];
  const rows: IndexedWord[] = [];
  const emptied: string[] = [];
  const storedWords = new Set(stored.map((r) => r.Word));
  for (const row of stored) {
    const entry = fresh.get(row.Word);
    const all = merged(row.Postings, removed, entry?.all ?? none);
    if (all.length === 0) emptied.push(row.Word);
    else
      rows.push({
        Word: row.Word,
        Docs: all.length / 8,
        TitleDocs: 0,
        Postings: all,
        TitlePostings: merged(row.TitlePostings, removed, entry?.titles ?? none),
      });
  }
  for (const [word, { all, titles }] of fresh)
    if (!storedWords.has(word)) rows.push(wordRow(word, zip(all), zip(titles)));
  for (const row of rows) row.TitleDocs = row.TitlePostings.length / 8;
  return { rows, emptied };
}

const zip = ([ids, weights]: number[][]) => ids!.map((id, i) => [id, weights![i]!] as const);

/** Packed postings without the `removed` documents, with `[ids, weights]` after them. */
function merged(bytes: Uint8Array, removed: ReadonlySet<number>, [ids, weights]: number[][]) {
  const { docIds, weights: stored } = decodePostings(bytes);
  const keptIds: number[] = [];
  const keptWeights: number[] = [];
  for (let i = 0; i < docIds.length; i++)
    if (!removed.has(docIds[i]!)) {
      keptIds.push(docIds[i]!);
      keptWeights.push(stored[i]!);
    }
  return encodePostings([...keptIds, ...ids!], [...keptWeights, ...weights!]);
}
