import { StrictMode } from "react";
import { WidgetErrorBoundary } from "../shared/WidgetErrorBoundary.tsx";
import { createRoot } from "react-dom/client";
import css from "./styles.css?inline";
import { TopicSearch } from "./TopicSearch.tsx";

/** Options of mount. */
export interface MountOptions {
  /** '' for the same origin, or the firm's origin when the widget is embedded elsewhere. */
  apiBase: string;
}

// One constructed sheet per document, adopted once however many times the widget mounts.
const sheets = new WeakMap<Document, CSSStyleSheet>();

/** Renders Topics A – Z into `element` (the `#topicsearch` placeholder); returns an unmount. */
export function mount(element: HTMLElement, options: MountOptions): () => void {
  adoptStyles(element.ownerDocument);
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <WidgetErrorBoundary subject="The topics">
        <TopicSearch apiBase={options.apiBase} />
      </WidgetErrorBoundary>
    </StrictMode>,
  );
  return () => root.unmount();
}

// A constructed sheet, not a <style> element, because the site's CSP forbids inline styles.
// Browsers without constructable sheets (before Safari 16.4) get an unstyled but working widget.
function adoptStyles(doc: Document): void {
  const view = doc.defaultView;
  if (
    sheets.has(doc) ||
    !view ||
    !("adoptedStyleSheets" in doc) ||
    !("replaceSync" in view.CSSStyleSheet.prototype)
  ) {
    return;
  }
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  sheets.set(doc, sheet);
}
