import type { Person } from "../../content/person.ts";
import type { HierarchyTaxon } from "../../content/taxon.ts";
import { createGroupResolver, groupOfIndustries } from "../../rules/industry-groups.ts";
import type { Random } from "./random.ts";

// Each demo deal's team: one to three of the people who cover its industry group, its most senior
// first (the leadership page's order). A deal of a group nobody covers has none.

/** The team of each deal, in the deals' order: people's Ids. */
export function dealTeams(
  random: Random,
  deals: readonly { industries: readonly string[] }[],
  taxa: readonly HierarchyTaxon[],
  people: readonly Pick<Person, "Id" | "Industries">[],
): string[][] {
  const resolve = createGroupResolver(taxa);
  const covering = new Map<string, string[]>();
  for (const person of people)
    for (const industry of person.Industries) {
      const group = resolve(industry)?.id;
      if (group !== undefined) covering.set(group, [...(covering.get(group) ?? []), person.Id]);
    }
  return deals.map((deal) => {
    const group = groupOfIndustries(deal.industries, resolve)?.id;
    const pool = (group && covering.get(group)) || [];
    const size = Math.min(pool.length, 1 + Math.floor(random.next() * 3));
    const chosen = new Set<number>();
    while (chosen.size < size) chosen.add(Math.floor(random.next() * pool.length));
    return [...chosen].sort((a, b) => a - b).map((at) => pool[at]!);
  });
}
