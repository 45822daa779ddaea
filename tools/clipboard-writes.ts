import type { Page } from "playwright-core";

/** A clipboard write the page made, and whether it ran during a press of the visitor's own. */
export interface ClipboardWrite {
  text: string;
  inPress: boolean;
}

/**
 * Lets the page write the clipboard and records each write. Chromium lets a page holding the
 * write permission copy at any moment, so its tests check the rule Firefox and WebKit enforce
 * themselves: a copy counts only while the visitor's own press (a trusted click) is being
 * dispatched, not when a script presses the button again later.
 */
export async function watchClipboardWrites(page: Page, site: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
  await page.addInitScript(() => {
    const writes: ClipboardWrite[] = [];
    Object.assign(window, { clipboardWrites: writes });
    const writeText = Clipboard.prototype.writeText;
    Clipboard.prototype.writeText = function (text: string) {
      // window.event is the event being dispatched; deprecated, but it says exactly this.
      const event = window.event;
      writes.push({ text, inPress: event?.type === "click" && event.isTrusted });
      return writeText.call(this, text);
    };
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { clipboardWrites: ClipboardWrite[] }).clipboardWrites,
    );
}
