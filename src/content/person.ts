import { z } from "zod";
import { guid, lastModified, optionalText, plainText, requiredText, urlName } from "./common.ts";

/** A telephone number as people write it: digits, spaces, +, (), dots and hyphens. */
export const phone = requiredText(40).refine(
  (s) => /^\+?[0-9 ().-]{6,}$/.test(s) && /[0-9]{2}/.test(s.replace(/\D/g, "")),
  "not a telephone number",
);

/** An e-mail address, or absent. */
export const email = z.email("not an e-mail address").max(254);

/**
 * Where an image is fetched from: an http(s) URL (Sitefinity's, with its `?sfvrsn=` version), or
 * a path relative to the content file's folder, for files that ship their images beside them.
 */
export const imageAddress = requiredText(2000).refine(
  (s) =>
    /^https?:\/\/[^\s]+$/i.test(s) ||
    (!/^[a-z][a-z0-9+.-]*:/i.test(s) &&
      !s.startsWith("/") &&
      !s.startsWith("\\") &&
      !s.split(/[\\/]/).includes("..")),
  "not an http(s) URL or a relative path inside the content file's folder",
);

/** A related image as Sitefinity's `$expand` gives it: its address and its alternative text. */
export const photoSchema = z.strictObject({
  Id: guid.optional(),
  Url: imageAddress,
  AlternativeText: plainText(500).optional(),
  Width: z.int().positive().optional(),
  Height: z.int().positive().optional(),
});
export type Photo = z.output<typeof photoSchema>;

/**
 * One of the firm's people (a Sitefinity dynamic type's item). Title is the full name; FirstName
 * and LastName, when the type has them, give the vCard and the order its structured name;
 * Biography is HTML; Industries are hierarchy-taxon ids (the groups covered); Ordinal orders the
 * leadership page, then the surname. PreviousUrlNames are the addresses the profile had before,
 * answered with a redirect.
 */
export const personSchema = z.strictObject({
  Id: guid,
  LastModified: lastModified,
  UrlName: urlName,
  Title: requiredText(150),
  FirstName: optionalText(100),
  LastName: optionalText(100),
  JobTitle: optionalText(150),
  Biography: z.string().max(50_000, "longer than 50000 characters"),
  Email: email.optional(),
  Phone: phone.optional(),
  Industries: z.array(guid).max(50, "more than 50 industries"),
  Photo: photoSchema.nullable(),
  Ordinal: z.number({ error: "not a number or null" }).finite().nullable(),
  PreviousUrlNames: z.array(urlName).max(50, "more than 50 addresses").optional(),
});
export type Person = z.output<typeof personSchema>;
