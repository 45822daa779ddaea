import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  hexColour,
  hexOf,
  leastContrast,
  over,
  paint,
  type Rgba,
} from "./contrast.ts";

const WHITE: Rgba = [255, 255, 255, 1];
const BLACK: Rgba = [0, 0, 0, 1];
const CLEAR: Rgba = [0, 0, 0, 0];

describe("contrast", () => {
  it("rates black on white 21:1 and a colour on itself 1:1", () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(hexColour("#8a8f98"), hexColour("#8a8f98"))).toBe(1);
  });

  it("rates a grey edge on warm paper as the outside check measured it, 2.93:1", () => {
    expect(contrastRatio(hexColour("#8a8f98"), hexColour("#f6f3ec"))).toBeCloseTo(2.93, 2);
  });

  it("reads and writes hex colours, alpha included", () => {
    expect(hexColour("#0b1f33")).toEqual([11, 31, 51, 1]);
    expect(hexColour("#ffffff80")[3]).toBeCloseTo(0.5, 2);
    expect(hexOf([11, 31, 51, 1])).toBe("#0b1f33");
  });

  it("paints a half-clear colour halfway to what is under it", () => {
    expect(over([0, 0, 0, 0.5], WHITE)).toEqual([127.5, 127.5, 127.5, 1]);
    expect(over(CLEAR, WHITE)).toEqual(WHITE);
  });

  it("paints nothing at all as the white canvas", () => {
    expect(paint([])).toEqual([WHITE]);
    expect(paint([{ colour: CLEAR, opacity: 1 }])).toEqual([WHITE]);
  });

  it("fades a layer and what it holds by its opacity", () => {
    const layers = [
      { colour: WHITE, opacity: 1 },
      { colour: BLACK, opacity: 0.5 },
    ];
    expect(paint(layers)).toEqual([[127.5, 127.5, 127.5, 1]]);
    // An edge painted inside the faded layer fades with it.
    expect(paint([{ colour: CLEAR, opacity: 0.5 }], BLACK)).toEqual([[127.5, 127.5, 127.5, 1]]);
  });

  it("gives every colour of a gradient, each over its layer's colour", () => {
    const layers = [{ colour: WHITE, opacity: 1, stops: [BLACK, [0, 0, 0, 0.5] as Rgba] }];
    expect(paint(layers)).toEqual([WHITE, BLACK, [127.5, 127.5, 127.5, 1]]);
  });

  it("takes the least contrast of every pair", () => {
    expect(leastContrast([BLACK], [WHITE, BLACK])).toBe(1);
  });
});
