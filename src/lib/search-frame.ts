// What a search page is made of when it is not rendered whole: a frame, the page with marks where
// the query and the results go (the same for every query until the content changes), and the
// results of one query. Pure; the host keeps the frame and fills it (server/routes/search-frame.ts).

/** Where the frame holds the page's title words, the query the search fields show, the results. */
export const FRAME_MARKS = {
  title: "\uE002",
  query: "\uE003",
  results: "<!--search-results-->",
} as const;

const ASTRO_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "'": "&#39;",
  '"': "&quot;",
};
const REACT_ESCAPES: Readonly<Record<string, string>> = { ...ASTRO_ESCAPES, "'": "&#x27;" };

/** Text as Astro writes it in text and attributes. */
const astroText = (text: string) => text.replace(/[&<>'"]/g, (c) => ASTRO_ESCAPES[c]!);
/** Text as React writes it in an attribute (a field's value). */
const reactAttribute = (text: string) => text.replace(/[&<>'"]/g, (c) => REACT_ESCAPES[c]!);
/** Text as it stands inside an island's props: a JSON string, in an attribute Astro writes. */
const islandProp = (text: string) => astroText(JSON.stringify(text).slice(1, -1));

// An island's props attribute, or a mark. The props are written by Astro (JSON, escaped), the
// fields' values by React; one pass, so that nothing the visitor typed is read as a mark.
const PLACES = new RegExp(` props="[^"]*"|${FRAME_MARKS.title}|${FRAME_MARKS.query}`, "g");

/**
 * The search page: `frame` with its marks filled (`title`, and `query` where the search fields
 * show it), each escaped as the place it stands in escapes text, and `results` in place of the
 * results' mark. Throws when the frame does not hold the results' mark exactly once.
 */
export function fillSearchFrame(
  frame: string,
  { title, query }: { title: string; query: string },
  results: string,
): string {
  const parts = frame.split(FRAME_MARKS.results);
  if (parts.length !== 2) throw new Error("the search page's frame must mark its results once");
  const fill = (html: string) =>
    html.replace(PLACES, (place) => {
      if (place === FRAME_MARKS.title) return astroText(title);
      if (place === FRAME_MARKS.query) return reactAttribute(query);
      return place.replaceAll(FRAME_MARKS.query, islandProp(query));
    });
  return `${fill(parts[0]!)}${results}${fill(parts[1]!)}`;
}
