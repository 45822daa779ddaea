import { z } from "zod";
import {
  guid,
  isoDateTime,
  lastModified,
  optionalText,
  plainText,
  requiredText,
  urlName,
} from "./common.ts";

/**
 * A past deal. Size is in $MM and null when undisclosed; Description is a key into the
 * descriptions table; UrlName names its page, and an import fills it in when absent.
 * Counterparty (the buyer, investor, target or merger partner) and Service (the firm's role, one of
 * its services, such as "Sell-Side Advisory") are optional: files written before them, and firms
 * that do not record them, leave them out. DealTeam (people's Ids) is optional too.
 */
export const transactionSchema = z.strictObject({
  Id: guid,
  LastModified: lastModified,
  Date: isoDateTime,
  Company: requiredText(300),
  UrlName: urlName.optional(),
  Size: z.number({ error: "not a number or null" }).finite().nonnegative("negative").nullable(),
  Description: plainText(300),
  Counterparty: optionalText(300),
  Service: optionalText(100),
  industries: z.array(guid).max(50, "more than 50 industries"),
  /** The deal's team: people's Ids, in the order the deal page lists them. */
  DealTeam: z.array(guid).max(20, "more than 20 people").optional(),
});
export type Transaction = z.output<typeof transactionSchema>;

/** Description key -> HTML. */
export const descriptionsSchema = z.record(
  requiredText(300),
  z.string().max(20_000, "longer than 20000 characters"),
);
export type Descriptions = z.output<typeof descriptionsSchema>;
