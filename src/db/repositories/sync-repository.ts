import type { Site } from "../../content/site.ts";
import type { Db } from "../connect.ts";
import { withApiDates } from "./api-dates.ts";

/** An item's Id and when it last changed, as the API writes it. */
export interface ItemVersion {
  Id: string;
  LastModified: string;
}

/** Every item's Id and LastModified, per set of the content file: what a sync compares. */
export interface ContentVersions {
  taxonomies: ItemVersion[];
  hierarchyTaxa: ItemVersion[];
  flatTaxa: ItemVersion[];
  transactions: ItemVersion[];
  articles: ItemVersion[];
  people: ItemVersion[];
  offices: ItemVersion[];
  alerts: ItemVersion[];
}

/**
 * The Ids and LastModified of all content, without the rest of it: a sync that finds nothing
 * changed reads no more than this.
 */
export async function readContentVersions(db: Db): Promise<ContentVersions> {
  const k = db.kysely;
  const versions = async (
    table:
      | "taxonomies"
      | "hierarchy_taxa"
      | "flat_taxa"
      | "transactions"
      | "articles"
      | "people"
      | "offices"
      | "alerts",
  ) =>
    withApiDates(
      await k.selectFrom(table).select(["Id", "LastModified"]).orderBy("Position").execute(),
      "LastModified",
    );
  const [taxonomies, hierarchyTaxa, flatTaxa, transactions, articles, people, offices, alerts] =
    await Promise.all([
      versions("taxonomies"),
      versions("hierarchy_taxa"),
      versions("flat_taxa"),
      versions("transactions"),
      versions("articles"),
      versions("people"),
      versions("offices"),
      versions("alerts"),
    ]);
  return { taxonomies, hierarchyTaxa, flatTaxa, transactions, articles, people, offices, alerts };
}

/** The site settings alone (a sync compares the pages its content blocks feed); null before any import. */
export async function readSiteSettings(db: Db): Promise<Site | null> {
  const row = await db.kysely
    .selectFrom("site_settings")
    .select("Value")
    .where("Key", "=", "site")
    .executeTakeFirst();
  return row ? (JSON.parse(row.Value) as Site) : null;
}
