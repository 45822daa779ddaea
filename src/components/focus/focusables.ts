const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements inside `root` a keyboard user can Tab to, in order, skipping collapsed (`hidden`) parts. */
export function focusablesIn(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    const collapsed = element.closest("[hidden], [inert]");
    return collapsed === null || !root.contains(collapsed);
  });
}

/** Focuses the element `step` places from the focused one among `elements`, stopping at the ends. */
export function moveFocus(elements: HTMLElement[], step: number): void {
  const current = elements.indexOf(document.activeElement as HTMLElement);
  const next = elements[Math.min(Math.max(current + step, 0), elements.length - 1)];
  next?.focus();
}
