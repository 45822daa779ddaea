import type { Page } from "@playwright/test";

/**
 * Sums the page's layout shifts from its first paint (those right after an input aside, as CLS
 * counts them). `total()` reads the sum; `restart()` starts it again, for a test that counts
 * only what moved after a moment of its own (the typefaces in, say).
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    let total = 0;
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[]) if (!entry.hadRecentInput) total += entry.value;
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    Object.assign(window, {
      layoutShift: (restart: boolean) => {
        record(observer.takeRecords());
        const sum = total;
        if (restart) total = 0;
        return sum;
      },
    });
  });
  const read = (restart: boolean) =>
    page.evaluate(
      (r) => (window as unknown as { layoutShift: (r: boolean) => number }).layoutShift(r),
      restart,
    );
  return { total: () => read(false), restart: async () => void (await read(true)) };
}
