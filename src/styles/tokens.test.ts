import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { contrastRatio, hexColour } from "./contrast.ts";
import { resolveTokens } from "./tokens.ts";

const SRC = fileURLToPath(new URL("../", import.meta.url));
const tokens = resolveTokens(readFileSync(new URL("./tokens.css", import.meta.url), "utf8"));

/** Every stylesheet, page and component under src/, with its path from src/. */
function sources(dir = SRC): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.(css|astro|tsx)$/.test(entry.name) || /\.test\.tsx$/.test(entry.name)) return [];
    return [{ path: relative(SRC, full), text: readFileSync(full, "utf8") }];
  });
}

// The files that hold values: the tokens themselves, and the generated font metrics.
const HOMES = new Set(["styles/tokens.css", "styles/font-fallbacks.css"]);

const contrast = (a: string, b: string) => contrastRatio(hexColour(a), hexColour(b));

describe("the brand's tokens", () => {
  it("are the only place a colour is written", () => {
    const raw = sources()
      .filter((f) => !HOMES.has(f.path))
      .flatMap((f) =>
        [...f.text.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi)]
          // An HTML character reference (&#39;) is not a colour.
          .filter((m) => f.text[m.index - 1] !== "&")
          .map((m) => `${f.path}: ${m[0]}`),
      );
    expect(raw).toEqual([]);
  });

  it("name the only widths a media query may use", () => {
    const breakpoints = new Set(
      [...tokens].filter(([name]) => name.startsWith("--bp-")).map(([, value]) => value),
    );
    const widths = sources().flatMap((f) =>
      [...f.text.matchAll(/@media[^{]*/g)].flatMap((m) =>
        [...m[0].matchAll(/(?:min-width|max-width|width\s*[<>]=?)\s*:?\s*([0-9.]+[a-z]+)/g)]
          .filter((w) => !breakpoints.has(w[1]!))
          .map((w) => `${f.path}: ${w[0]}`),
      ),
    );
    expect(breakpoints.size).toBeGreaterThan(0);
    expect(widths).toEqual([]);
  });

  // Text on its background, as the site pairs them: each must reach 4.5:1 (WCAG 1.4.3).
  it.each([
    ["--color-ink", "--color-surface"],
    ["--color-ink", "--color-surface-alt"],
    ["--color-ink", "--color-mark"],
    ["--color-ink-muted", "--color-surface"],
    ["--color-ink-muted", "--color-surface-alt"],
    ["--color-brand", "--color-surface"],
    ["--color-brand", "--color-surface-alt"],
    ["--color-brand", "--color-surface-hover"],
    ["--color-link", "--color-surface"],
    ["--color-link", "--color-surface-alt"],
    ["--color-accent", "--color-surface"],
    ["--color-accent", "--color-surface-alt"],
    ["--color-brand-contrast", "--color-brand"],
    ["--color-brand-contrast", "--color-brand-raised"],
    ["--color-on-brand-muted", "--color-brand"],
    ["--color-on-brand-accent", "--color-brand"],
    ["--color-brand", "--color-on-brand-accent"],
    ["--color-alert-ink", "--color-alert-bg"],
    ["--color-danger", "--color-surface"],
    ["--color-success", "--color-surface"],
  ])("%s on %s reads at 4.5:1 or more", (text, background) => {
    expect(contrast(tokens.get(text)!, tokens.get(background)!)).toBeGreaterThanOrEqual(4.5);
  });

  // Edges on their background, as the site pairs them: fields, boxed controls and chart axes,
  // focus rings, chart bars: each must reach 3:1 (WCAG 1.4.11). tests/e2e/non-text-contrast.spec.ts
  // measures them as the browser draws them.
  it.each([
    ["--color-border-strong", "--color-surface"],
    ["--color-border-strong", "--color-surface-alt"],
    ["--color-border-strong", "--color-surface-hover"],
    ["--color-focus", "--color-surface"],
    ["--color-focus", "--color-surface-alt"],
    ["--color-focus", "--color-alert-bg"],
    ["--color-focus-on-brand", "--color-brand"],
    ["--color-brand", "--color-surface"],
  ])("%s on %s stands out at 3:1 or more", (edge, background) => {
    expect(contrast(tokens.get(edge)!, tokens.get(background)!)).toBeGreaterThanOrEqual(3);
  });
});
