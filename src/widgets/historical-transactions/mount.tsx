// Mounts the widget into a placeholder element, on the firm's pages or on another system's page.
import { StrictMode } from "react";
import { WidgetErrorBoundary } from "../shared/WidgetErrorBoundary.tsx";
import { createRoot } from "react-dom/client";
import { readDescriptions } from "./descriptions.ts";
import { HistoricalTransactions } from "./HistoricalTransactions.tsx";
import css from "./styles.css?inline";

let sheet: CSSStyleSheet | null = null;

/**
 * Adds the widget's stylesheet to the document once. A constructed sheet is used because host
 * pages' CSP may forbid inline <style>; browsers without adoptedStyleSheets get no widget styles.
 */
function adoptStyles(doc: Document): void {
  if (!("adoptedStyleSheets" in doc) || typeof CSSStyleSheet !== "function") return;
  if (sheet === null) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  if (!doc.adoptedStyleSheets.includes(sheet)) {
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
}

/** Renders the widget into `element`; returns a function that unmounts it. */
export function mount(element: HTMLElement, options: { apiBase: string }): () => void {
  const doc = element.ownerDocument;
  adoptStyles(doc);
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <WidgetErrorBoundary subject="The transactions">
        <HistoricalTransactions apiBase={options.apiBase} descriptions={readDescriptions(doc)} />
      </WidgetErrorBoundary>
    </StrictMode>,
  );
  return () => root.unmount();
}
