// What the engine is given: a store of the index (the database's, src/db/repositories/
// search-repository.ts), and what the engine keeps of it between queries.
import { LruCache } from "../rules/lru.ts";
import type { IndexedDocument } from "./build-index.ts";
import { buildVocabulary, type ExpansionMemo, type Vocabulary } from "./expand.ts";
import { decodePostings, type Postings } from "./postings.ts";
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
  /** The words' postings read so far, by field and word (see readPostings). */
  postings: LruCache<Postings>;
  /** The documents read so far, by number, as results show them (see readDocuments). */
  documents: LruCache<StoredDocument>;
}

/** How many bytes of documents (their titles and text) the engine keeps. */
const KEPT_DOCUMENTS_BYTES = 16 * 1024 * 1024;

/** The documents with these numbers, in the order given: kept ones, the rest read in one lookup. */
export async function readDocuments(
  store: SearchStore,
  index: LoadedIndex,
  ids: readonly number[],
): Promise<StoredDocument[]> {
  const missing = ids.filter((id) => index.documents.get(String(id)) === undefined);
  if (missing.length > 0) {
    const generation = index.documents.generation;
    for (const document of await store.documents(missing))
      index.documents.set(String(document.Id), document, generation);
  }
  return ids.flatMap((id) => index.documents.get(String(id)) ?? []);
}

/**
 * How many bytes of postings the engine keeps. Reading a common word's postings was most of a
 * search's time: a row of up to 100 kB for a word in most of 20,000 documents, copied out of the
 * database (or over PostgreSQL's wire) for every query that expands to it. The site's whole index
 * is about 10 MB at 20,000 documents; past the bound the least recently used words go.
 */
export const KEPT_POSTINGS_BYTES = 64 * 1024 * 1024;

/**
 * The postings of `words` over a field, from what `index` keeps, the rest read from `store` in one
 * lookup and kept. A word not stored has none.
 */
export async function readPostings(
  store: SearchStore,
  index: LoadedIndex,
  words: readonly string[],
  field: "all" | "titles",
): Promise<Map<string, Postings>> {
  const found = new Map<string, Postings>();
  const missing: string[] = [];
  for (const word of words) {
    const kept = index.postings.get(`${field}:${word}`);
    if (kept) found.set(word, kept);
    else missing.push(word);
  }
  if (missing.length === 0) return found;
  const generation = index.postings.generation;
  const bytes = await store.postings(missing, field);
  for (const word of missing) {
    const postings = decodePostings(bytes.get(word) ?? EMPTY);
    found.set(word, postings);
    index.postings.set(`${field}:${word}`, postings, generation);
  }
  return found;
}

const EMPTY = new Uint8Array(0);

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
    postings: new LruCache<Postings>(Infinity, {
      maxBytes: KEPT_POSTINGS_BYTES,
      sizeOf: (p) => p.docIds.byteLength + p.weights.byteLength + 64,
    }),
    documents: new LruCache<StoredDocument>(Infinity, {
      maxBytes: KEPT_DOCUMENTS_BYTES,
      sizeOf: (d) => 2 * (d.Title.length + d.Body.length + d.Ref.length) + 128,
    }),
    vocabulary: buildVocabulary(
      words.map((r) => ({ word: r.Word, docs: r.Docs, titleDocs: r.TitleDocs })),
      documents.length,
    ),
  };
}
