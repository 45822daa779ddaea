import { readFileSync } from "node:fs";
import { z } from "zod";
import { isPlainPagePath } from "../rules/site-paths.ts";
import { isTimeZone } from "../rules/time-zones.ts";

// The sync's settings file (docs/sitefinity.md): where the firm's Sitefinity web service is and
// how its content is set up. Only `service` is required; the defaults are Sitefinity's own names
// and this site's. The access key is not a setting: it comes from SITEFINITY_ACCESS_KEY only, so
// it never sits in a file next to them.

// Entity sets and fields as OData names them; the same rule as the widgets' data attributes.
const identifier = z
  .string({ error: "not text" })
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, "not a set or field name (letters, digits and _)");
const taxonomyName = z
  .string({ error: "not text" })
  .trim()
  .min(1, "empty")
  .max(100, "longer than 100 characters");

/** A type's fields renamed: this site's name for a field -> the firm's (`{"JobTitle": "Position"}`). */
const fieldNames = <const K extends readonly [string, ...string[]]>(keys: K) =>
  z.partialRecord(z.enum(keys), identifier).optional();

/** A site page's path, as the content file writes it. */
const PAGE_PATH = /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/**
 * Plain pages' bodies from Sitefinity's shared content blocks: a page's path -> the block's Id
 * (a GUID) or its Title. A path that is not a plain page's is refused here; one that this site
 * has no page at, by the sync.
 */
const contentBlocks = z
  .record(
    z.string(),
    z
      .string({ error: "not text (the content block's Id or Title)" })
      .trim()
      .min(1, "empty (the content block's Id or Title)")
      .max(300, "longer than 300 characters")
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "control characters"),
  )
  .superRefine((blocks, ctx) => {
    for (const path of Object.keys(blocks)) {
      if (!PAGE_PATH.test(path))
        ctx.addIssue({
          code: "custom",
          path: [path],
          message: "not a page path (lower-case words and hyphens, e.g. /about)",
        });
      else if (!isPlainPagePath(path))
        ctx.addIssue({
          code: "custom",
          path: [path],
          message: "not a plain page of this site (an industry hub's introduction is not one)",
        });
    }
  })
  .optional();

/** The People type's fields this site reads, by their default names. */
export const PERSON_FIELDS = [
  "Title",
  "FirstName",
  "LastName",
  "JobTitle",
  "Biography",
  "Email",
  "Phone",
  "Industries",
  "Photo",
  "Ordinal",
] as const;
/** The Offices type's fields. */
export const OFFICE_FIELDS = ["Title", "Address", "Phone", "Email", "Ordinal"] as const;
/** The Alerts type's fields. */
export const ALERT_FIELDS = ["Title", "LinkTitle", "LinkUrl"] as const;

const settingsSchema = z.strictObject({
  service: z
    .url({ protocol: /^https?$/, error: "not an http(s) URL" })
    .refine((s) => !/[?#]/.test(s), "must not carry a query or a fragment")
    // A user name or password here would end up in messages and logs; the key has its own place.
    .refine(
      (s) => !/^[a-z]+:\/\/[^/]*@/i.test(s),
      "must not hold a user name or password (the access key goes in SITEFINITY_ACCESS_KEY)",
    )
    .transform((s) => s.replace(/\/+$/, "")),
  transactionsSet: identifier.default("transactions"),
  articlesSet: identifier.default("newsitems"),
  industriesTaxonomy: taxonomyName.default("industries"),
  tagsTaxonomy: taxonomyName.default("Tags"),
  industriesField: identifier.default("industries"),
  tagsField: identifier.default("Tags"),
  descriptionField: identifier.optional(),
  // The deal's counterparty and the firm's role in it (its service), each a short text field of
  // the firm's own naming; without them the sync leaves the site's values as they are.
  counterpartyField: identifier.optional(),
  serviceField: identifier.optional(),
  timeZone: z
    .string({ error: "not text" })
    .refine(isTimeZone, "not an IANA time zone (e.g. Europe/London)")
    .default("UTC"),
  // The firm's people, offices and alerts: dynamic types whose sets have these names unless said;
  // null turns one off. A set the service does not have (404) is skipped, and the site keeps what
  // it holds of it.
  peopleSet: identifier.nullable().default("people"),
  officesSet: identifier.nullable().default("offices"),
  alertsSet: identifier.nullable().default("alerts"),
  peopleFields: fieldNames(PERSON_FIELDS),
  officesFields: fieldNames(OFFICE_FIELDS),
  alertsFields: fieldNames(ALERT_FIELDS),
  // The people on a deal's team: a related-data field of the deal type, DealTeam unless said
  // (dealTeam below). Unnamed, a deal type without it is read as having no team field at all.
  dealTeamField: identifier.optional(),
  contentBlocks,
  // Which set a service hook's item type is in (its OriginalEvent.ItemType, such as
  // Telerik.Sitefinity.DynamicTypes.Model.Transactions.HistoricalTransaction): for a hook, the
  // site asks that set for the item. Without it, news items go to the articles set and other
  // module types are looked up in both sets (docs/sitefinity.md).
  itemTypes: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]{0,299}$/, "not an item type (Namespace.Type)"),
      identifier,
    )
    .optional(),
});

/** The deal team's field, and whether the settings name it (a default the type lacks is no error). */
export const dealTeam = (settings: Pick<SyncSettings, "dealTeamField">) => ({
  field: settings.dealTeamField ?? "DealTeam",
  isNamed: settings.dealTeamField !== undefined,
});

/** The sync's settings, every default filled in. */
export type SyncSettings = z.output<typeof settingsSchema>;

/** The settings a file may hold, for messages. */
export const SETTING_KEYS = Object.keys(settingsSchema.shape);

/** Where a problem is: `counterpartyField`, `peopleFields.JobTitle`, `contentBlocks["/about"]`. */
const settingPath = (path: readonly PropertyKey[]) =>
  path
    .map((part, i) =>
      String(part).includes("/")
        ? `[${JSON.stringify(String(part))}]`
        : `${i > 0 ? "." : ""}${String(part)}`,
    )
    .join("") || "(file)";

/** Validates a parsed settings document; a problem names its key. */
export function parseSyncSettings(
  input: unknown,
): { ok: true; settings: SyncSettings } | { ok: false; problems: string[] } {
  const result = settingsSchema.safeParse(input);
  if (result.success) return { ok: true, settings: result.data };
  return {
    ok: false,
    problems: result.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) =>
            issue.path.length > 0
              ? `${issue.path.join(".")}.${key}: not a field this site reads`
              : `${key}: not a setting (${SETTING_KEYS.join(", ")})`,
          )
        : [`${settingPath(issue.path)}: ${issue.message}`],
    ),
  };
}

/** Reads and validates a settings file; throws one line per problem, naming the file. */
export function readSyncSettings(path: string): SyncSettings {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? `not valid JSON: ${error.message}`
        : `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
    throw new Error(`sync settings ${path} ${reason}`, { cause: error });
  }
  const result = parseSyncSettings(json);
  if (!result.ok)
    throw new Error(`sync settings ${path} are not valid:\n${result.problems.join("\n")}`);
  return result.settings;
}
