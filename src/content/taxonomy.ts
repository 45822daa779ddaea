import { z } from "zod";
import { guid, requiredText, plainText } from "./common.ts";

/** A taxonomy: Type 0 is flat (Tags), 1 is hierarchical (industries). */
export const taxonomySchema = z.strictObject({
  Id: guid,
  Name: requiredText(100),
  Title: requiredText(200),
  TaxaUrl: plainText(200),
  TaxonName: plainText(100),
  Type: z.union([z.literal(0), z.literal(1)], { error: "not 0 (flat) or 1 (hierarchical)" }),
});

export type Taxonomy = z.output<typeof taxonomySchema>;
