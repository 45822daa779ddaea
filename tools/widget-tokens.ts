import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { resolveTokens } from "../src/styles/tokens.ts";

/** The module the widgets import their copy of the brand's tokens from. */
export const WIDGET_TOKENS_MODULE = "virtual:widget-tokens";
const RESOLVED = `\0${WIDGET_TOKENS_MODULE}`;

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TOKENS = join(ROOT, "src/styles/tokens.css");
const WIDGETS = join(ROOT, "src/widgets");

const stylesheets = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });

/**
 * The brand's tokens that the widgets' stylesheets read, with their values worked out: what a
 * widget needs on another site's page, and no more (every byte of it is in embed.js's budget).
 * A `:root` block, which the widget scopes to its own elements (widgets/shared/brand-tokens.ts).
 */
export function widgetTokensCss(tokensCss: string, widgetCss: readonly string[]): string {
  const tokens = resolveTokens(tokensCss);
  const used = new Set(
    widgetCss.flatMap((css) => [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!)),
  );
  const declarations = [...used]
    .filter((name) => tokens.has(name))
    .sort()
    .map((name) => `${name}:${tokens.get(name)!}`);
  return `:root{${declarations.map((d) => `${d};`).join("")}}`;
}

/** Serves `virtual:widget-tokens` to the site's build, the embed's build and the tests alike. */
export function widgetTokens(): Plugin {
  return {
    name: "widget-tokens",
    resolveId: (id) => (id === WIDGET_TOKENS_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const files = stylesheets(WIDGETS);
      for (const file of [TOKENS, ...files]) this.addWatchFile(file);
      const css = widgetTokensCss(
        readFileSync(TOKENS, "utf8"),
        files.map((file) => readFileSync(file, "utf8")),
      );
      return `export default ${JSON.stringify(css)};`;
    },
  };
}
