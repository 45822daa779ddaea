import type { ContentFile, ContentIssue } from "../content/content-file.ts";
import { formatPath } from "../content/content-file.ts";
import {
  alertFields,
  officeFields,
  personFields,
  toAlert,
  toOffice,
  toPerson,
} from "./map-firm.ts";
import { blockSetting, withBlocks } from "./content-blocks.ts";
import type { FirmSet } from "./read-firm.ts";
import type { SyncSettings } from "./settings.ts";
import {
  toArticle,
  toDescription,
  toTaxon,
  toTaxonomy,
  toTransaction,
  type Item,
  type Mapped,
  type MappingSettings,
} from "./map-items.ts";

// The whole content after a sync, before validation: this site's current content with the
// service's taxonomies and taxa, the fetched deals and articles in place of the ones they
// replace, and without the removed ones. It then goes through the content file's validation
// like any import, so its problems are an import's problems, named here as an editor finds the
// item in Sitefinity: by set, Id and field.

/** A set of deals or articles after a sync: its Ids in the service's order, and what was fetched. */
export interface SyncedSet {
  order: readonly string[];
  fetched: ReadonlyMap<string, Item>;
}

/** What the content after a sync is made of: the site's current content and what the service gave. */
export interface SnapshotInput {
  current: ContentFile;
  mapping: MappingSettings;
  /** The service's industries and Tags taxonomies, as it sent them. */
  industries: Item;
  tags: Item;
  hierarchyTaxa: readonly Item[];
  flatTaxa: readonly Item[];
  deals: SyncedSet;
  articles: SyncedSet;
  /** The firm's sets the service has and the sync read; the others stay as this site holds them. */
  firm?: Partial<Record<FirmSet, SyncedSet>>;
  /** The firm's types' field names (the settings' renames over the defaults). */
  firmFields?: Pick<SyncSettings, "peopleFields" | "officesFields" | "alertsFields">;
  /** The content blocks read, by the path of the page whose body each gives. */
  blocks?: ReadonlyMap<string, Item>;
}

/** A document in the content file's shape, for parseContentFile. */
export interface Snapshot {
  taxonomies: Mapped[];
  hierarchyTaxa: Mapped[];
  flatTaxa: Mapped[];
  transactions: Mapped[];
  descriptions: Record<string, unknown>;
  articles: Mapped[];
  people: Mapped[];
  offices: Mapped[];
  alerts: Mapped[];
  site: Omit<ContentFile["site"], "pages"> & { pages: Mapped[] };
}

const byId = <T extends { Id: string }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.Id.toLowerCase(), item]));

/** Ids in order: the fetched item mapped (with the item this site holds), else the held item. */
function merge<T>(
  set: SyncedSet,
  held: Map<string, T>,
  map: (item: Item, held: T | undefined) => Mapped,
): Mapped[] {
  return set.order.flatMap((id) => {
    const fetched = set.fetched.get(id);
    if (fetched) return [map(fetched, held.get(id))];
    const kept = held.get(id);
    return kept ? [{ ...kept }] : [];
  });
}

/** The content after the sync, in the content file's shape; the site's settings stay. */
export function buildSnapshot(input: SnapshotInput): Snapshot {
  const { current, mapping, deals } = input;
  const heldDeals = byId(current.transactions);
  // The people this site keeps (a service without a people set) lose what the service removed,
  // as Sitefinity drops a deleted taxon from its items: an industry no longer listed.
  const industries = new Set(input.hierarchyTaxa.map((t) => String(t.Id).toLowerCase()));
  const { firm = {}, firmFields = {} } = input;
  const origin = mapping.origin;
  const heldPeople = byId(current.people);
  const synced = {
    people: firm.people
      ? merge(firm.people, heldPeople, (item, held) =>
          toPerson(item, personFields(firmFields.peopleFields), origin, held),
        )
      : null,
    offices: firm.offices
      ? merge(firm.offices, byId(current.offices), (item) =>
          toOffice(item, officeFields(firmFields.officesFields)),
        )
      : null,
    alerts: firm.alerts
      ? merge(firm.alerts, byId(current.alerts), (item) =>
          toAlert(item, alertFields(firmFields.alertsFields)),
        )
      : null,
  };
  const people: Mapped[] = (synced.people ?? (current.people as unknown as Mapped[])).map((p) => ({
    ...p,
    // Only the kept people: a synced person's industries are the service's to say.
    ...(synced.people === null
      ? {
          Industries: (p.Industries as string[]).filter((id) => industries.has(id.toLowerCase())),
        }
      : {}),
  }));
  const personIds = new Set(people.map((p) => String(p.Id).toLowerCase()));
  const transactions = merge(deals, heldDeals, (item, held) =>
    toTransaction(item, mapping, held),
  ).map((deal) =>
    Array.isArray(deal.DealTeam)
      ? {
          ...deal,
          DealTeam: (deal.DealTeam as unknown[]).filter(
            (id) => typeof id !== "string" || personIds.has(id.toLowerCase()),
          ),
        }
      : deal,
  );
  return {
    taxonomies: [toTaxonomy(input.tags, "tags"), toTaxonomy(input.industries, "industries")],
    hierarchyTaxa: input.hierarchyTaxa.map((item) => toTaxon(item, true)),
    flatTaxa: input.flatTaxa.map((item) => toTaxon(item, false)),
    transactions,
    descriptions:
      mapping.descriptionField === undefined
        ? current.descriptions
        : Object.fromEntries(
            descriptionEntries(input, heldDeals).map(({ key, html }) => [key, html]),
          ),
    articles: merge(input.articles, byId(current.articles), (item) => toArticle(item, mapping)),
    people,
    offices: synced.offices ?? current.offices,
    alerts: synced.alerts ?? current.alerts,
    site: input.blocks
      ? { ...current.site, pages: withBlocks(current.site.pages, input.blocks, origin) }
      : current.site,
  };
}

/** Each deal's description after the sync: the fetched HTML, else the HTML this site holds. */
function descriptionEntries(
  { current, mapping, deals }: SnapshotInput,
  heldDeals = byId(current.transactions),
) {
  return deals.order.flatMap((id): { id: string; key: string; html: unknown }[] => {
    const fetched = deals.fetched.get(id);
    const entry = fetched && toDescription(fetched, mapping);
    // A key that is not text still becomes a table key (as text), for validation to name.
    if (entry) return [{ id, key: String(entry[0]), html: entry[1] }];
    const key = heldDeals.get(id)?.Description;
    const html = key === undefined ? undefined : current.descriptions[key];
    return key === undefined || html === undefined ? [] : [{ id, key, html }];
  });
}

/**
 * Deals whose Description key is the same but whose description HTML differs: the table holds one
 * HTML per key, so one deal's text would silently show for the other. Keys with one HTML are fine.
 */
export function descriptionClashes(input: SnapshotInput): { key: string; ids: string[] }[] {
  if (input.mapping.descriptionField === undefined) return [];
  const byKey = new Map<string, { ids: string[]; htmls: Set<unknown> }>();
  for (const { id, key, html } of descriptionEntries(input)) {
    const entry = byKey.get(key) ?? { ids: [], htmls: new Set() };
    entry.ids.push(id);
    entry.htmls.add(html);
    byKey.set(key, entry);
  }
  return [...byKey].flatMap(([key, { ids, htmls }]) => (htmls.size > 1 ? [{ key, ids }] : []));
}

/** The names a report uses: the service's sets and fields, from the settings. */
export interface ServiceNames {
  transactionsSet: string;
  articlesSet: string;
  industriesField: string;
  tagsField: string;
  descriptionField?: string;
  counterpartyField?: string;
  serviceField?: string;
  peopleSet?: string | null;
  officesSet?: string | null;
  alertsSet?: string | null;
  peopleFields?: Partial<Record<string, string>>;
  officesFields?: Partial<Record<string, string>>;
  alertsFields?: Partial<Record<string, string>>;
}

/** A description clash as the sync reports it, with the service's set and field names. */
export function describeClash({ key, ids }: { key: string; ids: string[] }, names: ServiceNames) {
  return `${names.transactionsSet} ${ids.join(", ")}: Description "${key}" is shared, but their ${names.descriptionField} differs: give each deal its own Description`;
}

const SETS: Record<string, (names: ServiceNames) => string> = {
  taxonomies: () => "taxonomies",
  hierarchyTaxa: () => "hierarchy-taxa",
  flatTaxa: () => "flat-taxa",
  transactions: (names) => names.transactionsSet,
  articles: (names) => names.articlesSet,
  people: (names) => names.peopleSet ?? "people",
  offices: (names) => names.officesSet ?? "offices",
  alerts: (names) => names.alertsSet ?? "alerts",
};

const idOf = (item: Mapped | undefined) =>
  typeof item?.Id === "string" ? item.Id : JSON.stringify(item?.Id ?? null);

/**
 * A validation problem of the snapshot as the sync reports it: `newsitems 3f2a…: Tags[1]: no such
 * tag`, with the service's own set and field names (a deal's `industries` is its industries field).
 */
export function describeIssue(
  issue: ContentIssue,
  snapshot: Snapshot,
  names: ServiceNames,
): string {
  const [section, index, field, ...rest] = issue.path;
  if (section === "descriptions" && typeof index === "string") {
    const deals = snapshot.transactions.filter((t) => t.Description === index).map(idOf);
    const where = names.descriptionField ?? "descriptions";
    return `${names.transactionsSet} ${deals.join(", ") || `(Description ${index})`}: ${where}: ${issue.message}`;
  }
  if (section === "site" && index === "pages" && typeof field === "number") {
    const page = snapshot.site.pages[field];
    const block = page?.contentBlock as { Id?: unknown } | undefined;
    if (block !== undefined && typeof page?.path === "string")
      return `${blockSetting(page.path)} (content block ${String(block.Id)}): ${formatPath(rest)}: ${issue.message}`;
  }
  const set = typeof section === "string" ? SETS[section] : undefined;
  if (set === undefined || typeof index !== "number") {
    return `${formatPath(issue.path)}: ${issue.message}`;
  }
  const items = snapshot[section as keyof Snapshot] as Mapped[];
  const fields: Record<string, string | undefined> = {
    industries: names.industriesField,
    Tags: names.tagsField,
    Counterparty: names.counterpartyField,
    Service: names.serviceField,
    ...(section === "people" ? names.peopleFields : {}),
    ...(section === "offices" ? names.officesFields : {}),
    ...(section === "alerts" ? names.alertsFields : {}),
  };
  const renamed = (typeof field === "string" ? fields[field] : undefined) ?? field;
  const where = renamed === undefined ? "" : `${formatPath([renamed, ...rest])}: `;
  return `${set(names)} ${idOf(items[index])}: ${where}${issue.message}`;
}
