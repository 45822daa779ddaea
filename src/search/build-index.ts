// Pure: the site search's index, made from what a visitor can look for. Each document's words
// carry a precomputed weight (BM25F: title above keywords above body, longer documents count each
// word less), so a search only adds up numbers the import already worked out.
import { encodePostings } from "./postings.ts";
import { indexWords, plainWords } from "./words.ts";

/** What a search result is. */
export type SearchKind = "deal" | "industry" | "topic" | "article" | "page";

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
  /** 0 (oldest) to 1 (newest) within its kind; 0.5 for what has no date. Breaks near-ties. */
  Prior: number;
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

/** The index rows for `sources`, numbered from 1 in their order. */
export function buildSearchIndex(sources: readonly SearchSource[]): {
  documents: IndexedDocument[];
  words: IndexedWord[];
} {
  const fields = sources.map((s) => ({
    title: indexWords(s.title),
    keywords: s.keywords.flatMap(indexWords),
    body: indexWords(s.body),
  }));
  const averages = Object.fromEntries(
    FIELDS.map((f) => [f, fields.reduce((a, x) => a + x[f].length, 0) / (fields.length || 1)]),
  ) as Record<Field, number>;
  const priors = recencies(sources);
  const postings = new Map<string, { all: number[][]; titles: number[][] }>();
  const documents = sources.map((source, i): IndexedDocument => {
    const f = fields[i]!;
    const Id = i + 1;
    const counts = {
      title: countWords(f.title),
      keywords: countWords(f.keywords),
      body: countWords(f.body),
    };
    const words = new Set([
      ...counts.title.keys(),
      ...counts.keywords.keys(),
      ...counts.body.keys(),
    ]);
    for (const word of words) {
      const tf = (field: Field) =>
        normalised(field, counts[field].get(word) ?? 0, f[field].length, averages[field]);
      const entry = postings.get(word) ?? { all: [[], []], titles: [[], []] };
      entry.all[0]!.push(Id);
      entry.all[1]!.push(saturate(tf("title") + tf("keywords") + tf("body")));
      if (counts.title.has(word)) {
        entry.titles[0]!.push(Id);
        entry.titles[1]!.push(saturate(tf("title")));
      }
      postings.set(word, entry);
    }
    return {
      Id,
      Kind: source.kind,
      Ref: source.ref,
      Title: source.title,
      TitleKey: plainWords(source.title).join(" "),
      Body: source.body,
      Date: source.date,
      Size: source.size,
      Prior: priors[i]!,
    };
  });
  const words = [...postings].map(([Word, { all, titles }]) => ({
    Word,
    Docs: all[0]!.length,
    TitleDocs: titles[0]!.length,
    Postings: encodePostings(all[0]!, all[1]!),
    TitlePostings: encodePostings(titles[0]!, titles[1]!),
  }));
  return { documents, words };
}

/** Each source's date as 0 (its kind's oldest) to 1 (newest); 0.5 without a date. */
function recencies(sources: readonly SearchSource[]): number[] {
  const range = new Map<SearchKind, [number, number]>();
  const times = sources.map((s) => (s.date === null ? NaN : Date.parse(s.date)));
  sources.forEach((s, i) => {
    const t = times[i]!;
    if (Number.isNaN(t)) return;
    const [low, high] = range.get(s.kind) ?? [t, t];
    range.set(s.kind, [Math.min(low, t), Math.max(high, t)]);
  });
  return sources.map((s, i) => {
    const [low, high] = range.get(s.kind) ?? [0, 0];
    const t = times[i]!;
    return Number.isNaN(t) ? 0.5 : high === low ? 1 : (t - low) / (high - low);
  });
}
