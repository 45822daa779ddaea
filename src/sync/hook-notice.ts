import { z } from "zod";
import { normaliseDateTime, wholeSecond } from "../rules/date-time.ts";
import { isGuid } from "../rules/taxonomies.ts";
import type { SyncSettings } from "./settings.ts";

// A Sitefinity service hook's payload, read as a notice that one item changed, never as the
// content itself: its fields are not the ones the site shows, and the trigger key (published,
// unpublished, deleted) is not in it. The item is then fetched by its Id from the set its type
// names (sync-items.ts). The payload's `Item.Id` is the live item's Id, the one the web services
// know; `OriginalEvent.OriginalContentId` says the same when `Item` lacks it, and a deletion's
// payload has no item at all (`"Item": null`). A published or unpublished item's payload carries
// its `LastModified`: the service may answer with an older copy for a while after the hook (its
// output cache), and the sync asks again until it gets this one (docs/sitefinity.md).

const guid = z.string().refine(isGuid, "not a GUID");
const itemType = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.+`]{0,299}$/, "not an item type");

// What the payload says of who and of approval, for the site's record: kept as text when it is
// short text, left out otherwise (it never refuses a hook).
const said = z.string().max(200).optional().catch(undefined);

const payloadSchema = z.object({
  Item: z
    .looseObject({
      Id: guid.optional(),
      LastModified: z.unknown().optional(),
      UserId: said,
      ApprovalWorkflowState: said,
    })
    .nullish(),
  OriginalEvent: z.looseObject({
    ItemType: itemType,
    OriginalContentId: guid.nullish(),
    Action: z.string().max(100).nullish(),
    Status: z.string().max(100).nullish(),
    UserId: said,
    ApprovalWorkflowState: said,
  }),
});

/** One changed item, as a hook names it. */
export interface ItemNotice {
  /** OriginalEvent.ItemType: the item's .NET type. */
  readonly itemType: string;
  /** The live item's Id, lower case. */
  readonly id: string;
  /** Item.LastModified as the API writes a date-time: the save the hook tells of (none: a deletion). */
  readonly lastModified?: string;
  /** For the site's record: OriginalEvent.Action, and the user and approval state said. */
  readonly action?: string;
  readonly userId?: string;
  readonly approval?: string;
}

/** The notice a hook's JSON body gives, or what is wrong with it. */
export function readHookPayload(
  body: unknown,
): { ok: true; notice: ItemNotice } | { ok: false; problem: string } {
  const result = payloadSchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, problem: `${issue.path.join(".") || "(body)"}: ${issue.message}` };
  }
  const { Item, OriginalEvent } = result.data;
  const id = Item?.Id ?? OriginalEvent.OriginalContentId;
  if (!id)
    return {
      ok: false,
      problem: Item ? "Item.Id: missing" : "OriginalEvent.OriginalContentId: missing",
    };
  // A date the site cannot read is no reason to refuse the hook: the item is then taken as served.
  const lastModified =
    typeof Item?.LastModified === "string" ? normaliseDateTime(Item.LastModified) : null;
  const told = {
    action: OriginalEvent.Action ?? undefined,
    userId: OriginalEvent.UserId ?? Item?.UserId,
    approval: Item?.ApprovalWorkflowState ?? OriginalEvent.ApprovalWorkflowState,
  };
  return {
    ok: true,
    notice: {
      itemType: OriginalEvent.ItemType,
      id: id.toLowerCase(),
      ...(lastModified === null ? {} : { lastModified }),
      ...Object.fromEntries(Object.entries(told).filter(([, value]) => value !== undefined)),
    },
  };
}

/**
 * Whether the service answered with a copy saved before the one the hook tells of (its output
 * cache may serve the old copy for a while). The payload keeps whole seconds and the service a
 * fraction, so one save may differ by a second between them (rounded on one side, cut on the
 * other): only a copy older by more than that is an old copy. An item without a LastModified on
 * either side is taken as it is.
 */
export function isOlderThanNotice(notice: ItemNotice, served: unknown): boolean {
  if (notice.lastModified === undefined || typeof served !== "string") return false;
  const [was, is] = [wholeSecond(served), wholeSecond(notice.lastModified)];
  return was !== null && is !== null && was < is - 1;
}

/**
 * Where a notice's item is looked for: a set the site syncs, both deal and article sets (a module
 * type the settings do not map), the taxonomies (a taxon: they are refreshed whole), the people
 * whose photo it is (an image), the content blocks that feed pages' bodies, or nowhere (an item
 * type the site does not sync, such as a form entry).
 */
export type NoticeTarget =
  | "transactions"
  | "articles"
  | "either"
  | "taxa"
  | "people"
  | "offices"
  | "alerts"
  | "image"
  | "blocks"
  | "ignored";

const TAXON_TYPES = /^Telerik\.Sitefinity\.Taxonomies\.Model\./;
const NEWS_ITEM = "Telerik.Sitefinity.News.Model.NewsItem";
const MODULE_TYPES = "Telerik.Sitefinity.DynamicTypes.Model.";
// A shared content block: Sitefinity has no trigger for them, but a firm may add one.
const CONTENT_ITEM = "Telerik.Sitefinity.GenericContent.Model.ContentItem";
// Form responses are module types too, named sf_<form>.
const FORM_ENTRIES = /^Telerik\.Sitefinity\.DynamicTypes\.Model\.sf_/i;
/** An image of the Images library: people show it as their Photo. */
export const IMAGE_TYPE = "Telerik.Sitefinity.Libraries.Model.Image";
/** The firm's types by their default names, each read from its set unless `itemTypes` says else. */
export const FIRM_TYPES = {
  people: "Telerik.Sitefinity.DynamicTypes.Model.People.Person",
  offices: "Telerik.Sitefinity.DynamicTypes.Model.Offices.Office",
  alerts: "Telerik.Sitefinity.DynamicTypes.Model.Alerts.Alert",
} as const;

const sameType = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function noticeTarget(settings: SyncSettings, type: string): NoticeTarget {
  if (TAXON_TYPES.test(type)) return "taxa";
  if (sameType(type, CONTENT_ITEM))
    return Object.keys(settings.contentBlocks ?? {}).length > 0 ? "blocks" : "ignored";
  if (sameType(type, IMAGE_TYPE)) return settings.peopleSet === null ? "ignored" : "image";
  const mapped = Object.entries(settings.itemTypes ?? {}).find(([name]) =>
    sameType(name, type),
  )?.[1];
  const firm = {
    people: settings.peopleSet,
    offices: settings.officesSet,
    alerts: settings.alertsSet,
  };
  const sets = Object.keys(firm) as (keyof typeof firm)[];
  if (mapped !== undefined) {
    if (mapped === settings.transactionsSet) return "transactions";
    if (mapped === settings.articlesSet) return "articles";
    return sets.find((set) => firm[set] === mapped) ?? "ignored";
  }
  // The firm's types by their default names, with or without item types mapped; a set turned
  // off (null) is not read.
  const byDefault = sets.find((set) => sameType(type, FIRM_TYPES[set]));
  if (byDefault !== undefined) return firm[byDefault] === null ? "ignored" : byDefault;
  if (type === NEWS_ITEM && settings.articlesSet === "newsitems") return "articles";
  // With item types mapped, the firm named every type it syncs.
  if (settings.itemTypes !== undefined || FORM_ENTRIES.test(type)) return "ignored";
  return type.startsWith(MODULE_TYPES) ? "either" : "ignored";
}
