import { z } from "zod";
import { guid, isoDateTime, lastModified, optionalText, requiredText } from "./common.ts";
import { href } from "./site.ts";

/**
 * An alert (a Sitefinity dynamic type's item): Title is the message, LinkTitle and LinkUrl an
 * optional link. The newest by PublicationDate is the one the banner shows.
 */
export const alertSchema = z.strictObject({
  Id: guid,
  LastModified: lastModified,
  PublicationDate: isoDateTime,
  Title: requiredText(500),
  LinkTitle: optionalText(100),
  LinkUrl: href.optional(),
});
export type Alert = z.output<typeof alertSchema>;
