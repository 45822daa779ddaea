import { createHash } from "node:crypto";

// Names and Ids the demo content derives from text, so that they stay the same from run to run.

/** A URL name: accents dropped, lower case, `&` as "and", other runs of non-letters a hyphen. */
export const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A GUID-shaped Id drawn from a digest of `text`: the same text gives the same Id. */
export function stableGuid(text: string): string {
  const hex = createHash("sha256").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
