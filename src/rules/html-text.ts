// The visible text of an HTML fragment, without a DOM, so the server (search, page summaries) and
// the widgets (descriptions) read the same text from the same markup.

// Tags whose boundary separates words on screen; inline tags (strong, a, span…) do not.
const BLOCK_TAGS = new Set(
  "address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th thead tr ul".split(
    " ",
  ),
);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  hellip: "…",
  bull: "•",
  middot: "·",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sect: "§",
  para: "¶",
  cent: "¢",
  pound: "£",
  euro: "€",
  yen: "¥",
  shy: "",
};

const ACCENTED: Readonly<Record<string, string>> = {
  acute: "\u0301",
  grave: "\u0300",
  circ: "\u0302",
  uml: "\u0308",
  tilde: "\u0303",
  cedil: "\u0327",
  ring: "\u030a",
};

function decodeNamed(name: string): string | undefined {
  const direct = NAMED_ENTITIES[name];
  if (direct !== undefined) return direct;
  if (name === "szlig") return "ß";
  // &eacute; &Uuml; &ccedil; …: a base letter plus a combining mark, composed.
  const m = /^([a-zA-Z])(acute|grave|circ|uml|tilde|cedil|ring)$/.exec(name);
  return m ? `${m[1]}${ACCENTED[m[2] as string]}`.normalize("NFC") : undefined;
}

function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, body: string) => {
    if (!body.startsWith("#")) return decodeNamed(body) ?? whole;
    const hex = body[1] === "x" || body[1] === "X";
    const code = parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : "\ufffd";
  });
}

/**
 * The text a visitor sees for an HTML fragment: comments, scripts and styles dropped, tags
 * stripped (block boundaries become spaces), entities decoded, white space folded.
 */
export function htmlToText(html: string): string {
  const visible = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/<(script|style|template|title|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ")
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g, (_, name: string) =>
      BLOCK_TAGS.has(name.toLowerCase()) ? " " : "",
    )
    .replace(/<![^>]*>/g, " ");
  return decodeEntities(visible).replace(/\s+/g, " ").trim();
}
