import {
  BLOCK_FIELDS,
  blockReference,
  blockSetting,
  CONTENT_BLOCKS_SET,
  titleFilter,
} from "./content-blocks.ts";
import type { Item } from "./map-items.ts";
import { SyncError, type ServiceClient } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";

// The content blocks the settings name, read as Sitefinity's own renderers read them: by Id
// (`contentitems(<id>)`) or by Title (`$filter=Title eq '…'`). A block that is not there fails
// the sync, naming its setting: a misspelt Title must not blank a page. A service without the
// set at all (404 for it) is skipped, and the pages keep their text.

/** The blocks read, by page path; or `read: false` when the service has no content blocks. */
export type BlocksReading = { read: true; blocks: Map<string, Item> } | { read: false };

/** Whether an error is the service's 404. */
const isNotFound = (error: unknown) => error instanceof SyncError && error.status === 404;

/** An Id no item has: asking the set for it tells whether the set exists at all. */
const NO_ID = "00000000-0000-0000-0000-000000000000";

/** Reads the blocks the settings name for `paths` (every path the settings name by default). */
export async function readContentBlocks(
  client: ServiceClient,
  settings: Pick<SyncSettings, "contentBlocks">,
  paths: readonly string[] = Object.keys(settings.contentBlocks ?? {}),
): Promise<BlocksReading> {
  const named = settings.contentBlocks ?? {};
  const select = { $select: BLOCK_FIELDS };
  let isSetMissing = false;
  const found = await Promise.all(
    paths.map(async (path): Promise<[string, Item | null]> => {
      const ref = blockReference(named[path]!);
      if ("id" in ref) {
        const item = await client
          .item(CONTENT_BLOCKS_SET, ref.id, select)
          .catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
        return [path, item];
      }
      const rows = await client
        .list(CONTENT_BLOCKS_SET, { ...select, $filter: titleFilter(ref.title) })
        .catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
          isSetMissing = true;
          return [];
        });
      if (rows.length > 1)
        throw new SyncError(
          `${blockSetting(path)}: ${rows.length} content blocks are titled "${ref.title}": name the block by its Id`,
        );
      return [path, rows[0] ?? null];
    }),
  );
  const missing = found.filter(([, item]) => item === null).map(([path]) => path);
  if (missing.length > 0 && !isSetMissing)
    isSetMissing = await client
      .list(CONTENT_BLOCKS_SET, { $select: "Id", $filter: `Id eq ${NO_ID}` })
      .then(
        () => false,
        (error: unknown) => (isNotFound(error) ? true : Promise.reject(error)),
      );
  if (isSetMissing) return { read: false };
  if (missing.length > 0)
    throw new SyncError(
      missing
        .map((path) => {
          const ref = blockReference(named[path]!);
          const what = "id" in ref ? `with the Id ${ref.id}` : `titled "${ref.title}"`;
          return `${blockSetting(path)}: the web service has no published content block ${what}; nothing was changed`;
        })
        .join("\n"),
    );
  return { read: true, blocks: new Map(found as [string, Item][]) };
}
