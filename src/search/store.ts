// What the engine is given: a store of the index (the database's, src/db/repositories/
// search-repository.ts), and what the engine keeps of it between queries.
import type { IndexedDocument } from "./build-index.ts";
import { buildVocabulary, type ExpansionMemo, type Vocabulary } from "./expand.ts";
import { KIND_ORDER, type DocumentFacts } from "./score.ts";

/** A stored word's counts: in how many documents, and in how many titles, it occurs. */
export interface StoredWordCounts {
  Word: string;
  Docs: number;
  TitleDocs: number;
}

/** What ranking needs of a stored document. */
export type StoredDocumentFacts = Pick<IndexedDocument, "Id" | "Kind" | "Prior" | "TitleKey">;

/** What a result shows of a stored document. */
export type StoredDocument = Pick<
  IndexedDocument,
  "Id" | "Kind" | "Ref" | "Title" | "Body" | "Date" | "Size"
>;

/** Reads of the stored index; every value a plain number or string, whatever the database. */
export interface SearchStore {
  /** Every stored word's counts and every document's facts (read once per content revision). */
  readIndex(): Promise<{ words: StoredWordCounts[]; documents: StoredDocumentFacts[] }>;
  /** The packed postings of these words: over all fields, or over titles alone (suggestions). */
  postings(words: readonly string[], field: "all" | "titles"): Promise<Map<string, Uint8Array>>;
  /** The documents with these numbers, in the order given (a number not stored is left out). */
  documents(ids: readonly number[]): Promise<StoredDocument[]>;
}

/** What the engine keeps of the index between queries: the stored words and each document's facts. */
export interface LoadedIndex {
  vocabulary: Vocabulary;
  facts: DocumentFacts;
  /** Each query word's expansions, worked out once per loaded vocabulary. */
  memo: ExpansionMemo;
}

/** Reads the stored words and documents' facts into the lookups a search runs on. */
export async function loadIndex(store: SearchStore): Promise<LoadedIndex> {
  const { words, documents } = await store.readIndex();
  const n = documents.reduce((max, d) => Math.max(max, d.Id), 0) + 1;
  const facts = {
    kinds: new Uint8Array(n),
    priors: new Float64Array(n),
    titleWords: new Array<string[]>(n).fill([]),
  };
  for (const d of documents) {
    facts.kinds[d.Id] = Math.max(0, KIND_ORDER.indexOf(d.Kind));
    facts.priors[d.Id] = d.Prior;
    facts.titleWords[d.Id] = d.TitleKey === "" ? [] : d.TitleKey.split(" ");
  }
  return {
    facts,
    memo: new Map(),
    vocabulary: buildVocabulary(
      words.map((r) => ({ word: r.Word, docs: r.Docs, titleDocs: r.TitleDocs })),
      documents.length,
    ),
  };
}
