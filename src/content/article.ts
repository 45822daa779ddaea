import { z } from "zod";
import { guid, isoDateTime, lastModified, requiredText, urlName } from "./common.ts";

/** An article or commentary; Summary and Content are HTML, Tags are flat-taxon ids. */
export const articleSchema = z.strictObject({
  Id: guid,
  LastModified: lastModified,
  Title: requiredText(300),
  UrlName: urlName,
  PublicationDate: isoDateTime,
  Summary: z.string().max(5_000, "longer than 5000 characters"),
  Content: z.string().max(200_000, "longer than 200000 characters"),
  Tags: z.array(guid).max(50, "more than 50 tags"),
});
export type Article = z.output<typeof articleSchema>;
