import type { Site } from "../../content/site.ts";
import type { Db } from "../connect.ts";
import type { ImageReferrers } from "./image-collect.ts";

// What a write's image collection reads when it cannot tell from its own items alone: only the
// fields that can show an image (the articles' Summary and Content, the descriptions, the site's
// pages), not the deals, the taxa or the links that reading the whole content converts as well.
// At 10,000 deals and 5,000 articles that is a fraction of the whole read.

/** The held articles' HTML (but those of `except`, by Id in lower case), the descriptions and the pages. */
export async function heldImageReferrers(
  db: Db,
  except: ReadonlySet<string>,
): Promise<Required<Omit<ImageReferrers, "people">>> {
  const k = db.kysely;
  const [articles, descriptions, site] = await Promise.all([
    k.selectFrom("articles").select(["Id", "Summary", "Content"]).execute(),
    k.selectFrom("descriptions").select(["Key", "Html"]).execute(),
    k.selectFrom("site_settings").select("Value").where("Key", "=", "site").executeTakeFirst(),
  ]);
  const pages = site ? (JSON.parse(site.Value) as Site).pages : [];
  return {
    articles: articles.filter((article) => !except.has(article.Id.toLowerCase())),
    descriptions: Object.fromEntries(descriptions.map((d) => [d.Key, d.Html])),
    site: { pages },
  };
}
