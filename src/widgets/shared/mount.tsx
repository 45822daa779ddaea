// Mounting a widget into its placeholder, on the firm's pages or on another system's page.
import type { ReactNode } from "react";
import { StrictMode, startTransition } from "react";
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
  /**
   * The address of the widget's stylesheet, a CSS file of its own (not a string in its script):
   * the firm's pages link it; on another site's page the widget fetches and adopts it.
   */
  stylesheet: string;
  /**
   * The class of the widget's root element. Its stylesheet declares `--{rootClass}-styled` on it,
   * which tells whether the page has the stylesheet already.
   */
  rootClass: string;
  /** The class of the widget's error box, from its own stylesheet. */
  errorClass: string;
  render: (config: WidgetConfig, doc: Document) => ReactNode;
}

/** A token every page of the firm's declares: where it is missing, the widget brings its own. */
const BRAND_PROBE = "--color-brand";

// One constructed sheet per stylesheet and document, adopted once however often a widget mounts.
const sheets = new WeakMap<Document, Map<string, Promise<void>>>();

// A constructed sheet, not a <style> element, because host pages' CSP may forbid inline styles.
// Browsers without constructable sheets (before Safari 16.4) get an unstyled but working widget.
function adoptStyles(doc: Document, key: string, css: () => Promise<string>): Promise<void> {
  const view = doc.defaultView;
  if (!view || !("adoptedStyleSheets" in doc) || !("replaceSync" in view.CSSStyleSheet.prototype))
    return Promise.resolve();
  const adopted = sheets.get(doc) ?? new Map<string, Promise<void>>();
  sheets.set(doc, adopted);
  const known = adopted.get(key);
  if (known) return known;
  const done = css().then((text) => {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(text);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  });
  adopted.set(key, done);
  return done;
}

/** Does the page already style elements of this class (does it link the widget's stylesheet)? */
function hasStylesheet(element: HTMLElement, rootClass: string): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) return true;
  const probe = element.ownerDocument.createElement("div");
  probe.className = rootClass;
  probe.hidden = true;
  element.append(probe);
  const styled = view.getComputedStyle(probe).getPropertyValue(`--${rootClass}-styled`).trim();
  probe.remove();
  return styled !== "";
}

/** How long a widget on another site's page may stay hidden waiting for its stylesheet. */
const STYLESHEET_WAIT_MS = 3000;

/**
 * Brings the widget's styles where the page lacks them: the brand's tokens (the firm's pages
 * declare them on their root) and the widget's stylesheet (the firm's pages link it). The
 * placeholder stays hidden until the stylesheet is in, so no unstyled widget flashes; after a
 * failed or slow fetch the widget shows unstyled, still working.
 */
function bringStyles(element: HTMLElement, widget: WidgetDefinition): void {
  const doc = element.ownerDocument;
  const view = doc.defaultView;
  if (view && view.getComputedStyle(element).getPropertyValue(BRAND_PROBE).trim() === "") {
    void adoptStyles(doc, `brand-tokens:${widget.rootClass}`, () =>
      import("./brand-tokens.ts").then(({ scopedTokens }) =>
        scopedTokens(widget.rootClass, widget.errorClass),
      ),
    ).catch(() => {});
  }
  if (hasStylesheet(element, widget.rootClass)) return;
  element.style.visibility = "hidden";
  const show = () => element.style.removeProperty("visibility");
  const timer = setTimeout(show, STYLESHEET_WAIT_MS);
  adoptStyles(doc, widget.stylesheet, async () => {
    const response = await fetch(widget.stylesheet);
    if (!response.ok) throw new Error(`${widget.stylesheet}: ${response.status}`);
    return response.text();
  })
    .catch((error: unknown) => console.error(`${widget.subject}: no stylesheet`, error))
    .finally(() => {
      clearTimeout(timer);
      show();
    });
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
  bringStyles(element, widget);
  const setup = readConfig((name) => element.getAttribute(name), scriptUrl, doc.location.href);
  if (!setup.ok) {
    console.error(`${widget.subject} cannot be shown: ${setup.problems.join("; ")}`);
  }
  const stopKeepingFocus = keepFocusInView(element);
  const root = createRoot(element);
  // A transition, so that React draws the widget in slices, yielding to the browser between
  // components, rather than in one long task while the page is still loading; the placeholder's
  // own markup (the server's skeleton) shows until it is done.
  startTransition(() =>
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
    ),
  );
  return () => {
    stopKeepingFocus();
    root.unmount();
  };
}
