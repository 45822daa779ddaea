import { scopedTokens } from "./brand-tokens.ts";

describe("the widgets' tokens", () => {
  it("are declared on the widget's own elements, never on another site's page root", () => {
    const css = scopedTokens("ht", "ht-error");
    expect(css).not.toMatch(/:root/);
    expect(css).toContain(":where(.ht, .ht-error)");
    expect(css).toMatch(/--color-brand:/);
  });

  it("name the brand's typefaces without loading them", () => {
    const css = scopedTokens("ts", "ts-error");
    expect(css).toMatch(/--font-sans:[^;]*Public Sans/);
    expect(css).not.toMatch(/@font-face|url\(/);
  });
});
