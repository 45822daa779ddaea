import type { HeldImage } from "../rules/image-urls.ts";

// Which photograph a person's card or profile shows: the held copy of the image their Photo field
// names, with its alternative text. No photo, or one the site does not hold (refused at the sync,
// or withdrawn in Sitefinity and dropped), shows none, and the page shows the monogram instead of
// an image that would not load.

/** The fields of a person these rules read. */
export interface PhotographedPerson {
  readonly Title: string;
  readonly Photo: { readonly Url: string; readonly AlternativeText?: string | null } | null;
}

/** A photograph as a page shows it. */
export interface ShownPhoto {
  readonly image: HeldImage;
  readonly alt: string;
}

/** The image addresses of some people's photographs, once each, to look up in one read. */
export function photoAddresses(people: readonly PhotographedPerson[]): string[] {
  return [...new Set(people.flatMap((p) => (p.Photo ? [p.Photo.Url] : [])))];
}

/**
 * The photograph to show for a person, given the held images by address: its alternative text,
 * or the person's name when the editors left it empty; null when there is none to show.
 */
export function shownPhoto(
  person: PhotographedPerson,
  held: ReadonlyMap<string, HeldImage>,
): ShownPhoto | null {
  const image = person.Photo && held.get(person.Photo.Url);
  if (!image) return null;
  const alt = person.Photo?.AlternativeText?.trim() || person.Title;
  return { image, alt };
}
