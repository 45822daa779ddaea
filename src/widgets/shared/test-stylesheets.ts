import { vi } from "vitest";

// What the widgets' mount tests need to watch a widget bring its styles to another site's page.

/** jsdom has no constructable style sheets; this stands in for the browser's. */
export class FakeSheet {
  text = "";
  replaceSync(text: string) {
    this.text = text;
  }
}

/** Gives the document constructable sheets (FakeSheet) until the returned function is called. */
export function giveDocumentConstructableSheets() {
  const view = document.defaultView as unknown as Record<string, unknown>;
  const original = view.CSSStyleSheet;
  view.CSSStyleSheet = FakeSheet;
  Object.defineProperty(document, "adoptedStyleSheets", {
    value: [],
    writable: true,
    configurable: true,
  });
  return () => {
    view.CSSStyleSheet = original;
    delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  };
}

/** The texts of the sheets the document has adopted, in order. */
export const adoptedSheetTexts = () =>
  (document.adoptedStyleSheets as unknown as FakeSheet[]).map((sheet) => sheet.text);

/**
 * Serves the widget's stylesheet, a file of its own as the site serves it, and passes every other
 * request on to the stubbed API. Vitest gives a `?url` import the address "", a build a file's.
 * Returns the addresses of the stylesheet requests.
 */
export function serveStylesheet(css: string): string[] {
  const api = globalThis.fetch;
  const requests: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    if (!/^$|\.css$/.test(String(input))) return api(input, init);
    requests.push(String(input));
    return Promise.resolve(new Response(css));
  });
  return requests;
}
