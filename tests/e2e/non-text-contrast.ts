import type { Locator, Page } from "@playwright/test";
import { hexOf, leastContrast, paint, type Layer, type Rgba } from "../../src/styles/contrast.ts";

// WCAG 1.4.11, Non-text Contrast, as the browser draws the page: each edge that identifies a
// control, each state shown by a fill, each bar of a chart and each focus ring, against the
// colour actually behind it (every ancestor's background, composited, opacity and gradients
// included). Read from computed styles in Chromium, not from the tokens.

/** What an edge is measured against, as the page reports it. */
interface Found {
  kind: "edge" | "state" | "graphic" | "ring";
  label: string;
  /** The edge's own colour: a border, an outline, an SVG fill or stroke. */
  paint: Rgba | null;
  /** Every ancestor's layer, outermost first. */
  outside: Layer[];
  /** The element's own layer: its fill, and the opacity that fades its edges too. */
  self: Layer;
  /** A focus ring drawn inside the element's box (a negative offset) lies on its fill. */
  isInside?: boolean;
}

/** One measured edge: its colours as painted and its contrast ratio. */
export interface Measure {
  kind: Found["kind"];
  label: string;
  edge: string;
  behind: string;
  ratio: number;
}

/**
 * Runs in the page: finds what 1.4.11 asks about under `scope` and reports each one's colours
 * and layers. Focus rings are read while each element has focus (script focus after a key press
 * matches :focus-visible, as a Tab would), then focus goes back where it was.
 */
function findEdges(scope: Element): Found[] {
  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  const colour = (css: string): Rgba => {
    const m = /^rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[,/ ]+([\d.]+)(%?))?\)$/.exec(css);
    if (m) {
      const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] ? 100 : 1);
      return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
    }
    // Any other syntax (a colour space, a keyword), through a canvas.
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = css;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const layerOf = (element: Element): Layer => {
    const style = getComputedStyle(element);
    const image = style.backgroundImage;
    if (/url\(/.test(image))
      throw new Error(`${describe(element)} has a background picture: measure it by eye`);
    const stops = [...image.matchAll(/rgba?\([^)]*\)/g)].map((m) => colour(m[0]));
    return { colour: colour(style.backgroundColor), opacity: Number(style.opacity), stops };
  };
  const layersAbove = (element: Element): Layer[] => {
    const layers: Layer[] = [];
    for (let e = element.parentElement; e; e = e.parentElement) layers.unshift(layerOf(e));
    return layers;
  };
  const describe = (element: Element): string => {
    const name = (
      element.getAttribute("aria-label") ??
      element.getAttribute("placeholder") ??
      (element as HTMLElement).innerText ??
      element.textContent ??
      ""
    )
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 30);
    const id = element.id ? `#${element.id}` : "";
    const cls = [...element.classList].slice(0, 2).map((c) => `.${c}`);
    return `${element.tagName.toLowerCase()}${id}${cls.join("")}${name ? ` "${name}"` : ""}`;
  };
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 1 &&
      box.height > 1 &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    );
  };
  // A control that cannot be used is exempt (WCAG 1.4.11's inactive components).
  const isDisabled = (element: Element) =>
    element.matches(":disabled, [aria-disabled=true]") || element.closest("[inert]") !== null;
  // The browser draws check boxes and radio buttons itself: their edges are not in the styles.
  const isNative = (element: Element) =>
    element instanceof HTMLInputElement &&
    /^(checkbox|radio|range|color|file|hidden)$/.test(element.type) &&
    getComputedStyle(element).appearance !== "none";
  const FIELDS = "input, select, textarea";
  const CONTROLS = `${FIELDS}, button, a[href], summary, [role=button], [tabindex]`;
  const found: Found[] = [];
  const sides = ["top", "right", "bottom", "left"] as const;

  // Edges: a field's border (any side), or a box drawn round a control or a field's wrapper.
  const boxes = new Set(
    [...scope.querySelectorAll(CONTROLS)].filter(
      (e) => !isNative(e) && !isDisabled(e) && isShown(e),
    ),
  );
  for (const field of scope.querySelectorAll(FIELDS))
    if (field.parentElement && !isDisabled(field) && isShown(field)) boxes.add(field.parentElement);
  for (const element of boxes) {
    const style = getComputedStyle(element);
    const drawn = sides.filter(
      (side) =>
        !/none|hidden/.test(style.getPropertyValue(`border-${side}-style`)) &&
        parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
        colour(style.getPropertyValue(`border-${side}-color`))[3] > 0,
    );
    const isField = element.matches(FIELDS) && !isNative(element);
    if (drawn.length === 0 || (!isField && drawn.length < 4)) continue;
    for (const c of new Set(drawn.map((s) => style.getPropertyValue(`border-${s}-color`))))
      found.push({
        kind: "edge",
        label: describe(element),
        paint: colour(c),
        outside: layersAbove(element),
        self: layerOf(element),
      });
  }

  // States shown by a fill: the pressed letter, the current page.
  const states = scope.querySelectorAll(
    "[aria-pressed=true], [aria-current]:not([aria-current=false]), [aria-selected=true]",
  );
  for (const element of states) {
    if (!isShown(element)) continue;
    const self = layerOf(element);
    if (self.colour[3] === 0 && !self.stops?.length) continue;
    found.push({
      kind: "state",
      label: describe(element),
      paint: null,
      outside: layersAbove(element),
      self,
    });
  }

  // Charts: what a picture with a role of img draws, but for a dashed guide line, which is only
  // a help to the eye (the figures it marks are written beside it and given in a table).
  for (const shape of scope.querySelectorAll(
    "svg[role=img] :is(rect, circle, ellipse, path, line, polyline, polygon)",
  )) {
    const style = getComputedStyle(shape);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const paints = [
      // A line has no inside to fill.
      shape.localName === "line" ? null : ([style.fill, Number(style.fillOpacity)] as const),
      style.strokeDasharray === "none"
        ? ([style.stroke, Number(style.strokeOpacity)] as const)
        : null,
    ];
    for (const p of paints) {
      if (!p || p[0] === "none" || /url\(/.test(p[0])) continue;
      const c = colour(p[0]);
      if (c[3] === 0) continue;
      found.push({
        kind: "graphic",
        label: `${describe(shape.closest("svg")!)} ${describe(shape)}`,
        paint: [c[0], c[1], c[2], c[3] * p[1]],
        outside: layersAbove(shape),
        self: { colour: [0, 0, 0, 0], opacity: Number(style.opacity) },
      });
    }
  }

  // Focus rings: every element Tab reaches.
  const before = document.activeElement as HTMLElement | null;
  for (const element of scope.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (element.tabIndex < 0 || isDisabled(element) || !isShown(element)) continue;
    element.focus({ preventScroll: true });
    if (document.activeElement !== element || !element.matches(":focus-visible")) continue;
    // The ring as it ends up, not as a transition starts it (reduced motion leaves 0.01 ms ones).
    for (const animation of element.getAnimations()) animation.finish();
    const style = getComputedStyle(element);
    const isOutline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const shadow = /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0];
    // Chromium's own ring ("auto") is drawn in two colours so that one always shows.
    if (style.outlineStyle === "auto" || (!isOutline && !shadow)) continue;
    found.push({
      kind: "ring",
      label: describe(element),
      paint: colour(isOutline ? style.outlineColor : shadow!),
      outside: layersAbove(element),
      self: layerOf(element),
      isInside: isOutline
        ? parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) <= 0
        : /inset/.test(style.boxShadow),
    });
  }
  before?.focus({ preventScroll: true });
  if (!before || before === document.body) (document.activeElement as HTMLElement | null)?.blur();
  return found;
}

/** The contrast of what `findEdges` found, as WCAG 1.4.11 rates each kind. */
function measure(found: Found): Measure {
  const behind = paint(found.outside);
  const inside = paint([...found.outside, found.self]);
  const clear: Layer = { colour: [0, 0, 0, 0], opacity: found.self.opacity };
  const at = (ratio: number, edge: readonly Rgba[], under: readonly Rgba[]): Measure => ({
    kind: found.kind,
    label: found.label,
    edge: [...new Set(edge.map(hexOf))].join("/"),
    behind: [...new Set(under.map(hexOf))].join("/"),
    ratio: Math.round(ratio * 100) / 100,
  });
  switch (found.kind) {
    case "edge": {
      // A border identifies the control when it stands out from both sides of it; a fill that
      // stands out from the page identifies it by itself (then the border is only its rim).
      const border = paint([...found.outside, found.self], found.paint!);
      const byBorder = Math.min(leastContrast(border, behind), leastContrast(border, inside));
      const byFill = leastContrast(inside, behind);
      return byFill > byBorder ? at(byFill, inside, behind) : at(byBorder, border, behind);
    }
    case "state":
      return at(leastContrast(inside, behind), inside, behind);
    case "graphic": {
      const drawn = paint([...found.outside, clear], found.paint!);
      return at(leastContrast(drawn, behind), drawn, behind);
    }
    case "ring": {
      const under = found.isInside ? inside : behind;
      const ring = found.isInside
        ? paint([...found.outside, found.self], found.paint!)
        : paint([...found.outside, clear], found.paint!);
      return at(leastContrast(ring, under), ring, under);
    }
  }
}

/**
 * Every non-text edge under `scope` (the whole page by default) with its contrast ratio. A key
 * press first, so that focus given by script shows the keyboard's ring.
 */
export async function nonTextContrasts(page: Page, scope?: Locator): Promise<Measure[]> {
  await page.keyboard.press("Shift");
  const found = await (scope ?? page.locator("body")).evaluate(findEdges);
  return found.map(measure);
}

/** The measures under 3:1, each as one line: what, where, its colours and its ratio. */
export function underThreeToOne(measures: Measure[]): string[] {
  return measures
    .filter((m) => m.ratio < 3)
    .map((m) => `${m.kind} of ${m.label}: ${m.edge} on ${m.behind}, ${m.ratio}:1`);
}
