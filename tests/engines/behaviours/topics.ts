import { topicPath } from "../../../src/rules/site-paths.ts";
import { apiList } from "../api-list.ts";
import { button, type EnginePage, waitFor } from "../engine-page.ts";
import { BOTH, type Behaviour } from "../behaviour.ts";

// Topics A – Z (SPEC §2.8): starts on 'a', a letter lists the topics whose title starts with it,
// each linking to its topic page, and an empty letter says so. The expectation is computed here
// from the API's own data (Tags by Name, filed by the folded first letter).

interface Taxon {
  Title: string;
  Name: string;
  UrlName: string;
  TaxonomyId: string;
}

const TOOLBAR = '[role="toolbar"][aria-label="Topics by letter"]';

/** The topics filed under each letter a–z, in order. */
async function topicsByLetter(site: string) {
  const taxonomies = await apiList<{ Id: string; Name: string }>(`${site}/api/default/taxonomies`);
  const tags = taxonomies.find((t) => t.Name.toLowerCase() === "tags")!;
  const topics = (await apiList<Taxon>(`${site}/api/default/flat-taxa`))
    .filter((t) => t.TaxonomyId === tags.Id)
    .sort((a, b) => a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }));
  const letterOf = (title: string) =>
    title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()[0] ?? "";
  return (letter: string) => topics.filter((t) => letterOf(t.Title) === letter);
}

/** Waits until the widget lists exactly `topics` (titles and links) under the pressed `letter`. */
function listed(page: EnginePage, site: string, letter: string, topics: Taxon[]) {
  const expected = topics.map((t) => [t.Title, new URL(topicPath(t.UrlName), site).href]);
  const status = `No '${letter.toUpperCase()}' topics found.`;
  return waitFor(
    page,
    `letter ${letter} lists ${topics.length} topics`,
    (toolbar: string, shown: string, want: string, empty: string) => {
      const pressed = [...document.querySelectorAll(`${toolbar} [aria-pressed="true"]`)].map((b) =>
        b.textContent?.trim().toLowerCase(),
      );
      const links = [...document.querySelectorAll<HTMLAnchorElement>(".ts-topics a")].map((a) => [
        a.textContent?.trim(),
        a.href,
      ]);
      const says = document.querySelector(".ts [role=status]")?.textContent?.trim();
      const ok =
        JSON.stringify(pressed) === JSON.stringify([shown]) &&
        JSON.stringify(links) === want &&
        (want !== "[]" || says === empty);
      return ok || `pressed ${pressed}; ${links.length} links; status "${says}"`;
    },
    TOOLBAR,
    letter,
    JSON.stringify(expected),
    status,
  );
}

export const topics: Behaviour[] = [
  {
    name: "Topics A – Z starts on A, lists a letter's topics with their links, and says when none",
    widths: BOTH,
    async run(page, site) {
      const under = await topicsByLetter(site.url);
      const letters = [..."abcdefghijklmnopqrstuvwxyz"];
      const full = letters.find((l) => l !== "a" && under(l).length > 1)!;
      const empty = letters.find((l) => under(l).length === 0);
      if (!empty) throw new Error("the demo content has no empty letter to try");
      await page.open(`${site.url}/topics`);
      await listed(page, site.url, "a", under("a"));
      await page.press(button(full.toUpperCase(), TOOLBAR));
      await listed(page, site.url, full, under(full));
      await page.press(button(empty.toUpperCase(), TOOLBAR));
      await listed(page, site.url, empty, []);
    },
  },
];
