import { sql, type Kysely } from "kysely";
import { RELATED_DEALS } from "../../rules/cache-tags.ts";
import { storedDateTime } from "../../rules/date-time.ts";
import { createGroupResolver } from "../../rules/industry-groups.ts";
import { findTaxonomy, INDUSTRIES_TAXONOMY_NAME, ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import type { Database } from "../schema.ts";
import { withApiDates } from "./api-dates.ts";
import { DEAL_SUMMARY } from "./deal-rows.ts";

/** An industry group (a top-level industry), as a link to its page names it. */
export interface IndustryGroupLink {
  Id: string;
  Title: string;
  UrlName: string;
}

/** A deal as a tombstone draws it: the client, when, how much, with whom, the firm's role, the group. */
export interface DealCard {
  Id: string;
  UrlName: string;
  Company: string;
  Date: string;
  Size: number | null;
  /** The buyer, investor, target or merger partner; null when the deal does not record one. */
  Counterparty: string | null;
  /** The firm's role, one of its services ("Sell-Side Advisory"); null when not recorded. */
  Service: string | null;
  /** The first industry's top-level group; null for a deal without a known industry. */
  group: IndustryGroupLink | null;
}

/** A deal on the home page and the transactions page: its card and its description. */
export interface FeaturedTransaction extends DealCard {
  /** The key into the descriptions table, and its HTML (sanitised on import; again before render). */
  Description: string;
  DescriptionHtml: string | null;
}

/** One deal, as its page shows it. */
export interface DealDetail extends DealCard {
  /** The description's HTML (sanitised on import; sanitise again before rendering). */
  DescriptionHtml: string | null;
  /** The titles of the deal's first industry and of its group; null when unknown. */
  industry: string | null;
  industryGroup: string | null;
}

export interface DealPage<T> {
  items: T[];
  /** Every deal that matches, however many `items` holds. */
  total: number;
}

/** How many deals nearest in date are looked through for a group's nearest (nearestOfGroup). */
const NEAREST_READ = 512;

/** The industries, and each industry's group as a link; read for each call (they are few). */
async function readIndustries(k: Kysely<Database>) {
  const taxa = await k
    .selectFrom("hierarchy_taxa")
    .select(["Id", "Title", "UrlName", "ParentId", "Ordinal"])
    .execute();
  const byId = new Map(taxa.map((t) => [t.Id.toLowerCase(), t]));
  const resolve = createGroupResolver(taxa);
  const groupOf = (industryId: string | null): IndustryGroupLink | null => {
    const group = industryId === null ? null : resolve(industryId);
    const taxon = group && byId.get(group.id);
    return taxon ? { Id: taxon.Id, Title: taxon.Title, UrlName: taxon.UrlName } : null;
  };
  /** Every industry whose group is `groupId`, the group itself among them. */
  const membersOf = (groupId: string) =>
    taxa.filter((t) => groupOf(t.Id)?.Id.toLowerCase() === groupId.toLowerCase()).map((t) => t.Id);
  return { taxa, groupOf, membersOf };
}

/** The deals' queries the pages make: lists, one deal, a group's and a service's, related deals. */
export function dealQueries(k: Kysely<Database>) {
  /** Deals with the id of their first industry, which says their group. */
  const deals = () =>
    k
      .selectFrom("transactions")
      .leftJoin("transaction_industries as ti", (join) =>
        join.onRef("ti.TransactionId", "=", "transactions.Id").on("ti.Position", "=", 0),
      );
  const cardColumns = [
    ...DEAL_SUMMARY,
    "transactions.Counterparty",
    "transactions.Service",
    "ti.TaxonId",
  ] as const;
  /** Rows as cards: dates in the API's form, the first industry turned into its group. */
  const cards = async <R extends { TaxonId: string | null; Date: string }>(
    rows: R[],
    industries?: Awaited<ReturnType<typeof readIndustries>>,
  ) => {
    const { groupOf } = industries ?? (await readIndustries(k));
    return withApiDates(rows, "Date").map(({ TaxonId, ...row }) => ({
      ...row,
      group: groupOf(TaxonId),
    }));
  };
  const count = async (query: ReturnType<typeof deals>) => {
    const row = await query
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count(*) as a bigint string.
    return Number(row.n);
  };
  /** The newest `limit` deals of a query, and how many it matches. */
  const latest = async (query: ReturnType<typeof deals>, limit: number, offset = 0) => {
    const [rows, total] = await Promise.all([
      query
        .select(cardColumns)
        .orderBy("transactions.Date", "desc")
        .orderBy("transactions.Position")
        .limit(limit)
        .offset(offset)
        .execute(),
      count(query),
    ]);
    return { items: await cards(rows), total };
  };

  /**
   * The first RELATED_DEALS deals of `members` (industry Ids) on one side of `date`, in order
   * away from it (then as listed), leaving out the deal `id`. They are looked for among the
   * NEAREST_READ deals nearest in date, walked by the date index and stopped at the fourth (a
   * group is one of several, so a few dozen steps find it); the group's industries are compared
   * as text, so that the database does not read the whole group first by its industries and
   * sort it by date (at 50,000 deals that was most of a deal page's time). Only for a group too
   * small to have four among them is the group read whole: few rows, as it is small.
   */
  const nearestOfGroup = async (
    id: string,
    date: string,
    members: readonly string[],
    isBefore: boolean,
  ) => {
    if (members.length === 0) return [];
    const away = isBefore ? "desc" : "asc";
    const side = () =>
      deals()
        .select([...cardColumns, "transactions.Position"])
        .where("transactions.Id", "!=", id)
        .where("transactions.Date", isBefore ? "<=" : ">=", date)
        .orderBy("transactions.Date", away)
        .orderBy("transactions.Position")
        .limit(RELATED_DEALS);
    // The date of the NEAREST_READ-th deal away from `date`, read from the index alone.
    const bound = await k
      .selectFrom("transactions")
      .select("Date")
      .where("Date", isBefore ? "<=" : ">=", date)
      .orderBy("Date", away)
      .limit(1)
      .offset(NEAREST_READ - 1)
      .executeTakeFirst();
    const near = await side()
      .where(sql<string>`${sql.ref("ti.TaxonId")} || ''`, "in", members)
      .$if(bound !== undefined, (q) =>
        q.where("transactions.Date", isBefore ? ">=" : "<=", bound!.Date),
      )
      .execute();
    if (near.length === RELATED_DEALS || bound === undefined) return near;
    return side().where("ti.TaxonId", "in", members).execute();
  };

  return {
    /** The newest deals, with their descriptions. */
    async latestTransactions(limit: number): Promise<FeaturedTransaction[]> {
      const rows = await deals()
        .leftJoin("descriptions", "descriptions.Key", "transactions.Description")
        .select([
          ...cardColumns,
          "transactions.Description",
          "descriptions.Html as DescriptionHtml",
        ])
        .orderBy("transactions.Date", "desc")
        .orderBy("transactions.Position")
        .limit(limit)
        .execute();
      return cards(rows);
    },

    /** The deal whose page is /transactions/{urlName}, or null. */
    async deal(urlName: string): Promise<DealDetail | null> {
      const row = await deals()
        .leftJoin("descriptions", "descriptions.Key", "transactions.Description")
        .select([...cardColumns, "descriptions.Html as DescriptionHtml"])
        .where("transactions.UrlName", "=", urlName)
        .executeTakeFirst();
      if (!row) return null;
      const { taxa, groupOf } = await readIndustries(k);
      const { TaxonId, ...deal } = withApiDates([row], "Date")[0]!;
      const group = groupOf(TaxonId);
      return {
        ...deal,
        group,
        industry: taxa.find((t) => t.Id === TaxonId)?.Title ?? null,
        industryGroup: group?.Title ?? null,
      };
    },

    /** The industry groups (top-level industries) in the editors' order, for their pages. */
    async industryGroups(): Promise<IndustryGroupLink[]> {
      const taxonomies = await k.selectFrom("taxonomies").select(["Id", "Name"]).execute();
      const industries = findTaxonomy(taxonomies, INDUSTRIES_TAXONOMY_NAME);
      if (!industries) return [];
      return k
        .selectFrom("hierarchy_taxa")
        .select(["Id", "Title", "UrlName"])
        .where("TaxonomyId", "=", industries.Id)
        .where("ParentId", "=", ROOT_PARENT_ID)
        .orderBy("Ordinal")
        .orderBy("Title")
        .execute();
    },

    /** The newest `limit` deals of an industry group (by its Id), and how many it has. */
    async dealsOfGroup(groupId: string, limit: number): Promise<DealPage<DealCard>> {
      const members = (await readIndustries(k)).membersOf(groupId);
      if (members.length === 0) return { items: [], total: 0 };
      return latest(deals().where("ti.TaxonId", "in", members), limit);
    },

    /** Every deal of an industry group, newest first: its close date and size, for the figures. */
    async groupDealFacts(groupId: string): Promise<{ Date: string; Size: number | null }[]> {
      const members = (await readIndustries(k)).membersOf(groupId);
      if (members.length === 0) return [];
      const rows = await deals()
        .select(["transactions.Date", "transactions.Size"])
        .where("ti.TaxonId", "in", members)
        .orderBy("transactions.Date", "desc")
        .execute();
      return withApiDates(rows, "Date");
    },

    /** The newest `limit` deals the firm did in one role (Service, as stored), and how many. */
    async dealsOfService(service: string, limit: number, offset = 0): Promise<DealPage<DealCard>> {
      return latest(deals().where("transactions.Service", "=", service), limit, offset);
    },

    /** The newest `limit` deals a person was on the team of, and how many. */
    async dealsOfPerson(personId: string, limit: number): Promise<DealPage<DealCard>> {
      return latest(
        deals()
          .innerJoin("transaction_team as team", "team.TransactionId", "transactions.Id")
          .where("team.PersonId", "=", personId.toLowerCase()),
        limit,
      );
    },

    /**
     * Up to four other deals of the same industry group as `deal` (as `deal()` read it), those
     * nearest to it in close date, nearest first (on a tie, the later, then the one listed
     * first). None for a deal without a group.
     */
    async relatedDeals(deal: {
      Id: string;
      Date: string;
      group: { Id: string } | null;
    }): Promise<DealCard[]> {
      const date = storedDateTime(deal.Date);
      if (deal.group === null || date === null) return [];
      const industries = await readIndustries(k);
      const members = industries.membersOf(deal.group.Id);
      const id = deal.Id.toLowerCase();
      const [before, after] = await Promise.all([
        nearestOfGroup(id, date, members, true),
        nearestOfGroup(id, date, members, false),
      ]);
      // Stored dates have 7 fractional digits; milliseconds are enough to compare them.
      const instant = (stored: string) => Date.parse(`${stored.slice(0, 23)}Z`);
      const distance = (row: { Date: string }) => Math.abs(instant(row.Date) - instant(date));
      const unique = [...new Map([...before, ...after].map((row) => [row.Id, row])).values()];
      const nearest = unique
        .sort(
          (a, b) =>
            distance(a) - distance(b) || b.Date.localeCompare(a.Date) || a.Position - b.Position,
        )
        .slice(0, RELATED_DEALS)
        .map(({ Position: _position, ...row }) => row);
      return cards(nearest, industries);
    },
  };
}
