import { userInfo } from "node:os";
import type { Db } from "../../db/connect.ts";
import { contentRevision } from "../../db/repositories/content-repository.ts";
import { lastDeployedBuild } from "../../db/repositories/record-index.ts";
import { appendToRecord, type RecordQueries } from "../../db/repositories/record-repository.ts";
import type { Cause } from "../../record/cause.ts";
import { canonicalJson, entry } from "../../record/chain.ts";
import { ALL } from "../../rules/cache-tags.ts";
import { now } from "./capture-writer.ts";

// Changes that no content write makes but that change every page all the same: a new build
// (a template changes every page) and a baseline asked for by hand. Each goes into the record
// as a change touching everything, owed a capture like any write.

/** Appends a change touching every page, at the content's current revision. */
async function appendWhole(db: Db, cause: Cause, unless?: (tx: RecordQueries) => Promise<boolean>) {
  const { entries } = await appendToRecord(db, [], async (tx) => {
    if (unless !== undefined && (await unless(tx))) return [];
    const revision = await contentRevision({ ...db, kysely: tx });
    return [
      entry("change", now(), { Revision: revision, Detail: canonicalJson({ cause, tags: [ALL] }) }),
    ];
  });
  return entries.length > 0;
}

/**
 * Notes a start on build `build` when the record's last deploy was another build (or none: the
 * first start's baseline). Checked and appended in one locked transaction, so that of instances
 * starting together on one database, the first notes it and the others find it noted.
 * Resolves true when it was this call that noted it.
 */
export function recordDeploy(db: Db, build: string): Promise<boolean> {
  return appendWhole(
    db,
    { type: "deploy", build },
    async (tx) => (await lastDeployedBuild(tx)) === build,
  );
}

/** Notes a full capture asked for by hand (`archive capture --all`), by this OS user. */
export async function recordBaseline(db: Db): Promise<void> {
  await appendWhole(db, { type: "baseline", user: osUser() });
}

/** The operating-system user running this process, for a cause. */
export function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "unknown";
  }
}
