/** An sRGB colour: red, green and blue from 0 to 255, alpha from 0 to 1. */
export type Rgba = readonly [number, number, number, number];

/** One painted layer of a page: an element's background colour and its opacity. */
export interface Layer {
  colour: Rgba;
  opacity: number;
  /** The colours of the gradients over its background colour (each may show anywhere in it). */
  stops?: readonly Rgba[];
}

const WHITE: Rgba = [255, 255, 255, 1];

/** "#1a2433" (or "#1a2433cc") as a colour. */
export function hexColour(hex: string): Rgba {
  const [r, g, b, a = 255] = [1, 3, 5, 7].map((i) =>
    i < hex.length ? parseInt(hex.slice(i, i + 2), 16) : undefined,
  );
  return [r!, g!, b!, a / 255];
}

/** A colour as "#rrggbb", its alpha dropped: for messages. */
export function hexOf([r, g, b]: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** `top` painted over `bottom` (source-over). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3] + bottom[3] * (1 - top[3]);
  if (alpha === 0) return [0, 0, 0, 0];
  const channel = (i: 0 | 1 | 2) =>
    (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha;
  return [channel(0), channel(1), channel(2), alpha];
}

/** `from` blended toward `to` by `amount` (0: all `from`, 1: all `to`). */
function blend(from: Rgba, to: Rgba, amount: number): Rgba {
  const mix = (i: 0 | 1 | 2 | 3) => from[i] + (to[i] - from[i]) * amount;
  return [mix(0), mix(1), mix(2), mix(3)];
}

/**
 * Every colour a point can show under a stack of layers (outermost first) with `top` painted on
 * the last one: an opacity fades its layer and all inside it over what lies below, and a layer
 * with gradients gives one colour for each of their colours. The page's canvas is white.
 */
export function paint(layers: readonly Layer[], top?: Rgba, below: Rgba = WHITE): Rgba[] {
  const [layer, ...inner] = layers;
  if (!layer) return [top ? over(top, below) : below];
  const fills = [layer.colour, ...(layer.stops ?? []).map((stop) => over(stop, layer.colour))];
  return fills.flatMap((fill) =>
    paint(inner, top, over(fill, below)).map((inside) =>
      layer.opacity < 1 ? blend(below, inside, layer.opacity) : inside,
    ),
  );
}

/** WCAG 2's relative luminance of an opaque colour. */
export function relativeLuminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The lowest contrast between any of `a` and any of `b`. */
export function leastContrast(a: readonly Rgba[], b: readonly Rgba[]): number {
  return Math.min(...a.flatMap((x) => b.map((y) => contrastRatio(x, y))));
}
