// Reads the description table the page embeds for the widget: a deal's Description is a key into
// it, and a key with no entry shows as text.

/** The id of `<script type="application/json">` holding `{"key": "<p>html</p>", …}`. */
export const DESCRIPTIONS_ELEMENT_ID = "historicaltransactions-descriptions";

/** Description key -> HTML from the page; missing or invalid JSON gives `{}`, non-strings are skipped. */
export function readDescriptions(doc: Document): Record<string, string> {
  const element = doc.getElementById(DESCRIPTIONS_ELEMENT_ID);
  // A prototype-free object, so keys such as "__proto__" or "constructor" are plain entries.
  const descriptions: Record<string, string> = Object.create(null) as Record<string, string>;
  if (element === null || element.getAttribute("type") !== "application/json") return descriptions;
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? "");
  } catch {
    return descriptions;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return descriptions;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === "string") descriptions[key] = value;
  }
  return descriptions;
}
