// Mounts Topics A – Z into a placeholder element, on the firm's pages or on another system's page.
import { mountWidget, type MountOptions } from "../shared/mount.tsx";
import stylesheet from "./styles.css?url";
import { readTitleSetting } from "./title.ts";
import { TopicSearch } from "./TopicSearch.tsx";

/** Renders Topics A – Z into `element` (the `#topicsearch` placeholder); returns an unmount. */
export function mount(element: HTMLElement, options: MountOptions): () => void {
  const title = readTitleSetting(element.getAttribute("data-title"));
  if (title.problem) console.warn(`The topics: ${title.problem}`);
  // What the page drew in the placeholder before the script ran (the firm's /topics draws the
  // widget's shape): its height is kept while the topics load, so the page below stays put.
  const reservedHeight = element.getBoundingClientRect().height;
  return mountWidget(element, options, {
    subject: "The topics",
    stylesheet,
    rootClass: "ts",
    errorClass: "ts-error",
    render: (config) => (
      <TopicSearch config={config} isTitled={title.isShown} reservedHeight={reservedHeight} />
    ),
  });
}
