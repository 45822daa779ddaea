import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PEOPLE } from "../../src/db/demo/people.ts";
import { monogram } from "../../src/rules/people.ts";
import { LEADERSHIP_PATH, personPath } from "../../src/rules/site-paths.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { until } from "../helpers/poll.ts";

// The people's photographs as the built site shows them. The demo (`npm start` on a fresh clone)
// shows every banker's portrait, read from beside the demo, as a <picture> of AVIF and WebP with a
// JPEG fallback, its size and its alternative text; `content:import` holds a file's portraits as
// the demo does. A person without a photo, or whose photo the site does not hold (withdrawn,
// refused), shows the monogram and no <img> at all.

let dir: string;
const servers: ServerProcess[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "site-people-photos-"));
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const documentAt = async (site: ServerProcess, path: string) => {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  return new JSDOM(await response.text()).window.document;
};

/** The leadership page's card of a person, found by the heading that names them. */
const cardOf = (doc: Document, name: string) =>
  [...doc.querySelectorAll("li.person")].find(
    (li) => li.querySelector(".person__name")?.textContent?.trim() === name,
  );

/** What a card's photograph frame shows: a picture's parts, or the monogram. */
function frame(root: Element) {
  const img = root.querySelector("img");
  return {
    sources: [...root.querySelectorAll("picture > source")].map((s) => s.getAttribute("type")),
    img: img && {
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      src: img.getAttribute("src"),
      srcset: img.getAttribute("srcset"),
    },
    monogram: root.querySelector(".person-photo__monogram")?.textContent?.trim() ?? null,
  };
}

describe("people's photographs", { timeout: 180_000 }, () => {
  it("the demo shows every person's portrait: AVIF and WebP, a sized JPEG fallback, its alt text", async () => {
    const site = await startServer({
      DATABASE_URL: `file:${join(dir, "demo.db")}`,
      SEED_DEMO: "true",
      CONTENT_POLL_MS: "100",
    });
    servers.push(site);
    // The renditions are made in the background after the first start; until then, the originals.
    const doc = await until(
      "the demo's renditions are made",
      async () => {
        const d = await documentAt(site, LEADERSHIP_PATH);
        return d.querySelectorAll("li.person picture").length === DEMO_PEOPLE.length && d;
      },
      150_000,
    );
    for (const [at, person] of DEMO_PEOPLE.entries()) {
      const shown = frame(cardOf(doc, person.Title)!);
      expect(shown).toMatchObject({
        sources: ["image/avif", "image/webp"],
        img: {
          width: "800",
          height: "1000",
          alt: `Portrait of ${person.Title}`,
          // The first row loads at once; the rest as they are scrolled near.
          loading: at < 4 ? "eager" : "lazy",
        },
        monogram: null,
      });
      expect(shown.img!.srcset).toMatch(/\.jpg 320w, .*\.jpg 800w$/);
    }
    const first = frame(cardOf(doc, DEMO_PEOPLE[0]!.Title)!).img!;
    const fallback = await fetch(`${site.url}${first.src}`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get("content-type")).toBe("image/jpeg");

    // A profile's portrait is its first screen's image: asked for at once, and first.
    const person = DEMO_PEOPLE[2]!;
    const profile = await documentAt(site, personPath(person.UrlName));
    expect(frame(profile.querySelector(".profile__aside")!)).toMatchObject({
      sources: ["image/avif", "image/webp"],
      img: { alt: `Portrait of ${person.Title}`, loading: "eager", fetchpriority: "high" },
      monogram: null,
    });
  });

  it("content:import holds a file's portraits; no photo, or one not held, shows the monogram and no <img>", async () => {
    const folder = join(dir, "import");
    const file = join(folder, "content.json");
    mkdirSync(folder);
    const generated = await runScriptAsync("content-generate.ts", [
      "--transactions=30",
      "--articles=3",
      `--out=${file}`,
    ]);
    expect(generated.status, generated.stderr).toBe(0);
    const content = JSON.parse(readFileSync(file, "utf8")) as {
      people: { Title: string; UrlName: string; Photo: { Url: string } | null }[];
    };
    const [withdrawn, without] = [content.people[1]!, content.people[2]!];
    // One names an image that is not there (withdrawn from the library), one has none.
    withdrawn.Photo!.Url = "portraits/withdrawn.jpg";
    without.Photo = null;
    writeFileSync(file, JSON.stringify(content));
    const DATABASE_URL = `file:${join(dir, "imported.db")}`;
    const imported = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stderr).toContain("image portraits/withdrawn.jpg was not held");
    expect(imported.stdout).toContain(`${content.people.length - 2} image(s)`);

    const site = await startServer({ DATABASE_URL, CONTENT_POLL_MS: "100" });
    servers.push(site);
    const doc = await documentAt(site, LEADERSHIP_PATH);
    for (const person of content.people) {
      const shown = frame(cardOf(doc, person.Title)!);
      if (person === withdrawn || person === without)
        expect(shown).toEqual({ sources: [], img: null, monogram: monogram(person.Title) });
      else expect(shown).toMatchObject({ sources: ["image/avif", "image/webp"], monogram: null });
    }
    const profile = await documentAt(site, personPath(withdrawn.UrlName));
    expect(frame(profile.querySelector(".profile__aside")!)).toEqual({
      sources: [],
      img: null,
      monogram: monogram(withdrawn.Title),
    });
  });
});
