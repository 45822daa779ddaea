import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, topicUrl } from "./fixtures.ts";

// Topics A – Z on /topics against an expectation computed here from the API's own data: the Tags
// flat-taxa, sorted by Name with base sensitivity, filed by the first letter of the Title with
// case and accents folded; anything else under "#".

interface Taxon {
  Id: string;
  Title: string;
  Name: string;
  UrlName: string;
  TaxonomyId: string;
}

const ALPHABET = [..."abcdefghijklmnopqrstuvwxyz"];
const OTHER = "#";

async function apiList<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const body = (await response.json()) as { value: T[]; "@odata.nextLink"?: string };
  expect(body["@odata.nextLink"], `${url} fits one page`).toBeUndefined();
  return body.value;
}

/** The topics per letter (a–z, then "#"), as the API's data says they should list. */
async function expectedTopics(request: APIRequestContext, site: string) {
  const taxonomies = await apiList<{ Id: string; Name: string }>(
    request,
    `${site}/api/default/taxonomies`,
  );
  const tags = taxonomies.find((t) => t.Name === "Tags");
  if (!tags) throw new Error("the API has no Tags taxonomy");
  const topics = (await apiList<Taxon>(request, `${site}/api/default/flat-taxa`))
    .filter((t) => t.TaxonomyId === tags.Id)
    .sort((a, b) => a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }));
  const letterOf = (title: string) => {
    const initial = title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()[0] ?? "";
    return ALPHABET.includes(initial) ? initial : OTHER;
  };
  const groups = new Map([...ALPHABET, OTHER].map((l) => [l, [] as Taxon[]]));
  for (const topic of topics) groups.get(letterOf(topic.Title))!.push(topic);
  return { topics, groups, letters: groups.get(OTHER)!.length ? [...ALPHABET, OTHER] : ALPHABET };
}

const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });
const toolbarOf = (page: Page) => page.getByRole("toolbar", { name: "Topics by letter" });
const buttonName = (letter: string) =>
  letter === OTHER ? "# (digits and symbols)" : letter.toUpperCase();
const letterButton = (page: Page, letter: string) =>
  toolbarOf(page).getByRole("button", { name: buttonName(letter), exact: true });

/** A title that starts with a letter outside A–Z, such as É. */
const startsAccented = (t: Taxon) => /^\p{L}/u.test(t.Title) && !/^[A-Za-z]/.test(t.Title);

const countText = (n: number) => (n === 0 ? "No topics" : n === 1 ? "1 topic" : `${n} topics`);

async function hrefsOf(links: Locator) {
  return links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
}

test("every letter lists its topics' titles, in order, linking to their topic pages", async ({
  page,
  request,
  site,
}) => {
  const { groups, letters } = await expectedTopics(request, site);
  await page.goto(`${site}/topics`);
  const widget = widgetOf(page);
  await expect(toolbarOf(page).getByRole("button")).toHaveText(letters.map((l) => l.toUpperCase()));
  await expect(letterButton(page, "a")).toHaveAttribute("aria-pressed", "true");

  for (const letter of letters) {
    await test.step(`letter ${letter}`, async () => {
      const expected = groups.get(letter)!;
      const button = letterButton(page, letter);
      await expect(button).toHaveAccessibleDescription(countText(expected.length));
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(toolbarOf(page).getByRole("button", { pressed: true })).toHaveCount(1);
      const status = widget.getByRole("status");
      const shown = letter.toUpperCase();
      if (expected.length === 0) {
        await expect(status).toHaveText(`No '${shown}' topics found.`);
        await expect(widget.getByRole("link")).toHaveCount(0);
        return;
      }
      await expect(status).toHaveText(`${countText(expected.length)} under ${shown}`);
      const links = widget.getByRole("list", { name: shown }).getByRole("link");
      await expect(links).toHaveText(expected.map((t) => t.Title));
      expect(await hrefsOf(links)).toEqual(
        expected.map((t) => new URL(topicUrl(encodeURIComponent(t.UrlName)), site).href),
      );
    });
  }
});

test("the demo data has an empty letter, an accented title under E and a digit title", async ({
  request,
  site,
}) => {
  // Guards the test above: without these its empty-letter, É and "#" branches would not run.
  const { groups } = await expectedTopics(request, site);
  expect(ALPHABET.filter((l) => groups.get(l)!.length === 0)).not.toEqual([]);
  expect(groups.get("e")!.filter(startsAccented)).not.toEqual([]);
  expect(groups.get(OTHER)!.filter((t) => /^\d/.test(t.Title))).not.toEqual([]);
});

test("letters without topics look different from the others, not by colour alone, and list no links", async ({
  page,
  request,
  site,
}) => {
  const { groups, letters } = await expectedTopics(request, site);
  const empty = letters.filter((l) => groups.get(l)!.length === 0);
  expect(empty.length, "the demo data has an empty letter").toBeGreaterThan(0);
  await page.goto(`${site}/topics`);
  await expect(letterButton(page, "a")).toHaveAttribute("aria-pressed", "true");

  // How each letter is drawn: the marks a sighted visitor can tell apart without colour (a letter
  // with topics is underlined like a link and set heavier; one without is neither, and never
  // struck out, which would read as broken), and colour.
  const looks = await toolbarOf(page)
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.map((b) => {
        const style = getComputedStyle(b);
        return {
          letter: b.textContent!.toLowerCase(),
          pressed: b.getAttribute("aria-pressed") === "true",
          marks: `${style.textDecorationLine} ${style.fontWeight}`,
          color: style.color,
        };
      }),
    );
  expect(looks.map((l) => l.letter)).toEqual(letters);
  const emptyLooks = looks.filter((l) => empty.includes(l.letter));
  const fullLooks = looks.filter((l) => !empty.includes(l.letter) && !l.pressed);
  expect(new Set(emptyLooks.map((l) => l.marks))).toEqual(new Set(["none 400"]));
  expect(new Set(fullLooks.map((l) => l.marks))).toEqual(new Set(["underline 600"]));
  const fullColors = new Set(fullLooks.map((l) => l.color));
  for (const { color } of emptyLooks) expect(fullColors.has(color)).toBe(false);

  // A screen reader hears the same, and choosing one says so instead of showing a dead end.
  const letter = empty[0]!;
  await expect(letterButton(page, letter)).toHaveAccessibleDescription("No topics");
  await letterButton(page, letter).click();
  const widget = widgetOf(page);
  await expect(widget.getByRole("status")).toHaveText(`No '${letter.toUpperCase()}' topics found.`);
  await expect(widget.getByRole("link")).toHaveCount(0);
  await expect(letterButton(page, letter)).toHaveCSS("text-decoration-line", "none");
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("/topics lists every topic by name, linking to its topic page", async ({
    page,
    request,
    site,
  }) => {
    const { topics } = await expectedTopics(request, site);
    await page.goto(`${site}/topics`);
    const links = page
      .getByRole("list")
      .filter({ has: page.getByRole("link", { name: topics[0]!.Title, exact: true }) })
      .first()
      .getByRole("link");
    await expect(links).toHaveText(topics.map((t) => t.Title));
    expect(await hrefsOf(links)).toEqual(
      topics.map((t) => new URL(topicUrl(encodeURIComponent(t.UrlName)), site).href),
    );
  });
});

test("the '#' letter is written to the address and survives a reload", async ({
  page,
  request,
  site,
}) => {
  const { groups } = await expectedTopics(request, site);
  const digits = groups.get(OTHER)!;
  expect(digits.length).toBeGreaterThan(0);
  await page.goto(`${site}/topics`);
  await letterButton(page, OTHER).click();
  await expect(page).toHaveURL(`${site}/topics#%23`);
  await page.reload();
  await expect(letterButton(page, OTHER)).toHaveAttribute("aria-pressed", "true");
  await expect(widgetOf(page).getByRole("list", { name: "#" }).getByRole("link")).toHaveText(
    digits.map((t) => t.Title),
  );
});

test.describe("a topic's link lands on its topic page", () => {
  /** Articles with this tag per the API: its `@odata.count` and the rows it sends. */
  async function taggedCount(request: APIRequestContext, site: string, id: string) {
    const filter = encodeURIComponent(`Tags/any(t: t eq ${id})`);
    const response = await request.get(
      `${site}/api/default/articles?$filter=${filter}&$count=true`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { value: unknown[]; "@odata.count": number };
    expect(body.value).toHaveLength(body["@odata.count"]);
    return body["@odata.count"];
  }

  /** How many article cards a topic page lists, over all of its pages. */
  async function listedArticles(page: Page): Promise<number> {
    let total = 0;
    for (let n = 2; ; n++) {
      const cards = page
        .getByRole("list")
        .filter({ has: page.getByRole("heading", { level: 2 }) })
        .getByRole("listitem");
      total += await cards.count();
      const next = page
        .getByRole("navigation", { name: "Article pages" })
        .getByRole("link", { name: "Next page" });
      if ((await next.count()) === 0) return total;
      await next.click();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${n}$`));
      // The address changes when the next page starts to arrive; count its cards once it is whole.
      await page.waitForLoadState("load");
    }
  }

  test("for the first and last, accented, digit and symbol topics, and the one with most articles", async ({
    page,
    request,
    site,
  }) => {
    const { topics, groups } = await expectedTopics(request, site);
    const counts = new Map(
      await Promise.all(
        topics.map(async (t) => [t.Id, await taggedCount(request, site, t.Id)] as const),
      ),
    );
    const most = Math.max(...counts.values());
    const sample = topics.filter(
      (t, i) =>
        i === 0 ||
        i === topics.length - 1 ||
        /[^A-Za-z -]/.test(t.Title) ||
        counts.get(t.Id) === most,
    );
    expect(sample.some(startsAccented)).toBe(true);
    expect(sample.some((t) => /^\d/.test(t.Title))).toBe(true);
    const letterOf = (t: Taxon) => [...groups].find(([, ts]) => ts.includes(t))![0];

    for (const topic of sample) {
      await test.step(topic.Title, async () => {
        const articles = counts.get(topic.Id)!;
        await page.goto(`${site}/topics#${encodeURIComponent(letterOf(topic))}`);
        const link = widgetOf(page).getByRole("link", { name: topic.Title, exact: true });
        const href = new URL(topicUrl(encodeURIComponent(topic.UrlName)), site).href;
        const landed = page.waitForResponse(
          (r) => r.url() === href && r.request().isNavigationRequest(),
        );
        await link.click();
        expect((await landed).status()).toBe(200);
        await expect(page).toHaveURL(href);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(topic.Title);
        await expect(page.getByRole("status").filter({ hasText: /articles?\b/ })).toHaveText(
          new RegExp(`^${articles} articles?\\b`),
        );
        expect(await listedArticles(page)).toBe(articles);
      });
    }
  });
});
