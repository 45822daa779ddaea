import { expect, test } from "./fixtures.ts";
import {
  controlsWithoutEdges,
  enlargeText,
  everything,
  openSettled as open,
  reflowProblems,
  tabWalkProblems,
} from "./visitor-checks.ts";

// Every page type and widget state for every visitor, as axe already checks them:
// no sideways scrolling at 320 px (WCAG 1.4.10); 200% text at 375 and 1280 px with no sideways
// scrolling and no control off screen (1.4.4); a Tab walk where focus is always visible and never
// covered (2.4.7, 2.4.11); and in forced colors, screenshots where every button and field shows
// its four edges (1.4.11). forced-colors.spec.ts checks the states shown by colour.

test.describe("reflow at 320 px", () => {
  test.use({ viewport: { width: 320, height: 720 } });
  for (const [name, path, reach] of everything()) {
    test(`${name}: nothing scrolls sideways`, async ({ page, site }) => {
      await open(page, site, path);
      await reach(page);
      expect(await reflowProblems(page)).toEqual([]);
    });
  }
});

for (const width of [375, 1280]) {
  test.describe(`200% text at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: nothing scrolls sideways and every control is on screen`, async ({
        page,
        site,
      }) => {
        await open(page, site, path);
        await reach(page);
        await enlargeText(page, 2);
        expect(await reflowProblems(page)).toEqual([]);
      });
    }
  });
}

for (const width of [375, 1280]) {
  test.describe(`keyboard alone at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: focus is always visible and never covered`, async ({ page, site }) => {
        await open(page, site, path);
        await reach(page);
        expect(await tabWalkProblems(page)).toEqual([]);
      });
    }
  });
}

for (const width of [375, 1280]) {
  test.describe(`forced colors at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: every button and field shows its edges`, async ({ page, site }) => {
        await page.emulateMedia({ forcedColors: "active", reducedMotion: "reduce" });
        await open(page, site, path);
        await reach(page);
        expect(await controlsWithoutEdges(page)).toEqual([]);
      });
    }
  });
}
