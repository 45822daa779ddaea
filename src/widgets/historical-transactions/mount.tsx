// Mounts the widget into a placeholder element, on the firm's pages or on another system's page.
import { mountWidget, type MountOptions } from "../shared/mount.tsx";
import { readDescriptions } from "./descriptions.ts";
import { HistoricalTransactions } from "./HistoricalTransactions.tsx";
import stylesheet from "./styles.css?url";

/** Renders the widget into `element` (the `#historicaltransactions` placeholder); returns an unmount. */
export function mount(element: HTMLElement, options: MountOptions): () => void {
  return mountWidget(element, options, {
    subject: "The transactions",
    stylesheet,
    rootClass: "ht",
    errorClass: "ht-error",
    render: (config, doc) => (
      <HistoricalTransactions config={config} descriptions={readDescriptions(doc)} />
    ),
  });
}
