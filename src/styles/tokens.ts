/** The last stylesheet read: every page's layout reads the same one, for the theme colour. */
let last: { css: string; tokens: ReadonlyMap<string, string> } | null = null;

/**
 * The design tokens of a stylesheet (custom properties on `:root`), each with `var()` references
 * resolved and its whitespace collapsed as CSS reads it (a long value may span lines): for what
 * is drawn outside CSS (the brand's images), for checking contrast, and for the widgets' tokens.
 */
export function resolveTokens(css: string): ReadonlyMap<string, string> {
  if (last?.css === css) return last.tokens;
  const raw = new Map<string, string>();
  for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g))
    raw.set(match[1]!, match[2]!.trim().replace(/\s+/g, " "));
  const resolve = (value: string, depth = 0): string =>
    depth > 10
      ? value
      : value.replace(/var\((--[\w-]+)\)/g, (_, name: string) =>
          resolve(raw.get(name) ?? "", depth + 1),
        );
  const tokens = new Map([...raw].map(([name, value]) => [name, resolve(value)]));
  last = { css, tokens };
  return tokens;
}
