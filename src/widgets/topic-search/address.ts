import type { Letter } from "../../rules/topics.ts";
import { parseLetter } from "./letters.ts";

/** The letter the address names: the hash wins over `?letter=` (a selection writes the hash). */
export function letterFromLocation(hash: string, search: string): Letter | null {
  return parseLetter(hash) ?? parseLetter(search);
}

/**
 * The letter after Back/Forward or a hash change. An address naming no letter means the
 * default `a` (the entry before any selection), except an unrelated anchor such as a skip
 * link's `#main`, which keeps the current letter.
 */
export function restoredLetter(hash: string, search: string, current: Letter): Letter {
  const named = letterFromLocation(hash, search);
  if (named !== null) return named;
  return hash === "" || hash === "#" ? "a" : current;
}

/** The hash a selection writes: `#b`, or `#%23` for OTHER. */
export function letterHash(letter: Letter): string {
  return `#${encodeURIComponent(letter)}`;
}
