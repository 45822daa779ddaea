// What the pages show of the firm's people.
import type { Person } from "../content/site.ts";

/** The initials drawn where a person has no photo: the first and last names' first letters. */
export function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => [...w][0]!.toLocaleUpperCase("en-US")).join("");
}

/** The people who cover an industry group, in the site's order. */
export function peopleOfGroup(people: readonly Person[], groupUrlName: string): Person[] {
  const wanted = groupUrlName.toLowerCase();
  return people.filter((p) => p.groups.some((g) => g.toLowerCase() === wanted));
}
