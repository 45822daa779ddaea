import { z } from "zod";
import { guid, lastModified, plainText, requiredText } from "./common.ts";

/**
 * A taxonomy: Type 0 is flat (Tags), 1 is hierarchical (industries). TaxaUrl is the entity set
 * that holds its taxa, as Sitefinity writes it: always derived from Type (a value in the file,
 * such as an older file's `tags`, is not kept).
 */
export const taxonomySchema = z
  .strictObject({
    Id: guid,
    LastModified: lastModified,
    Name: requiredText(100),
    Title: requiredText(200),
    TaxaUrl: plainText(200).optional(),
    TaxonName: plainText(100),
    Type: z.union([z.literal(0), z.literal(1)], { error: "not 0 (flat) or 1 (hierarchical)" }),
  })
  .transform((t) => ({ ...t, TaxaUrl: t.Type === 0 ? "flat-taxa" : "hierarchy-taxa" }));

export type Taxonomy = z.output<typeof taxonomySchema>;
