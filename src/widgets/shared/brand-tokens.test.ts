import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveTokens } from "../../styles/tokens.ts";
import { scopedTokens } from "./brand-tokens.ts";

const WIDGETS = fileURLToPath(new URL("../", import.meta.url));
const widgetCss = readdirSync(WIDGETS, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".css"))
  .map((path) => readFileSync(join(WIDGETS, path), "utf8"))
  .join("\n");
const tokens = resolveTokens(
  readFileSync(new URL("../../styles/tokens.css", import.meta.url), "utf8"),
);

describe("the widgets' tokens", () => {
  it("are declared on the widget's own elements, never on another site's page root", () => {
    const css = scopedTokens("ht", "ht-error");
    expect(css).not.toMatch(/:root/);
    expect(css).toMatch(/^:where\(\.ht, \.ht-error\)\{/);
  });

  it("declare every token the widgets' stylesheets read, with the brand's values", () => {
    const declared = resolveTokens(scopedTokens("ht", "ht-error"));
    const used = new Set([...widgetCss.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(declared.get(name), name).toBe(tokens.get(name));
    expect([...declared.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  it("name the brand's typefaces without loading them", () => {
    const css = scopedTokens("ts", "ts-error");
    expect(css).toMatch(/--font-sans:[^;]*Public Sans/);
    expect(css).not.toMatch(/@font-face|url\(/);
  });
});
