/**
 * What the behaviour specs drive: one page of one engine at one window width. Each engine's
 * adapter (firefox.ts, webkit.ts) implements it with real input (trusted events, which count as
 * the visitor's own presses), so the specs are written once for every engine.
 */
export interface EnginePage {
  readonly engine: string;
  readonly width: number;
  /** Opens `url` and waits for its load event. */
  open(url: string): Promise<void>;
  /** Opens `url` and returns as soon as its document is parsed, before its scripts have loaded. */
  openEarly(url: string): Promise<void>;
  /** Where `target` is on the page (CSS pixels), or null while it does not show. */
  box(target: Target): Promise<Box | null>;
  /** Presses the element (scrolled into view first) with the mouse, as a visitor does. */
  press(target: Target): Promise<void>;
  /** Presses the window at (x, y), in CSS pixels from its top left. */
  pressAt(x: number, y: number): Promise<void>;
  /** Presses a key on whatever has focus. */
  key(key: Key): Promise<void>;
  /** Types text into whatever has focus, key by key. */
  type(text: string): Promise<void>;
  /** Runs a self-contained function in the page and returns its (JSON) result. */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  close(): Promise<void>;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Key = "Enter" | "Escape" | "ArrowDown" | "ArrowUp" | "Tab" | "Space";

/**
 * An element as a visitor names it: the visible elements matching `css` (inside `within`), the
 * first whose accessible name (aria-label, aria-labelledby, its labels, else its text) is `name`.
 */
export interface Target {
  css: string;
  name?: string;
  within?: string;
}

export const button = (name: string, within?: string): Target => ({ css: "button", name, within });
export const link = (name: string, within?: string): Target => ({ css: "a[href]", name, within });
export const field = (name: string, within?: string): Target => ({
  css: "input, select, textarea",
  name,
  within,
});

/** Runs in the page (self-contained): the element `target` names, or null. */
export function findTarget(target: Target): HTMLElement | null {
  const fold = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  // Text as read aloud: what aria-hidden hides (icons) is left out.
  const textOf = (node: Node): string =>
    node instanceof Element
      ? node.getAttribute("aria-hidden") === "true"
        ? ""
        : [...node.childNodes].map(textOf).join("")
      : (node.textContent ?? "");
  const nameOf = (element: HTMLElement) => {
    const label = element.getAttribute("aria-label");
    if (label) return fold(label);
    const ids = element.getAttribute("aria-labelledby");
    if (ids)
      return fold(
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" "),
      );
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return fold([...labels].map(textOf).join(" "));
    return fold(textOf(element));
  };
  const shown = (element: HTMLElement) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
  const scope = target.within ? document.querySelector(target.within) : document;
  const candidates = [...(scope?.querySelectorAll<HTMLElement>(target.css) ?? [])];
  return (
    candidates.find(
      (element) => shown(element) && (target.name === undefined || nameOf(element) === target.name),
    ) ?? null
  );
}

/** How long a behaviour waits for the page to show what it expects. */
export const WAIT_MS = 5000;

/**
 * Polls `check` in the page until it returns true, or fails after `timeoutMs` with what was
 * awaited and the last value seen.
 */
export async function waitFor<A extends unknown[]>(
  page: EnginePage,
  what: string,
  check: (...args: A) => unknown,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    last = await page.run(check, ...args);
    if (last === true) return;
    if (Date.now() > deadline)
      throw new Error(
        `${page.engine} at ${page.width} px: ${what} (last seen: ${JSON.stringify(last)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether `target` shows on the page now. */
export async function shows(page: EnginePage, target: Target): Promise<boolean> {
  return (await page.box(target)) !== null;
}

/**
 * Waits until `target` shows and holds still (a panel that slides in moves its buttons), as a
 * visitor's finger waits for what it aims at.
 */
export async function waitForTarget(page: EnginePage, target: Target): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last: Box | null = null;
  for (;;) {
    const box = await page.box(target);
    if (box && last && JSON.stringify(box) === JSON.stringify(last)) return;
    if (Date.now() > deadline)
      throw new Error(
        `${page.engine} at ${page.width} px: ${JSON.stringify(target)} ${box ? "keeps moving" : "does not show"}`,
      );
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
