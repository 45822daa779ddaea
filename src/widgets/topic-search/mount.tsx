// Mounts Topics A – Z into a placeholder element, on the firm's pages or on another system's page.
import { mountWidget, type MountOptions } from "../shared/mount.tsx";
import css from "./styles.css?inline";
import { TopicSearch } from "./TopicSearch.tsx";

/** Renders Topics A – Z into `element` (the `#topicsearch` placeholder); returns an unmount. */
export function mount(element: HTMLElement, options: MountOptions): () => void {
  return mountWidget(element, options, {
    subject: "The topics",
    css,
    rootClass: "ts",
    errorClass: "ts-error",
    render: (config) => <TopicSearch config={config} />,
  });
}
