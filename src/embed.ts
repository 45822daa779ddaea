// The widgets' embed script (DESIGN §4): finds the placeholders and loads only the code of the
// widgets whose placeholder exists. Served as /embed.js for other sites, and bundled into the
// firm's own pages by Astro. The widgets call the API of the site that served this script.

interface Mountable {
  mount(element: HTMLElement, options: { apiBase: string }): () => void;
}

/** Placeholder id -> the widget's code, loaded only when that placeholder is on the page. */
export const WIDGETS: readonly { id: string; load: () => Promise<Mountable> }[] = [
  {
    id: "historicaltransactions",
    load: () => import("./widgets/historical-transactions/mount.tsx"),
  },
  { id: "topicsearch", load: () => import("./widgets/topic-search/mount.tsx") },
];

/** '' when the page and this script share an origin, else the script's origin. */
export function apiBaseFor(scriptUrl: string, pageOrigin: string): string {
  const origin = new URL(scriptUrl).origin;
  return origin === pageOrigin ? "" : origin;
}

/** Mounts every widget whose placeholder is in the document; a failed load says so in its placeholder. */
export async function mountWidgets(doc: Document, apiBase: string): Promise<void> {
  await Promise.all(
    WIDGETS.map(async ({ id, load }) => {
      const element = doc.getElementById(id);
      if (!element || element.dataset.mounted) return;
      element.dataset.mounted = "true";
      try {
        (await load()).mount(element, { apiBase });
      } catch (error) {
        console.error(`Could not load the ${id} widget`, error);
        const message = doc.createElement("p");
        message.setAttribute("role", "alert");
        message.textContent = "This section could not be loaded. Please reload the page.";
        element.replaceChildren(message);
      }
    }),
  );
}

void mountWidgets(document, apiBaseFor(import.meta.url, location.origin));
