// The widgets' embed script: finds the placeholders and loads only the code of the
// widgets whose placeholder exists. Served as /embed.js for other sites, and bundled into the
// firm's own pages by Astro. Each widget reads its placeholder's data attributes (the web
// service to call and how its content is set up); by default it calls the API of the site that
// served this script.
import type { MountOptions } from "./widgets/shared/mount.tsx";

interface Mountable {
  mount(element: HTMLElement, options: MountOptions): () => void;
}

/** Placeholder id -> the widget's code, loaded only when that placeholder is on the page. */
export const WIDGETS: readonly { id: string; load: () => Promise<Mountable> }[] = [
  {
    id: "historicaltransactions",
    load: () => import("./widgets/historical-transactions/mount.tsx"),
  },
  { id: "topicsearch", load: () => import("./widgets/topic-search/mount.tsx") },
];

/** Mounts every widget whose placeholder is in the document; a failed load says so in its placeholder. */
export async function mountWidgets(doc: Document, scriptUrl: string): Promise<void> {
  await Promise.all(
    WIDGETS.map(async ({ id, load }) => {
      const element = doc.getElementById(id);
      if (!element || element.dataset.mounted) return;
      element.dataset.mounted = "true";
      try {
        (await load()).mount(element, { scriptUrl });
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

void mountWidgets(document, import.meta.url);
