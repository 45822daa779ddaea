import type { Letter } from "../../rules/topics.ts";

/** The status line while the topics load. */
export const LOADING_TEXT = "Loading topics…";

/** A letter button's description: "No topics", "1 topic", "3 topics". */
export function countText(count: number): string {
  if (count === 0) return "No topics";
  return count === 1 ? "1 topic" : `${count} topics`;
}

/** The line above the list, read out when the letter changes: "3 topics under B". */
export function summaryText(letter: Letter, count: number): string {
  const shown = letter.toUpperCase();
  if (count === 0) return `No '${shown}' topics found.`;
  return `${countText(count)} under ${shown}`;
}
