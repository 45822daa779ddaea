import { z } from "zod";
import { guid, lastModified, requiredText } from "./common.ts";
import { email, phone } from "./person.ts";

/**
 * One of the firm's offices (a Sitefinity dynamic type's item): Title is the city, Address its
 * lines separated by line breaks; the first by Ordinal is the headquarters.
 */
export const officeSchema = z.strictObject({
  Id: guid,
  LastModified: lastModified,
  Title: requiredText(100),
  Address: z
    .string({ error: "not text" })
    .max(1000, "longer than 1000 characters")
    .refine((s) => addressLines(s).length > 0, "no address")
    .refine((s) => addressLines(s).length <= 6, "more than 6 lines"),
  Phone: phone.optional(),
  Email: email.optional(),
  Ordinal: z.number({ error: "not a number or null" }).finite().nullable(),
});
export type Office = z.output<typeof officeSchema>;

/** An address's lines: split at line breaks (or `<br>`, as a rich text field writes them), trimmed. */
export function addressLines(address: string): string[] {
  return address
    .split(/\r\n|\r|\n|<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
