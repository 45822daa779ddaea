import { parseContentFile } from "../content/content-file.ts";
import type { Db } from "../db/connect.ts";
import { contentRevision, readContent } from "../db/repositories/content-repository.ts";
import { contentChangeTags } from "./change-tags.ts";
import { CONTENT_BLOCKS_SET, missingPages, pathsForBlocks, withBlocks } from "./content-blocks.ts";
import { isOlderThanNotice, type ItemNotice } from "./hook-notice.ts";
import { readContentBlocks } from "./read-blocks.ts";
import type { SyncReport } from "./report.ts";
import { SyncRefusedError, writeContent, type SyncOptions } from "./run-sync.ts";
import { createServiceClient } from "./service-client.ts";
import { describeIssue, type Snapshot } from "./snapshot.ts";

// A hook for a shared content block (a trigger the firm added for Sitefinity's ContentItem type):
// the blocks that feed pages' bodies are read again at once, rather than at the next scheduled
// sync. The block the hook names, when a page takes it; else every block the settings name (the
// hook's block may be one named by a Title it has just been given). The pages' bodies change in
// the whole content, validated as an import is, and written through the import's path: a block
// change touches only its page and the search (change-tags.ts).

/** What a run of block hooks is told: the settings, the key, and the hooks' notices. */
export type BlockSyncOptions = Pick<SyncOptions, "settings" | "accessKey" | "client" | "cause"> & {
  notices: readonly ItemNotice[];
};

/** Reads the blocks the notices name again and writes the pages they feed; under the sync lock. */
export async function syncBlocks(
  db: Db,
  { settings, accessKey, client: clientOptions, cause, notices }: BlockSyncOptions,
  started: number,
): Promise<SyncReport> {
  const revision = await contentRevision(db);
  const client = createServiceClient({ ...clientOptions, service: settings.service, accessKey });
  const current = await readContent(db);
  const named = settings.contentBlocks ?? {};
  const ids = new Set(notices.map((n) => n.id));
  const paths = pathsForBlocks(named, current.site.pages, ids);
  const problems = missingPages(current.site.pages, paths);
  if (problems.length > 0) throw new SyncRefusedError(problems);
  const reading = await readContentBlocks(client, settings, paths);
  const report = (
    outcome: SyncReport["outcome"],
    after: number,
    rest: Partial<SyncReport> = {},
  ): SyncReport => ({
    outcome,
    sets: [],
    requests: client.requests,
    fetched: reading.read ? reading.blocks.size : 0,
    revision: after,
    seconds: (performance.now() - started) / 1000,
    ...rest,
  });
  if (!reading.read)
    return report("unchanged", revision, {
      tags: [],
      skipped: [{ set: CONTENT_BLOCKS_SET, reason: "missing" }],
    });
  // A block served in an older copy than its hook's is asked for again later, not written.
  const askAgain = notices.filter((notice) =>
    [...reading.blocks.values()].some(
      (block) =>
        String(block.Id).toLowerCase() === notice.id &&
        isOlderThanNotice(notice, block.LastModified),
    ),
  );
  const late = new Set(askAgain.map((n) => n.id));
  const blocks = new Map(
    [...reading.blocks].filter(([, block]) => !late.has(String(block.Id).toLowerCase())),
  );
  const origin = new URL(settings.service).origin;
  const snapshot = {
    ...current,
    site: { ...current.site, pages: withBlocks(current.site.pages, blocks, origin) },
  };
  const parsed = parseContentFile(snapshot);
  if (!parsed.ok)
    throw new SyncRefusedError(
      parsed.issues.map((issue) => describeIssue(issue, snapshot as unknown as Snapshot, settings)),
    );
  const again = askAgain.length > 0 ? { askAgain } : {};
  // A hook for a block as the pages already hold it (sent twice, say) writes nothing.
  if (contentChangeTags(current, parsed.content).length === 0)
    return report("unchanged", revision, { tags: [], ...again });
  const written = await writeContent(db, current, parsed.content, origin, {
    revision,
    signal: clientOptions?.signal,
    cause,
  });
  return report("written", written.revision, {
    tags: written.tags,
    images: written.images,
    ...again,
  });
}
