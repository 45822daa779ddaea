// The firm's people as every page orders and names them: their order, their names as parts, their initials.

/** The fields of a person these rules read. */
export interface NamedPerson {
  readonly Title: string;
  readonly FirstName?: string | null;
  readonly LastName?: string | null;
  readonly Ordinal?: number | null;
}

const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);

/**
 * A person's structured name: FirstName and LastName when the type has them, else the last word
 * of the full name as the surname and the words before it as the given names.
 */
export function structuredName(person: NamedPerson): { given: string; family: string } {
  if (person.LastName) return { given: person.FirstName ?? "", family: person.LastName };
  const parts = words(person.Title);
  return { given: parts.slice(0, -1).join(" "), family: parts.at(-1) ?? "" };
}

const collator = new Intl.Collator("en", { sensitivity: "base" });

/** The leadership page's order: Ordinal (those without one last), then surname, then full name. */
export function comparePeople(a: NamedPerson, b: NamedPerson): number {
  const ordinal = (p: NamedPerson) => p.Ordinal ?? Number.POSITIVE_INFINITY;
  return (
    (ordinal(a) === ordinal(b) ? 0 : ordinal(a) < ordinal(b) ? -1 : 1) ||
    collator.compare(structuredName(a).family, structuredName(b).family) ||
    collator.compare(a.Title, b.Title)
  );
}

/** The initials drawn where a person has no photo: the first and last names' first letters. */
export function monogram(name: string): string {
  const parts = words(name);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((w) => [...w][0]!.toLocaleUpperCase("en-US")).join("");
}
