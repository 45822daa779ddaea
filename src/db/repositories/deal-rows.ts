import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** A deal as every list of deals shows it (feeds, the search, tombstones): page, client, day, size. */
export const DEAL_SUMMARY = [
  "transactions.Id",
  "transactions.UrlName",
  "transactions.Company",
  "transactions.Date",
  "transactions.Size",
] as const;

/** The deals with their description's row: null columns where a deal's key has no description. */
export const dealsWithDescriptions = (k: Kysely<Database>) =>
  k
    .selectFrom("transactions")
    .leftJoin("descriptions", "descriptions.Key", "transactions.Description");
