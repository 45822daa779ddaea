// Pure: letter folding, so that `Économie`, `ECONOMIE` and `economie` are one word wherever the
// site compares words (the search, deal UrlNames).

/** Letters that Unicode does not decompose into a base letter and a mark. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};
const SPECIAL = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "g");

/** Lower case with accents and ligatures folded: `Économie` and `ÉCONOMIE` give `economie`. */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex -- plain ASCII has nothing to fold but case
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(SPECIAL, (c) => SPECIAL_LETTERS[c] ?? c);
}
