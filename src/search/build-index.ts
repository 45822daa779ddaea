// Pure: the site search's index, made from what a visitor can look for. Each document's words
// carry a precomputed weight (BM25F: title above keywords above body, longer documents count each
// word less), so a search only adds up numbers the import already worked out.
import { encodePostings } from "./postings.ts";
import { indexWords, plainWords } from "./words.ts";

/** What a search result is. */
export type SearchKind = "deal" | "industry" | "topic" | "article" | "page" | "person";

/** One thing to find, as the index reads it. */
export interface SearchSource {
  readonly kind: SearchKind;
  /** A deal's, industry group's, topic's or article's UrlName; a page's path. */
  readonly ref: string;
  readonly title: string;
  /** Short texts that say what it is about (industries, topic names, synonyms, a year). */
  readonly keywords: readonly string[];
  /** Visible text, shown in snippets. */
  readonly body: string;
  /** Deals: the close date and size, shown with the result. Articles: the publication date. */
  readonly date: string | null;
  readonly size: number | null;
  /** A deal's or article's Id, by which a change to it is indexed alone (update-index.ts). */
  readonly item?: string;
}

/** A document as stored; Id is its number in the postings. */
export interface IndexedDocument {
  Id: number;
  Kind: SearchKind;
  Ref: string;
  Title: string;
  /** The title's words, folded and joined by spaces, to compare with a whole query. */
  TitleKey: string;
  Body: string;
  Date: string | null;
  Size: number | null;
  /**
   * 0 (oldest) to 1 (newest) within its kind at the last full build; 0.5 for what has no date.
   * Breaks near-ties. An item indexed since may lie past either end (update-index.ts).
   */
  Prior: number;
  /** The keywords, joined by spaces: with Title and Body, the words the document is stored under. */
  Keywords: string;
  /** The deal's or article's Id; null for what only a full build indexes. */
  ItemId: string | null;
}

/** A stored word with its postings (postings.ts). */
export interface IndexedWord {
  Word: string;
  Docs: number;
  TitleDocs: number;
  /** Every document that holds it, weighted over all fields (the search). */
  Postings: Uint8Array;
  /** The documents whose title holds it, weighted over the title alone (suggestions). */
  TitlePostings: Uint8Array;
}

/**
 * BM25F: how much a word counts in each field, and how much each field's length tempers it
 * (a word in a long body says less than in a short one; a title is short by nature). Each
 * field's count is normalised by its own length, then the sum saturates once (k1).
 */
export const FIELD_WEIGHTS = { title: 5, keywords: 2, body: 1 } as const;
const LENGTH_NORMALISATION = { title: 0.3, keywords: 0.5, body: 0.75 } as const;
const K1 = 1.2;

type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

/** A field's count of a word, tempered by the field's length against its average. */
const normalised = (field: Field, count: number, length: number, average: number) =>
  count === 0
    ? 0
    : (FIELD_WEIGHTS[field] * count) /
      (1 - LENGTH_NORMALISATION[field] + (LENGTH_NORMALISATION[field] * length) / (average || 1));

const saturate = (tf: number) => (tf * (K1 + 1)) / (tf + K1);

const countWords = (words: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
};

/**
 * What a full build measured over every document, kept with the index so that an item indexed
 * later is weighed alike: each field's average length in words, and each kind's dates (ms).
 */
export interface IndexStats {
  readonly averages: Readonly<Record<Field, number>>;
  readonly ranges: Readonly<Partial<Record<SearchKind, readonly [number, number]>>>;
}

/** A document and the weights of its words, over all fields and over its title alone. */
export interface DocumentEntries {
  readonly document: IndexedDocument;
  readonly words: ReadonlyMap<string, { readonly all: number; readonly title: number | null }>;
}

const fieldWords = (s: Pick<SearchSource, "title" | "keywords" | "body">) => ({
  title: indexWords(s.title),
  keywords: s.keywords.flatMap(indexWords),
  body: indexWords(s.body),
});

/** The words a stored document is filed under (as indexDocument filed them). */
export function storedWords(d: Pick<IndexedDocument, "Title" | "Keywords" | "Body">): Set<string> {
  const f = fieldWords({ title: d.Title, keywords: [d.Keywords], body: d.Body });
  return new Set([...f.title, ...f.keywords, ...f.body]);
}

/** The averages and date ranges of `sources`. */
export function indexStats(sources: readonly SearchSource[]): IndexStats {
  const fields = sources.map(fieldWords);
  const averages = Object.fromEntries(
    FIELDS.map((f) => [f, fields.reduce((a, x) => a + x[f].length, 0) / (fields.length || 1)]),
  ) as Record<Field, number>;
  const ranges: Partial<Record<SearchKind, [number, number]>> = {};
  for (const s of sources) {
    const t = s.date === null ? NaN : Date.parse(s.date);
    if (Number.isNaN(t)) continue;
    const [low, high] = ranges[s.kind] ?? [t, t];
    ranges[s.kind] = [Math.min(low, t), Math.max(high, t)];
  }
  return { averages, ranges };
}

/** A date's place in its kind's range: 0 the oldest, 1 the newest; 0.5 without a date. */
export function priorOf(stats: IndexStats, kind: SearchKind, date: string | null): number {
  const t = date === null ? NaN : Date.parse(date);
  if (Number.isNaN(t)) return 0.5;
  const [low, high] = stats.ranges[kind] ?? [t, t];
  return high === low ? (t >= high ? 1 : 0) : (t - low) / (high - low);
}

/** One source as document number `id`, its words weighed against `stats`. */
export function indexDocument(
  source: SearchSource,
  id: number,
  stats: IndexStats,
): DocumentEntries {
  const f = fieldWords(source);
  const counts = {
    title: countWords(f.title),
    keywords: countWords(f.keywords),
    body: countWords(f.body),
  };
  const words = new Map<string, { all: number; title: number | null }>();
  for (const word of new Set([...f.title, ...f.keywords, ...f.body])) {
    const tf = (field: Field) =>
      normalised(field, counts[field].get(word) ?? 0, f[field].length, stats.averages[field]);
    words.set(word, {
      all: saturate(tf("title") + tf("keywords") + tf("body")),
      title: counts.title.has(word) ? saturate(tf("title")) : null,
    });
  }
  return {
    words,
    document: {
      Id: id,
      Kind: source.kind,
      Ref: source.ref,
      Title: source.title,
      TitleKey: plainWords(source.title).join(" "),
      Body: source.body,
      Date: source.date,
      Size: source.size,
      Prior: priorOf(stats, source.kind, source.date),
      Keywords: source.keywords.join(" "),
      ItemId: source.item ?? null,
    },
  };
}

/** A word's row from its postings: (document, weight) over all fields, and over titles. */
export function wordRow(
  Word: string,
  all: readonly (readonly [number, number])[],
  titles: readonly (readonly [number, number])[],
): IndexedWord {
  return {
    Word,
    Docs: all.length,
    TitleDocs: titles.length,
    Postings: encodePostings(
      all.map((e) => e[0]),
      all.map((e) => e[1]),
    ),
    TitlePostings: encodePostings(
      titles.map((e) => e[0]),
      titles.map((e) => e[1]),
    ),
  };
}

/** The index rows for `sources`, numbered from 1 in their order, and what was measured. */
export function buildSearchIndex(sources: readonly SearchSource[]): {
  documents: IndexedDocument[];
  words: IndexedWord[];
  stats: IndexStats;
} {
  const stats = indexStats(sources);
  const postings = new Map<string, { all: [number, number][]; titles: [number, number][] }>();
  const documents = sources.map((source, i) => {
    const { document, words } = indexDocument(source, i + 1, stats);
    for (const [word, weight] of words) {
      const entry = postings.get(word) ?? { all: [], titles: [] };
      entry.all.push([document.Id, weight.all]);
      if (weight.title !== null) entry.titles.push([document.Id, weight.title]);
      postings.set(word, entry);
    }
    return document;
  });
  const words = [...postings].map(([word, { all, titles }]) => wordRow(word, all, titles));
  return { documents, words, stats };
}
