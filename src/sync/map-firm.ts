import { absoluteUrls } from "./absolute-urls.ts";
import type { Item, Mapped } from "./map-items.ts";
import { ALERT_FIELDS, OFFICE_FIELDS, PERSON_FIELDS } from "./settings.ts";

// The firm's people, offices and alerts (Sitefinity dynamic types) in the content file's shape.
// As with deals, nothing is checked here: the snapshot goes through the content file's own
// validation, which names each problem. An empty field (null, or only spaces) is no value.

/** A type's field names: this site's name -> the firm's. */
export type FieldMap<K extends string> = Readonly<Record<K, string>>;

/** The defaults with the settings' renames over them. */
export function fieldMap<const K extends readonly string[]>(
  defaults: K,
  renamed: Partial<Record<K[number], string>> | undefined,
): FieldMap<K[number]> {
  return Object.fromEntries(
    defaults.map((name) => [name, renamed?.[name as K[number]] ?? name]),
  ) as FieldMap<K[number]>;
}

export const personFields = (renamed?: Partial<Record<(typeof PERSON_FIELDS)[number], string>>) =>
  fieldMap(PERSON_FIELDS, renamed);
export const officeFields = (renamed?: Partial<Record<(typeof OFFICE_FIELDS)[number], string>>) =>
  fieldMap(OFFICE_FIELDS, renamed);
export const alertFields = (renamed?: Partial<Record<(typeof ALERT_FIELDS)[number], string>>) =>
  fieldMap(ALERT_FIELDS, renamed);

/** An optional value: null, undefined and blank text are none; text is trimmed. */
const optional = (value: unknown): unknown => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return value;
  return value.trim() === "" ? undefined : value.trim();
};
const required = (value: unknown) => (value === null || value === undefined ? "" : value);
const orNull = (value: unknown) => (value === null || value === undefined ? null : value);

/** The item with only the fields that have a value. */
const present = (item: Record<string, unknown>): Mapped =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));

/** A related image as the content file keeps it: the first one of the field, or none. */
export function toPhoto(value: unknown, origin: string): Mapped | null {
  const image = Array.isArray(value) ? value[0] : value;
  if (image === null || typeof image !== "object") return null;
  const { Id, Url, AlternativeText, Width, Height } = image as Record<string, unknown>;
  if (typeof Url !== "string" || Url.trim() === "") return null;
  return present({
    Id: optional(Id),
    Url: new URL(Url, origin).href,
    AlternativeText: optional(AlternativeText) ?? "",
    Width: typeof Width === "number" && Width > 0 ? Width : undefined,
    Height: typeof Height === "number" && Height > 0 ? Height : undefined,
  });
}

/** A person of the People type; `previous` is the person as this site holds them, if it does. */
export function toPerson(
  item: Item,
  fields: FieldMap<(typeof PERSON_FIELDS)[number]>,
  origin: string,
  previous?: { UrlName: string; PreviousUrlNames?: readonly string[] },
): Mapped {
  const urlName = required(item.UrlName);
  // A profile whose address changed keeps the old one, answered with a redirect.
  const former = [
    ...(previous?.PreviousUrlNames ?? []),
    ...(previous && previous.UrlName !== urlName ? [previous.UrlName] : []),
  ].filter((name, at, all) => name !== urlName && all.indexOf(name) === at);
  const biography = item[fields.Biography];
  return present({
    Id: item.Id,
    LastModified: item.LastModified,
    UrlName: urlName,
    Title: required(item[fields.Title]),
    FirstName: optional(item[fields.FirstName]),
    LastName: optional(item[fields.LastName]),
    JobTitle: optional(item[fields.JobTitle]),
    Biography:
      typeof biography === "string" ? absoluteUrls(biography, origin) : required(biography),
    Email: optional(item[fields.Email]),
    Phone: optional(item[fields.Phone]),
    Industries: orNull(item[fields.Industries]) ?? [],
    Photo: toPhoto(item[fields.Photo], origin),
    Ordinal: orNull(item[fields.Ordinal]),
    PreviousUrlNames: former.length > 0 ? former : undefined,
  });
}

/** An office of the Offices type. */
export function toOffice(item: Item, fields: FieldMap<(typeof OFFICE_FIELDS)[number]>): Mapped {
  return present({
    Id: item.Id,
    LastModified: item.LastModified,
    Title: required(item[fields.Title]),
    Address: required(item[fields.Address]),
    Phone: optional(item[fields.Phone]),
    Email: optional(item[fields.Email]),
    Ordinal: orNull(item[fields.Ordinal]),
  });
}

/** An alert of the Alerts type. */
export function toAlert(item: Item, fields: FieldMap<(typeof ALERT_FIELDS)[number]>): Mapped {
  return present({
    Id: item.Id,
    LastModified: item.LastModified,
    PublicationDate: required(item.PublicationDate ?? item.LastModified),
    Title: required(item[fields.Title]),
    LinkTitle: optional(item[fields.LinkTitle]),
    LinkUrl: optional(item[fields.LinkUrl]),
  });
}
