import type { Locator, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { articleUrl, demoContent, expect, expectHydrated, topicUrl } from "./fixtures.ts";

// Checks a visitor would make that axe cannot: reflow, enlarged text, a keyboard
// walk where focus is always visible and never hidden, and edges in forced colors.

/** One of each kind of page, by a name for the test titles. */
export function pageTypes(): [string, string][] {
  const { articles, flatTaxa, transactions, people } = demoContent();
  const tagged = flatTaxa.find((t) => articles.some((a) => a.Tags.includes(t.Id)))!;
  return [
    ["home", "/"],
    ["transactions", "/transactions"],
    ["topics", "/topics"],
    [
      "all articles",
      "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary",
    ],
    ["topic page", topicUrl(encodeURIComponent(tagged.UrlName))],
    ["article", articleUrl(encodeURIComponent(articles[0]!.UrlName))],
    ["search results", "/search?q=valuation"],
    ["search results of one kind", "/search?q=aerospace&kind=deal"],
    ["deal", `/transactions/${transactions[0]!.UrlName}`],
    ["plain page", "/about"],
    ["industry hub", "/industries/healthcare"],
    ["service page", "/services/sell-side-advisory"],
    ["people", "/about/leadership"],
    ["profile", `/people/${people[0]!.UrlName}`],
    ["not found", "/no-such-page"],
  ];
}

/** Opens a page and waits until its islands and widgets have settled. */
export async function openSettled(page: Page, site: string, path: string) {
  await page.goto(`${site}${path}`);
  await expectHydrated(page.locator("header.site-header"));
  await page.waitForLoadState("networkidle");
}

/** The widgets' states beyond the loaded page, each reached from its page. */
const WIDGET_STATES: [string, string, (page: Page) => Promise<void>][] = [
  [
    "Historical Transactions, searched with no results",
    "/transactions?q=zzzz-no-such-deal",
    async (page) => {
      await expect(page.getByText("This search returned no results.")).toBeVisible();
    },
  ],
  [
    "Historical Transactions, on page 2, sorted by Client",
    "/transactions?page=2&sort=client&order=asc",
    async (page) => {
      await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    },
  ],
  [
    "Historical Transactions, failed",
    "/transactions",
    async (page) => {
      await page.route("**/api/default/transactions?*", (route) => route.fulfill({ status: 503 }));
      await page.reload();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    },
  ],
  [
    "Topics A – Z, letter B",
    "/topics#b",
    async (page) => {
      await expect(page.getByRole("button", { name: "B", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    },
  ],
  [
    "Topics A – Z, failed",
    "/topics",
    async (page) => {
      await page.route("**/api/default/flat-taxa?*", (route) => route.fulfill({ status: 500 }));
      await page.reload();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    },
  ],
];

/** Every page type, then every widget state. */
export const everything = (): [string, string, (page: Page) => Promise<void>][] => [
  ...pageTypes().map(([name, path]): [string, string, (page: Page) => Promise<void>] => [
    name,
    path,
    async () => {},
  ]),
  ...WIDGET_STATES,
];

/** Text enlarged as a visitor's setting does (`2` is 200%), through the CSSOM (CSP allows it). */
export async function enlargeText(page: Page, scale: number): Promise<void> {
  await page.evaluate((s) => {
    document.documentElement.style.fontSize = `${s * 100}%`;
  }, scale);
}

/**
 * What makes the page scroll sideways, or puts a control out of reach: the page's width beyond
 * the window, and every visible link, button or field whose box leaves the window sideways.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll > width) problems.push(`the page is ${scroll} px wide in a ${width} px window`);
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, [tabindex]",
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Visually hidden text (1 px, clipped) is for screen readers, not for the eye.
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        const name = (control.getAttribute("aria-label") ?? control.textContent ?? "")
          .trim()
          .slice(0, 40);
        problems.push(
          `${control.tagName.toLowerCase()} "${name}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`,
        );
      }
    }
    return problems;
  });
}

/**
 * Presses Tab from the top of the page through every focusable element (at most `max`), and
 * reports each stop where the focus indicator is not visible (no outline of 2 px or more, no
 * box shadow), where a box that clips its overflow cuts the ring off, or where the focused
 * element is covered by another (WCAG 2.4.7, 2.4.11).
 */
export async function tabWalkProblems(page: Page, max = 120): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const path: string[] = [];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        path.unshift(
          `${e.tagName.toLowerCase()}:${[...(e.parentElement?.children ?? [])].indexOf(e)}`,
        );
      }
      const name = (
        el.getAttribute("aria-label") ??
        el.textContent ??
        (el as HTMLInputElement).value ??
        ""
      )
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      const label = `${el.tagName.toLowerCase()} "${name}"`;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
      const shadow = style.boxShadow !== "none";
      const rect = el.getBoundingClientRect();
      // The ring reaches offset + width beyond the border box; a clipping ancestor (a scrolling
      // panel, say) must hold all of it. The window itself scrolls, so it does not count.
      const reach = outline ? parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) : 0;
      let clipper: string | null = null;
      for (let a = el.parentElement; reach > 0 && a && a !== document.body; a = a.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(a);
        if (overflowX === "visible" && overflowY === "visible") continue;
        const box = a.getBoundingClientRect();
        const cut =
          rect.left - reach < box.left - 0.5 ||
          rect.right + reach > box.right + 0.5 ||
          rect.top - reach < box.top - 0.5 ||
          rect.bottom + reach > box.bottom + 0.5;
        if (cut) {
          clipper = `${a.tagName.toLowerCase()}.${[...a.classList].join(".")}`;
          break;
        }
      }
      const points = [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + 2, rect.top + 2],
        [rect.right - 2, rect.top + 2],
        [rect.left + 2, rect.bottom - 2],
        [rect.right - 2, rect.bottom - 2],
      ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < innerWidth && y! < innerHeight);
      const uncovered = points.filter(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
      });
      return {
        key: path.join("/"),
        label,
        isIndicated: outline || shadow,
        clipper,
        isUncovered: uncovered.length > 0,
        isInView: points.length > 0,
      };
    });
    if (stop === null) {
      if (i > 0) break;
      continue;
    }
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.isIndicated) problems.push(`${stop.label}: no visible focus indicator`);
    if (stop.clipper) problems.push(`${stop.label}: focus ring cut off by ${stop.clipper}`);
    if (!stop.isInView) problems.push(`${stop.label}: focused but out of view`);
    else if (!stop.isUncovered) problems.push(`${stop.label}: focused but covered`);
  }
  if (seen.size < 3) problems.push(`only ${seen.size} elements took focus`);
  return problems;
}

/** Scrolls an element to the middle of the window: wholly on screen, clear of sticky bars. */
async function toMiddle(element: Locator): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest" }));
}

/** A screenshot of a region as pixels, to compare colours in it. */
export async function pixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
) {
  const png = PNG.sync.read(await page.screenshot({ clip }));
  const at = (x: number, y: number) => {
    const i = (png.width * Math.round(y) + Math.round(x)) * 4;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!] as const;
  };
  return { width: png.width, height: png.height, at };
}

const differs = (a: readonly number[], b: readonly number[]) =>
  Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) > 96;

/**
 * Which sides of an element show an edge on screen: along each side, for at least 40% of its
 * length (a dashed edge counts), a pixel on the element's outermost line, give or take the one
 * pixel its fractional box may put it off, differs from the pixel 4 px outside it.
 */
export async function visibleEdges(page: Page, selector: string): Promise<string[]> {
  return edgesOf(page, page.locator(selector).first());
}

async function edgesOf(page: Page, element: Locator): Promise<string[]> {
  await toMiddle(element);
  const box = await element.boundingBox();
  if (!box) throw new Error(`${String(element)} has no box`);
  const margin = 6;
  const { width, height, at } = await pixels(page, {
    x: box.x - margin,
    y: box.y - margin,
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  });
  // Each side: where its outermost line lies, which way is out, and whether it runs along x.
  const sides: [name: string, line: number, out: -1 | 1, isAlongX: boolean][] = [
    ["top", margin, -1, true],
    ["bottom", height - 1 - margin, 1, true],
    ["left", margin, -1, false],
    ["right", width - 1 - margin, 1, false],
  ];
  const visible: string[] = [];
  for (const [name, line, out, isAlongX] of sides) {
    const length = isAlongX ? width : height;
    // Away from the corners, which may be rounded.
    const positions = Array.from(
      { length: Math.max(1, length - 2 * margin - 8) },
      (_, i) => margin + 4 + i,
    );
    const pixel = (position: number, offset: number) =>
      isAlongX ? at(position, line + offset * out) : at(line + offset * out, position);
    const edged = positions.filter((position) =>
      [-1, 0, 1].some((offset) => differs(pixel(position, offset), pixel(position, 4))),
    );
    if (edged.length / positions.length >= 0.4) visible.push(name);
  }
  return visible;
}

/**
 * Every visible button and field (check boxes and radios are the browser's own) that does not
 * show an edge on all four sides: in forced colors, backgrounds are gone, and a control with no
 * border is just words on the page.
 */
export async function controlsWithoutEdges(page: Page): Promise<string[]> {
  const controls = page
    .locator("button, input:not([type=checkbox], [type=radio], [type=hidden]), select, textarea")
    .filter({ visible: true });
  const problems: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    // Visually hidden controls (1 px, clipped) are for screen readers, not for the eye.
    if (!box || box.width <= 1 || box.height <= 1) continue;
    const edges = await edgesOf(page, control);
    if (edges.length < 4) {
      const name = await control.evaluate((el) =>
        (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " "),
      );
      const tag = await control.evaluate((el) => el.tagName.toLowerCase());
      problems.push(
        `${tag} "${name.slice(0, 40)}" shows edges only at: ${edges.join(", ") || "none"}`,
      );
    }
  }
  return problems;
}

/** The share of an element's inner pixels whose colour differs from the page's canvas. */
export async function fillShare(
  page: Page,
  selector: string,
  canvas: readonly number[],
): Promise<number> {
  await toMiddle(page.locator(selector).first());
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  const { width, height, at } = await pixels(page, box);
  let differing = 0;
  let total = 0;
  for (let y = 3; y < height - 3; y += 2) {
    for (let x = 3; x < width - 3; x += 2) {
      total++;
      if (differs(at(x, y), canvas)) differing++;
    }
  }
  return differing / Math.max(1, total);
}
