import { z } from "zod";
import { guid, lastModified, plainText, requiredText, urlName } from "./common.ts";

const taxonFields = {
  Id: guid,
  LastModified: lastModified,
  Title: requiredText(200),
  Name: requiredText(200),
  UrlName: urlName,
  Description: plainText(2000),
  Synonyms: plainText(2000),
  Ordinal: z.number({ error: "not a number" }).finite(),
  TaxonomyId: guid,
};

/** A flat taxon, such as a tag (a topic). */
export const flatTaxonSchema = z.strictObject(taxonFields);
export type FlatTaxon = z.output<typeof flatTaxonSchema>;

/**
 * A hierarchical taxon, such as an industry; top level has the all-zero ParentId. Sitefinity's
 * contract has no FullUrl: files written before it was dropped may still carry one, which is ignored.
 */
export const hierarchyTaxonSchema = z
  .strictObject({ ...taxonFields, ParentId: guid, FullUrl: z.string().optional() })
  .transform(({ FullUrl: _ignored, ...taxon }) => taxon);
export type HierarchyTaxon = z.output<typeof hierarchyTaxonSchema>;
