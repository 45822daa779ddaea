// Mounting a widget into its placeholder, on the firm's pages or on another system's page.
import type { ReactNode } from "react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readConfig, type WidgetConfig } from "./config.ts";
import { keepFocusInView } from "./keep-focus-in-view.ts";
import { WidgetErrorBoundary } from "./WidgetErrorBoundary.tsx";

/** What `/embed.js` hands each widget's mount. */
export interface MountOptions {
  /** The address of the script that loaded the widget: the default web service is on its origin. */
  scriptUrl: string;
}

/** How one widget mounts: what it is called, its stylesheet, and how it renders once set up. */
export interface WidgetDefinition {
  /** For messages: "The transactions", "The topics". */
  subject: string;
  css: string;
  /** The class of the widget's root element, from its own stylesheet. */
  rootClass: string;
  /** The class of the widget's error box, from its own stylesheet. */
  errorClass: string;
  render: (config: WidgetConfig, doc: Document) => ReactNode;
}

/** A token every page of the firm's declares: where it is missing, the widget brings its own. */
const BRAND_PROBE = "--color-brand";

// One constructed sheet per stylesheet and document, adopted once however often a widget mounts.
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

// A constructed sheet, not a <style> element, because host pages' CSP may forbid inline styles.
// Browsers without constructable sheets (before Safari 16.4) get an unstyled but working widget.
function adoptStyles(doc: Document, css: string): void {
  const view = doc.defaultView;
  if (!view || !("adoptedStyleSheets" in doc) || !("replaceSync" in view.CSSStyleSheet.prototype))
    return;
  const adopted = sheets.get(doc) ?? new Map<string, CSSStyleSheet>();
  sheets.set(doc, adopted);
  if (adopted.has(css)) return;
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  adopted.set(css, sheet);
}

/**
 * Renders a widget into `element` with its stylesheet, configured by the placeholder's data
 * attributes. A bad attribute is named in the console and the widget shows that it is not set
 * up, never a blank placeholder. Focus already past the placeholder stays in the window as the
 * widget draws (keep-focus-in-view.ts). Returns a function that unmounts it.
 */
export function mountWidget(
  element: HTMLElement,
  { scriptUrl }: MountOptions,
  widget: WidgetDefinition,
): () => void {
  const doc = element.ownerDocument;
  adoptStyles(doc, widget.css);
  // The firm's own pages declare the brand's tokens on their root; another site's page does not,
  // and only there is the widget's copy of them fetched and adopted.
  const view = doc.defaultView;
  if (view && view.getComputedStyle(element).getPropertyValue(BRAND_PROBE).trim() === "") {
    void import("./brand-tokens.ts").then(({ scopedTokens }) =>
      adoptStyles(doc, scopedTokens(widget.rootClass, widget.errorClass)),
    );
  }
  const setup = readConfig((name) => element.getAttribute(name), scriptUrl, doc.location.href);
  if (!setup.ok) {
    console.error(`${widget.subject} cannot be shown: ${setup.problems.join("; ")}`);
  }
  const stopKeepingFocus = keepFocusInView(element);
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <WidgetErrorBoundary subject={widget.subject}>
        {setup.ok ? (
          widget.render(setup.config, doc)
        ) : (
          <div className={widget.errorClass} role="alert">
            <p>{widget.subject} cannot be shown: this page sets the widget up wrongly.</p>
            <p>The site&apos;s web team can find the details in the browser&apos;s console.</p>
          </div>
        )}
      </WidgetErrorBoundary>
    </StrictMode>,
  );
  return () => {
    stopKeepingFocus();
    root.unmount();
  };
}
