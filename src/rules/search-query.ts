/** The words of a search query: letters and digits only, at most 12 words of at most 40 characters. */
export function searchTerms(query: string): string[] {
  return (query.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((w) => w.slice(0, 40))
    .slice(0, 12);
}
