import { loadData } from "../widgets/historical-transactions/load-data.ts";
import { listReader } from "../widgets/shared/api-client.ts";
import { readConfig, type WidgetConfig } from "../widgets/shared/config.ts";
import { loadTopics } from "../widgets/topic-search/load-topics.ts";

// A widget draws its table in the browser from the API: a page kept without those replies
// replays as an empty widget. So the record makes the widget's own requests, with the widget's
// own code (its placeholder's attributes read as the widget reads them, the same calls, the same
// next links), against the site itself: the replies are kept under exactly the addresses the
// widget asks for, percent-encoding included, as a replay must find them.

type Loader = (config: WidgetConfig, list: ReturnType<typeof listReader>) => Promise<unknown>;

/** Each widget's placeholder id (as src/embed.ts finds it) and what it asks of the API. */
export const WIDGET_LOADERS: Readonly<Record<string, Loader>> = {
  historicaltransactions: loadData,
  topicsearch: loadTopics,
};

/** The placeholder ids the record looks for on a page. */
export const WIDGET_IDS: ReadonlySet<string> = new Set(Object.keys(WIDGET_LOADERS));

/**
 * Makes the requests the widget on `pageUrl` (absolute) makes, through `fetcher` (which keeps
 * what it answers), with the placeholder's `attributes`. A widget set up wrong, or whose service
 * fails, is left as it would show a visitor: whatever it asked is kept, and nothing more.
 */
export async function requestAsWidget(
  id: string,
  attributes: Readonly<Record<string, string>>,
  pageUrl: string,
  fetcher: typeof fetch,
): Promise<void> {
  const load = WIDGET_LOADERS[id];
  if (load === undefined) return;
  // The site's own pages load the widgets from a script on their own origin.
  const scriptUrl = new URL("/", pageUrl).href;
  const setup = readConfig((name) => attributes[name] ?? null, scriptUrl, pageUrl);
  if (!setup.ok) return;
  const list = listReader(setup.config.apiBase, new AbortController().signal, fetcher);
  await load(setup.config, list).catch(() => {
    // What a visitor would have seen is an error in the widget; the replies that led to it
    // are kept.
  });
}
