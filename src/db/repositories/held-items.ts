import type { Expression, ExpressionBuilder, ReferenceExpression, SqlBool } from "kysely";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";

// The few deals and articles a service hook's sync compares its items with, so that it reads
// those rather than the whole content (15,000 items read, converted and merged again for every
// hook was most of a hook's time): the items it names, and those that could clash with them
// (another deal sharing a description key, another item holding a URL name), with their links.
// The taxonomies, taxa, people, offices, alerts and site settings are read whole: they are few.

/** Which held deals and articles readContent reads; Ids and URL names in lower case. */
export interface HeldItems {
  /** By Id, by URL name, by Description key, and every deal sharing a key with one named by Id. */
  transactions: {
    ids: readonly string[];
    urlNames: readonly string[];
    descriptionKeys: readonly string[];
  };
  /** By Id and by URL name. */
  articles: { ids: readonly string[]; urlNames: readonly string[] };
}

/** The deals `held` names (each Id as stored: in lower case, as the content's GUIDs are). */
export function heldDeals(held: HeldItems) {
  const { ids, urlNames, descriptionKeys } = held.transactions;
  return (eb: ExpressionBuilder<Database, "transactions">): Expression<SqlBool> =>
    eb.or([
      ...(ids.length === 0
        ? []
        : [
            eb("Id", "in", ids),
            eb(
              "Description",
              "in",
              eb
                .selectFrom("transactions as named")
                .select("named.Description")
                .where("named.Id", "in", ids),
            ),
          ]),
      ...(urlNames.length === 0 ? [] : [eb(eb.fn<string>("lower", ["UrlName"]), "in", urlNames)]),
      ...(descriptionKeys.length === 0 ? [] : [eb("Description", "in", descriptionKeys)]),
    ]);
}

/** The articles `held` names. */
export function heldArticles(held: HeldItems) {
  const { ids, urlNames } = held.articles;
  return (eb: ExpressionBuilder<Database, "articles">): Expression<SqlBool> =>
    eb.or([
      ...(ids.length === 0 ? [] : [eb("Id", "in", ids)]),
      ...(urlNames.length === 0 ? [] : [eb(eb.fn<string>("lower", ["UrlName"]), "in", urlNames)]),
    ]);
}

/** Rows whose `column` is one of `values`: none for none (SQL has no empty `in ()`). */
export function among<T extends keyof Database>(
  column: ReferenceExpression<Database, T>,
  values: readonly string[],
) {
  return (eb: ExpressionBuilder<Database, T>): Expression<SqlBool> =>
    values.length === 0 ? eb.or([]) : eb(column, "in", values);
}

/** The taxonomies this site holds, by Id and Name (an item sync asks for their taxa by these). */
export function heldTaxonomies(db: Db): Promise<{ Id: string; Name: string }[]> {
  return db.kysely.selectFrom("taxonomies").select(["Id", "Name"]).execute();
}
