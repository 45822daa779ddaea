import type { Kysely } from "kysely";
import type { Photo } from "../../content/person.ts";
import { comparePeople } from "../../rules/people.ts";
import { createGroupResolver } from "../../rules/industry-groups.ts";
import type { Database, PersonTable } from "../schema.ts";
import { withApiDates } from "./api-dates.ts";
import type { IndustryGroupLink } from "./site-deals.ts";

/**
 * A person as the pages show them: their row (Biography is HTML, sanitised on import; sanitise
 * again before rendering), the Photo read from its JSON, and the groups they cover resolved to
 * the top-level groups, in their order, once each.
 */
export type PersonRow = Omit<PersonTable, "Photo" | "PreviousUrlNames" | "Position"> & {
  Photo: Photo | null;
  groups: IndustryGroupLink[];
};

/** A profile's address: the person, or the address they moved to (a former UrlName). */
export type PersonLookup = { person: PersonRow } | { movedTo: string } | null;

/** The firm's people, offices and alerts, as the pages read them. */
export function peopleQueries(k: Kysely<Database>) {
  /** People rows (all, or those `where` keeps) with their groups, in the leadership order. */
  const read = async (ids?: readonly string[]): Promise<PersonRow[]> => {
    if (ids !== undefined && ids.length === 0) return [];
    let people = k.selectFrom("people").selectAll();
    let links = k.selectFrom("person_industries").selectAll().orderBy("Position");
    if (ids !== undefined) {
      people = people.where("Id", "in", ids);
      links = links.where("PersonId", "in", ids);
    }
    const [rows, industries, taxa] = await Promise.all([
      people.orderBy("Position").execute(),
      links.execute(),
      k
        .selectFrom("hierarchy_taxa")
        .select(["Id", "Title", "UrlName", "ParentId", "Ordinal"])
        .execute(),
    ]);
    const resolve = createGroupResolver(taxa);
    const byId = new Map(taxa.map((t) => [t.Id.toLowerCase(), t]));
    const groupsOf = new Map<string, IndustryGroupLink[]>();
    for (const link of industries) {
      const group = resolve(link.TaxonId);
      const taxon = group && byId.get(group.id);
      if (!taxon) continue;
      const list = groupsOf.get(link.PersonId) ?? [];
      if (!list.some((g) => g.Id === taxon.Id))
        list.push({ Id: taxon.Id, Title: taxon.Title, UrlName: taxon.UrlName });
      groupsOf.set(link.PersonId, list);
    }
    return withApiDates(rows, "LastModified")
      .map(({ Position: _p, PreviousUrlNames: _n, Photo, Ordinal, ...row }) => ({
        ...row,
        Photo: Photo === null ? null : (JSON.parse(Photo) as Photo),
        Ordinal: Ordinal === null ? null : Number(Ordinal),
        groups: groupsOf.get(row.Id) ?? [],
      }))
      .sort(comparePeople);
  };

  return {
    /** Every person, in the leadership page's order. */
    async people(): Promise<PersonRow[]> {
      return read();
    },

    /** The people who cover an industry group (by its Id), in the leadership page's order. */
    async peopleOfGroup(groupId: string): Promise<PersonRow[]> {
      return (await read()).filter((p) =>
        p.groups.some((g) => g.Id.toLowerCase() === groupId.toLowerCase()),
      );
    },

    /** The person whose profile is /people/{urlName}, or where a former address moved to. */
    async person(urlName: string): Promise<PersonLookup> {
      const row = await k
        .selectFrom("people")
        .select("Id")
        .where("UrlName", "=", urlName)
        .executeTakeFirst();
      if (row) return { person: (await read([row.Id]))[0]! };
      // Former addresses are few; a person's list is JSON, read only when the address is unknown.
      const moved = await k
        .selectFrom("people")
        .select(["UrlName", "PreviousUrlNames"])
        .where("PreviousUrlNames", "is not", null)
        .execute();
      const holder = moved.find((p) =>
        (JSON.parse(p.PreviousUrlNames!) as string[]).some(
          (name) => name.toLowerCase() === urlName.toLowerCase(),
        ),
      );
      return holder ? { movedTo: holder.UrlName } : null;
    },

    /** A deal's team, in the deal's order. */
    async dealTeam(dealId: string): Promise<PersonRow[]> {
      const links = await k
        .selectFrom("transaction_team")
        .select(["PersonId", "Position"])
        .where("TransactionId", "=", dealId.toLowerCase())
        .orderBy("Position")
        .execute();
      const people = new Map(
        (await read(links.map((l) => l.PersonId))).map((p) => [p.Id, p] as const),
      );
      return links.flatMap((l) => {
        const person = people.get(l.PersonId);
        return person ? [person] : [];
      });
    },

    /** The firm's offices, as stored (officeCards orders them). */
    async offices() {
      const rows = await k.selectFrom("offices").selectAll().orderBy("Position").execute();
      return rows.map(({ Position: _p, ...o }) => o);
    },

    /** Every alert as stored (currentAlert picks the newest). */
    async alerts() {
      const rows = await k.selectFrom("alerts").selectAll().orderBy("Position").execute();
      return withApiDates(
        rows.map(({ Position: _p, ...a }) => a),
        "LastModified",
        "PublicationDate",
      );
    },

    /** Every profile's address, for the sitemap. */
    async personAddresses(): Promise<{ UrlName: string; LastModified: string }[]> {
      const rows = await k
        .selectFrom("people")
        .select(["UrlName", "LastModified"])
        .orderBy("UrlName")
        .execute();
      return withApiDates(rows, "LastModified");
    },
  };
}
