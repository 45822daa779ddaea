import { sql, type Expression, type SqlBool } from "kysely";
import type { Site } from "../../content/site.ts";
import type { Db } from "../connect.ts";
import type { ImageReferrers } from "./image-collect.ts";

// What an item write reads to learn whether anything else still shows the images its items
// stopped showing: only the rows whose HTML names one of them (a database match on a word of the
// image's file name, then parsed by the caller), not the whole content. At 10,000 deals and 5,000
// articles, parsing every article's HTML cost hundreds of milliseconds of each such hook.

/** Shorter than this, a word of a file name matches too many rows to be worth matching on. */
const SHORTEST_WORD = 3;

/**
 * The longest run of letters, digits, `-` and `_` in the file name an address ends with: HTML
 * that names the address holds it as is, whatever it escapes (`&amp;`, `%20`).
 */
function fileNameWord(address: string): string {
  const name = address.split(/[?#]/)[0]!.split("/").at(-1) ?? "";
  const stem = name.replace(/\.[a-z0-9]+$/i, "");
  return (stem.match(/[A-Za-z0-9_-]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), "");
}

/** Rows whose `columns` hold one of `words`; every row when a word is too short to match on. */
function naming(columns: readonly string[], words: readonly string[]): Expression<SqlBool> {
  if (words.some((word) => word.length < SHORTEST_WORD)) return sql<SqlBool>`1 = 1`;
  const matches = words.flatMap((word) =>
    columns.map((column) => sql<SqlBool>`${sql.ref(column)} like ${`%${word}%`}`),
  );
  return matches.length === 0
    ? sql<SqlBool>`1 = 0`
    : sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}

/**
 * The held articles (but those of `except`, by Id in lower case) and descriptions whose HTML may
 * show one of `addresses`, and the site's pages: what else could still show them.
 */
export async function referrersOf(
  db: Db,
  addresses: readonly string[],
  except: ReadonlySet<string>,
): Promise<Required<Omit<ImageReferrers, "people">>> {
  const k = db.kysely;
  const words = [...new Set(addresses.map(fileNameWord))];
  const [articles, descriptions, site] = await Promise.all([
    k
      .selectFrom("articles")
      .select(["Id", "Summary", "Content"])
      .where(naming(["Summary", "Content"], words))
      .execute(),
    k
      .selectFrom("descriptions")
      .select(["Key", "Html"])
      .where(naming(["Html"], words))
      .execute(),
    k.selectFrom("site_settings").select("Value").where("Key", "=", "site").executeTakeFirst(),
  ]);
  return {
    articles: articles.filter((article) => !except.has(article.Id.toLowerCase())),
    descriptions: Object.fromEntries(descriptions.map((d) => [d.Key, d.Html])),
    site: { pages: site ? (JSON.parse(site.Value) as Site).pages : [] },
  };
}
