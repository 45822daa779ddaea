// Pure: the index after a few documents changed, without building it again. Only the words the
// old and new documents hold change: their postings lose the old documents and gain the new.
// Every other document keeps its weights, which a full build would shift by a hair (the field
// averages move with each document); a full build (imports, the scheduled sync) evens that out.
import { wordRow, type DocumentEntries, type IndexedWord } from "./build-index.ts";
import { decodePostings } from "./postings.ts";

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
  const postings = new Map<string, { all: [number, number][]; titles: [number, number][] }>();
  const kept = (bytes: Uint8Array) => {
    const { docIds, weights } = decodePostings(bytes);
    const out: [number, number][] = [];
    for (let i = 0; i < docIds.length; i++)
      if (!removed.has(docIds[i]!)) out.push([docIds[i]!, weights[i]!]);
    return out;
  };
  for (const row of stored)
    postings.set(row.Word, { all: kept(row.Postings), titles: kept(row.TitlePostings) });
  for (const { document, words } of added)
    for (const [word, weight] of words) {
      const entry = postings.get(word) ?? { all: [], titles: [] };
      entry.all.push([document.Id, weight.all]);
      if (weight.title !== null) entry.titles.push([document.Id, weight.title]);
      postings.set(word, entry);
    }
  const rows: IndexedWord[] = [];
  const emptied: string[] = [];
  for (const [word, { all, titles }] of postings)
    if (all.length === 0) emptied.push(word);
    else rows.push(wordRow(word, all, titles));
  return { rows, emptied };
}
