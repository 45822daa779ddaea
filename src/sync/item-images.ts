import type { ContentFile } from "../content/content-file.ts";
import type { Db } from "../db/connect.ts";
import { imageAddresses } from "../db/repositories/image-collect.ts";
import { referrersOf } from "../db/repositories/image-referrers.ts";

// An item sync reads only the items a hook names, so it cannot tell by itself which images the
// rest of the content still shows: collecting against what it read would drop every other item's
// images. What it can tell cheaply is whether its items stopped referring to an address. Only then
// is the rest of what can show an image read, so that an address goes only when nothing else
// refers to it either.

/** What an item sync writes, beside the items it read before. */
export interface ItemImagesChange {
  /**
   * The items as held before the write: the changed articles, the descriptions' old texts, and
   * every person (read whole).
   */
  before: Pick<ContentFile, "articles" | "descriptions" | "people">;
  /** The items as written (the articles asked for, every person) and each description's new text, or null. */
  after: Pick<ContentFile, "articles" | "people">;
  descriptions: Readonly<Record<string, string | null>>;
}

/** The image addresses a write's items refer to, and those it drops. */
export interface ItemImages {
  /** The addresses the written items refer to: referred to by a write from now on. */
  shown: string[];
  /** The addresses the items stopped referring to that nothing else refers to either. */
  dropped: string[];
}

/** The image addresses of an item sync's write: see ItemImages. */
export async function imagesAfterItemWrite(
  db: Db,
  { before, after, descriptions }: ItemImagesChange,
): Promise<ItemImages> {
  const was = imageAddresses({
    people: before.people,
    articles: before.articles,
    descriptions: Object.fromEntries(
      Object.keys(descriptions).flatMap((key) =>
        before.descriptions[key] === undefined ? [] : [[key, before.descriptions[key]]],
      ),
    ),
  });
  const is = new Set(
    imageAddresses({
      people: after.people,
      articles: after.articles,
      descriptions: Object.fromEntries(
        Object.entries(descriptions).flatMap(([key, html]) => (html === null ? [] : [[key, html]])),
      ),
    }),
  );
  const shown = [...is];
  const gone = was.filter((address) => !is.has(address));
  if (gone.length === 0) return { shown, dropped: [] };
  const written = new Set(
    [...before.articles, ...after.articles].map((article) => article.Id.toLowerCase()),
  );
  const others = await referrersOf(db, gone, written);
  const still = new Set(
    imageAddresses({
      site: others.site,
      people: after.people,
      articles: [...others.articles, ...after.articles],
      descriptions: withWrites(others.descriptions, descriptions),
    }),
  );
  return { shown, dropped: gone.filter((address) => !still.has(address)) };
}

/** The description texts after the writes: each key's new text, or gone when it is null. */
function withWrites(
  held: Readonly<Record<string, string>>,
  writes: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const after: Record<string, string> = { ...held };
  for (const [key, html] of Object.entries(writes)) {
    if (html === null) delete after[key];
    else after[key] = html;
  }
  return after;
}
