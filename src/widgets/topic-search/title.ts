// The widget's own title, and the placeholder's data-title, which hides it on a page whose own
// heading already says "Topics A – Z" (the firm's /topics), so the page does not say it twice.

/** The widget's title (SPEC §2.8), shown as its heading or, hidden, kept as its region's name. */
export const TITLE = "Topics A - Z";

/** What `data-title` asks for: whether the title shows, and what is wrong with a bad value. */
export interface TitleSetting {
  isShown: boolean;
  /** For the console: the attribute and its value, when it is neither `shown` nor `hidden`. */
  problem: string | null;
}

/**
 * Reads `data-title`: `hidden` hides the title, `shown` or nothing (absent, empty) shows it, any
 * case. Anything else shows it too, since a visible title is the safe side, and says why.
 */
export function readTitleSetting(value: string | null): TitleSetting {
  const given = value?.trim().toLowerCase() ?? "";
  if (given === "hidden") return { isShown: false, problem: null };
  if (given === "" || given === "shown") return { isShown: true, problem: null };
  return {
    isShown: true,
    problem: `data-title="${value}" is neither "shown" nor "hidden": the title shows`,
  };
}
