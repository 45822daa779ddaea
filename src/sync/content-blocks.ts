import type { Page } from "../content/site.ts";
import { normaliseDateTime } from "../rules/date-time.ts";
import { isGuid } from "../rules/taxonomies.ts";
import { absoluteUrls } from "./absolute-urls.ts";
import type { Item, Mapped } from "./map-items.ts";

// Plain pages' bodies from Sitefinity's shared content blocks (the `contentitems` set: `Id`,
// `Title`, `Content` HTML, `LastModified`), as the settings' `contentBlocks` name them: a page's
// path -> the block's Id or Title. A block's Content becomes the page's body, and the page keeps
// which block it came from, so that a later sync or a hook knows what feeds it. Pure: the requests
// are read-blocks.ts's.

/** The set of Sitefinity's shared content blocks. */
export const CONTENT_BLOCKS_SET = "contentitems";
/** The fields a block is read with. */
export const BLOCK_FIELDS = "Id,Title,Content,LastModified";

/** How a setting names its block: by Id (a GUID, lower case) or by Title. */
export type BlockReference = { id: string } | { title: string };

/** The block a setting's value names: a GUID is an Id, anything else a Title. */
export function blockReference(value: string): BlockReference {
  return isGuid(value) ? { id: value.toLowerCase() } : { title: value };
}

/** `$filter` for a block by Title, the title an OData string literal (a quote doubled). */
export const titleFilter = (title: string) => `Title eq '${title.replaceAll("'", "''")}'`;

/** A page's setting as messages name it: `contentBlocks["/about"]`. */
export const blockSetting = (path: string) => `contentBlocks[${JSON.stringify(path)}]`;

/** The settings' paths that this site has no page at, each as a problem naming its setting. */
export function missingPages(pages: readonly Page[], paths: Iterable<string>): string[] {
  const held = new Set(pages.map((p) => p.path));
  return [...paths]
    .filter((path) => !held.has(path))
    .map((path) => `${blockSetting(path)}: this site has no page at ${path}`);
}

/**
 * The pages with each block's Content (its addresses made absolute on `origin`, the web
 * service's) as the body of the page at its path, and the block named as its source. Nothing is
 * checked here: the content file's validation sanitises the HTML and names what does not fit.
 */
export function withBlocks(
  pages: readonly Page[],
  blocks: ReadonlyMap<string, Item>,
  origin: string,
): Mapped[] {
  return pages.map((page) => {
    const block = blocks.get(page.path);
    if (block === undefined) return { ...page };
    const content = block.Content ?? "";
    return {
      ...page,
      content: typeof content === "string" ? absoluteUrls(content, origin) : content,
      contentBlock: {
        Id: block.Id,
        Title: block.Title ?? "",
        LastModified: block.LastModified,
      },
    };
  });
}

/** Whether every page fed by a block already holds that block's copy (its Id and LastModified). */
export function isEveryBlockHeld(
  pages: readonly Page[],
  blocks: ReadonlyMap<string, Item>,
): boolean {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  return [...blocks].every(([path, block]) => {
    const held = byPath.get(path)?.contentBlock;
    return (
      held !== undefined &&
      held.Id === String(block.Id).toLowerCase() &&
      typeof block.LastModified === "string" &&
      held.LastModified === normaliseDateTime(block.LastModified)
    );
  });
}

/**
 * The paths a hook for the blocks `ids` refreshes: those whose setting names one of them by Id or
 * whose page holds one of them; when none does (a block named by a Title it has only just been
 * given, say), every path the settings name.
 */
export function pathsForBlocks(
  settings: Readonly<Record<string, string>>,
  pages: readonly Page[],
  ids: ReadonlySet<string>,
): string[] {
  const heldId = new Map(pages.map((p) => [p.path, p.contentBlock?.Id]));
  const all = Object.keys(settings);
  const named = all.filter((path) => {
    const ref = blockReference(settings[path]!);
    return ("id" in ref && ids.has(ref.id)) || ids.has(heldId.get(path) ?? "");
  });
  return named.length > 0 ? named : all;
}
