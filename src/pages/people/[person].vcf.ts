import type { APIRoute } from "astro";
import { lastSegment } from "../../lib/paths.ts";
import { vCard } from "../../lib/profile.ts";
import { personCardPath, personPath } from "../../rules/site-paths.ts";

/**
 * A person's vCard 4.0 (`text/vcard`), to save the contact; a former address redirects to the
 * current one, an unknown person is the site's 404.
 */
export const GET: APIRoute = async ({ locals, url, rewrite, redirect }) => {
  const urlName = lastSegment(url.pathname)?.replace(/\.vcf$/i, "") ?? null;
  const found = urlName === null ? null : await locals.site.person(urlName);
  if (found && "movedTo" in found) return redirect(personCardPath(found.movedTo), 301);
  if (!found) return rewrite("/404");
  const site = await locals.site.site();
  const profile = new URL(personPath(found.person.UrlName), locals.siteUrl).toString();
  return new Response(vCard(found.person, site?.firmName ?? "", profile), {
    headers: {
      "content-type": "text/vcard; charset=utf-8",
      "content-disposition": `attachment; filename="${found.person.UrlName.replace(/[^A-Za-z0-9._-]/g, "-")}.vcf"`,
    },
  });
};
